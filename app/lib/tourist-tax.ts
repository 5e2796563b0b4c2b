// The tourist tax as the law and the collector set it (FRENCH-RULES §1): the amount per
// person and per night from the town's base rate and the surcharges (one rounding), and
// the declaration periods (month, quarter, half-year) with their keys, French names and
// due dates. Safe in the browser: the Configuration card shows the rate as it is typed.
import { addDays, type IsoDate } from './nights';

export interface TouristTaxRate {
  /** The town's base rate per person per night, in cents. */
  baseCents: number;
  /** The regional surcharge, % of the base (34 in Alpes-Maritimes, CGCT L4332-4). */
  regionalPercent: number;
  /** The departmental surcharge, % of the base (CGCT L3333-1), 0 where none. */
  departmentalPercent: number;
}

/** The regional surcharge where the house stands (Alpes-Maritimes, 34 %): the figure until the owner sets another. */
export const DEFAULT_REGIONAL_SURCHARGE_PERCENT = 34;

/**
 * What a person pays per night: base × (1 + surcharges), rounded to the cent once (half a
 * cent up), as collectors publish it (base 0,83 € with 34 %: 1,1122 → 1,11 €). Both
 * surcharges are shares of the base, never of each other.
 */
export function touristTaxPerNightCents(rate: TouristTaxRate): number {
  const hundredths = rate.baseCents * (100 + rate.regionalPercent + rate.departmentalPercent);
  return Math.floor((hundredths + 50) / 100);
}

/** Who collects a stay's tax: the house, or the platform the guest booked on (Airbnb, Booking.com…). */
export const TAX_COLLECTORS = ['house', 'platform'] as const;
export type TaxCollector = (typeof TAX_COLLECTORS)[number];
export const TAX_COLLECTOR_LABELS: Record<TaxCollector, string> = { house: 'la maison', platform: 'la plateforme' };

export const DECLARATION_FREQUENCIES = ['monthly', 'quarterly', 'half-yearly'] as const;
export type DeclarationFrequency = (typeof DECLARATION_FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<DeclarationFrequency, string> = { monthly: 'Mensuelle', quarterly: 'Trimestrielle', 'half-yearly': 'Semestrielle' };

/** A declaration period: the nights [start, end) it covers. */
export interface TaxPeriod {
  /** '2026-03' (a month), '2026-T1' (a quarter), '2026-S2' (a half-year). */
  key: string;
  frequency: DeclarationFrequency;
  start: IsoDate;
  /** The day after its last night. */
  end: IsoDate;
  /** '1er trimestre 2026', 'mars 2026', '2e semestre 2026'. */
  label: string;
}

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const MONTHS_PER_PERIOD: Record<DeclarationFrequency, number> = { monthly: 1, quarterly: 3, 'half-yearly': 6 };
const FIRST_YEAR = 2000;
const LAST_YEAR = 2099;

const monthDate = (year: number, month: number): IsoDate => `${year}-${String(month).padStart(2, '0')}-01`;
const ordinal = (n: number) => (n === 1 ? '1er' : `${n}e`);

/** The period of `frequency` numbered `index` (1-based) in `year`. */
function periodOf(year: number, frequency: DeclarationFrequency, index: number): TaxPeriod {
  const months = MONTHS_PER_PERIOD[frequency];
  const firstMonth = (index - 1) * months + 1;
  const endMonth = firstMonth + months;
  const end = endMonth > 12 ? monthDate(year + 1, endMonth - 12) : monthDate(year, endMonth);
  const [key, label] =
    frequency === 'monthly'
      ? [`${year}-${String(index).padStart(2, '0')}`, `${MONTHS[index - 1]} ${year}`]
      : frequency === 'quarterly'
        ? [`${year}-T${index}`, `${ordinal(index)} trimestre ${year}`]
        : [`${year}-S${index}`, `${ordinal(index)} semestre ${year}`];
  return { key, frequency, start: monthDate(year, firstMonth), end, label };
}

const PERIOD_KEY = /^(\d{4})-(?:(0[1-9]|1[0-2])|T([1-4])|S([12]))$/;

/** A period from its key ('2026-T1', '2026-S2', '2026-03'), or null for anything else (at most 7 characters are read). */
export function parseTaxPeriod(key: string): TaxPeriod | null {
  if (key.length > 7) return null;
  const match = PERIOD_KEY.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  if (match[2]) return periodOf(year, 'monthly', Number(match[2]));
  if (match[3]) return periodOf(year, 'quarterly', Number(match[3]));
  return periodOf(year, 'half-yearly', Number(match[4]));
}

/** The period of `frequency` that holds the night `date`. */
export function taxPeriodOf(date: IsoDate, frequency: DeclarationFrequency): TaxPeriod {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return periodOf(year, frequency, Math.floor((month - 1) / MONTHS_PER_PERIOD[frequency]) + 1);
}

/** The period right after (or, with -1, right before) `period`, of the same frequency. */
export const shiftTaxPeriod = (period: TaxPeriod, step: 1 | -1): TaxPeriod =>
  taxPeriodOf(step === 1 ? period.end : addDays(period.start, -1), period.frequency);

/** « du 1er trimestre 2026 », « de mars 2026 », « d'avril 2026 »: the period after a noun (« la déclaration du… »). */
export const ofTaxPeriod = (period: TaxPeriod) =>
  period.frequency !== 'monthly' ? `du ${period.label}` : /^[aeiouéè]/.test(period.label) ? `d'${period.label}` : `de ${period.label}`;

/** When the collector wants the period declared and paid: day `dueDay` of the month after it ends. */
export const taxPeriodDueDate = (period: TaxPeriod, dueDay: number): IsoDate => `${period.end.slice(0, 8)}${String(dueDay).padStart(2, '0')}`;

/** Whether two periods share a night. */
export const periodsOverlap = (a: { start: IsoDate; end: IsoDate }, b: { start: IsoDate; end: IsoDate }) => a.start < b.end && b.start < a.end;
