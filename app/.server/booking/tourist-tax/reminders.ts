// When the tourist tax is to be declared (issue 44): the period the register opens on, the
// period a URL names, and what Aujourd'hui says — a declaration due within 10 days (or
// overdue), and the periods of the past year whose tax the house collected and never
// declared.
import { addDays, daysBetween, formatNightFr, type IsoDate } from '~/lib/nights';
import { TAX_PERIOD_INVALID } from '~/lib/schemas/tourist-tax';
import { ofTaxPeriod, parseTaxPeriod, periodsOverlap, shiftTaxPeriod, taxPeriodDueDate, taxPeriodOf, type TaxPeriod } from '~/lib/tourist-tax';
import { loadTouristTaxSettings } from '../../content/site-settings';
import { guesthouseToday } from '../../guesthouse-time';
import { listDeclaredSpans } from './declarations';
import { listRegisterRows, nightsWithin } from './register';

/** How many days ahead Aujourd'hui announces a declaration. */
export const DECLARATION_NOTICE_DAYS = 10;

/** The period the register opens on: the last one ended while it is not declared (its declaration is due), else the one under way. */
export async function defaultTaxPeriod(today: IsoDate = guesthouseToday()): Promise<TaxPeriod> {
  const { frequency } = await loadTouristTaxSettings();
  const current = taxPeriodOf(today, frequency);
  const last = shiftTaxPeriod(current, -1);
  const declared = await listDeclaredSpans();
  return declared.some((d) => periodsOverlap(d, last)) ? current : last;
}

/** The register's period from the URL (`?period=2026-T1`): the default one when absent, with a French message when it is not a period. */
export async function readTaxPeriod(url: URL): Promise<{ period: TaxPeriod; error: string | null }> {
  const typed = url.searchParams.get('period');
  // Bounded before it is read: a key is 7 characters.
  const period = typed === null ? null : parseTaxPeriod(typed.slice(0, 8));
  if (period) return { period, error: null };
  return { period: await defaultTaxPeriod(), error: typed === null ? null : TAX_PERIOD_INVALID };
}

export interface TaxReminder {
  key: string;
  text: string;
  /** The register of the period. */
  to: string;
}

const inDays = (days: number) => (days === 0 ? "aujourd'hui" : days === 1 ? 'demain' : `dans ${days} jours`);

/**
 * What Aujourd'hui says of the tourist tax: the last period ended, undeclared, when its
 * declaration is due within 10 days or overdue (even with no stay: collectors ask for a
 * nil declaration), once the house has a rate; and each earlier period of the past year
 * with tax collected by the house and not declared.
 */
export async function listTaxReminders(today: IsoDate = guesthouseToday()): Promise<TaxReminder[]> {
  const settings = await loadTouristTaxSettings();
  const declared = await listDeclaredSpans();
  const current = taxPeriodOf(today, settings.frequency);
  const yearAgo = addDays(current.start, -365);
  const periods: TaxPeriod[] = [];
  for (let period = shiftTaxPeriod(current, -1); period.start >= yearAgo; period = shiftTaxPeriod(period, -1)) periods.push(period);
  const open = periods.filter((p) => !declared.some((d) => periodsOverlap(d, p)));
  if (open.length === 0) return [];
  const rows = (await listRegisterRows({ start: open.at(-1)!.start, end: current.start }, settings.perNightCents)).filter(
    (r) => r.kind === 'stay' && r.collector === 'house',
  );
  // Each row's nights across the span: its amount within one period is adults × its nights there × its rate.
  const houseAmount = (period: TaxPeriod) =>
    rows.reduce((sum, r) => sum + (r.adults ?? 0) * Math.max(0, nightsWithin(period, r.arrival, r.departure)) * (r.rateCents ?? 0), 0);
  const link = (period: TaxPeriod) => `/admin/tourist-tax?period=${period.key}`;
  const reminders: TaxReminder[] = [];
  for (const period of open) {
    const due = taxPeriodDueDate(period, settings.dueDay);
    const days = daysBetween(today, due);
    const owed = houseAmount(period) > 0;
    if (period === periods[0]) {
      if (!owed && settings.perNightCents === 0) continue;
      if (days < 0)
        reminders.push({
          key: period.key,
          text: `Taxe de séjour : la déclaration ${ofTaxPeriod(period)} était due le ${formatNightFr(due)}`,
          to: link(period),
        });
      else if (days <= DECLARATION_NOTICE_DAYS)
        reminders.push({
          key: period.key,
          text: `Taxe de séjour : déclaration ${ofTaxPeriod(period)} à faire au plus tard le ${formatNightFr(due)} (${inDays(days)})`,
          to: link(period),
        });
    } else if (owed) {
      reminders.push({ key: period.key, text: `Taxe de séjour non déclarée : ${period.label} (due le ${formatNightFr(due)})`, to: link(period) });
    }
  }
  return reminders;
}
