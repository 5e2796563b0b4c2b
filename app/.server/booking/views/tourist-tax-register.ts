// What the 'Taxe de séjour' screen reads (issue 44): the register of the chosen period with
// its totals, written the French way, whether it is declared (and by whom, when, for how
// much), the periods to choose from, and the collector's settings the printed page names.
import { decimalEuros, formatMoney } from '~/lib/money';
import { formatNightFr, addDays, type IsoDate } from '~/lib/nights';
import { FREQUENCY_LABELS, ofTaxPeriod, shiftTaxPeriod, taxPeriodDueDate, taxPeriodOf, type DeclarationFrequency, type TaxPeriod } from '~/lib/tourist-tax';
import { getSiteConfigRow, loadTouristTaxSettings } from '../../content/site-settings';
import { guesthouseToday } from '../../guesthouse-time';
import { listDeclaredPeriods, loadTaxRegister } from '../tourist-tax/declarations';
import type { RegisterRow, RegisterSums } from '../tourist-tax/register';
import { registerRowNote } from '../tourist-tax/register-csv';

/** How many periods back the picker offers (two years), besides the one under way and the next. */
const PICKER_MONTHS = 24;

const signedMoney = (cents: number | null) => (cents === null ? '—' : formatMoney(cents));
const figure = (n: number | null) => (n === null ? '—' : String(n));

function rowView(row: RegisterRow) {
  return {
    id: row.id,
    kind: row.kind,
    bookingId: row.bookingId,
    arrival: formatNightFr(row.arrival),
    departure: formatNightFr(row.departure),
    room: row.room,
    nights: figure(row.nights),
    adults: figure(row.adults),
    exempt: row.exempt === null ? '—' : row.exempt > 0 ? `${row.exempt} (${row.exemptReason})` : '0',
    taxableNights: figure(row.taxableNights),
    exemptNights: figure(row.exemptNights),
    rate: row.rateCents === null ? '—' : formatMoney(row.rateCents),
    amount: signedMoney(row.amountCents),
    collector: row.collector,
    collectorLabel: row.collectorLabel,
    note: registerRowNote(row),
  };
}
export type RegisterRowView = ReturnType<typeof rowView>;

const sumsView = (sums: RegisterSums) => ({
  stays: sums.stays,
  nights: sums.nights,
  taxableNights: sums.taxableNights,
  exemptNights: sums.exemptNights,
  amount: formatMoney(sums.amountCents),
  amountCents: sums.amountCents,
});

/** The periods the picker offers: two years back to the one after today's, latest first, and the one shown if it is not among them. */
function periodChoices(today: IsoDate, frequency: DeclarationFrequency, shown: TaxPeriod) {
  const choices: TaxPeriod[] = [];
  const oldest = addDays(today, -PICKER_MONTHS * 31);
  for (let period = shiftTaxPeriod(taxPeriodOf(today, frequency), 1); period.end > oldest; period = shiftTaxPeriod(period, -1)) choices.push(period);
  if (!choices.some((p) => p.key === shown.key)) choices.push(shown);
  return choices.map((p) => ({ key: p.key, label: p.label }));
}

export async function loadTaxRegisterPage(period: TaxPeriod) {
  const today = guesthouseToday();
  const settings = await loadTouristTaxSettings();
  const register = await loadTaxRegister(period);
  const declarations = await listDeclaredPeriods();
  const due = taxPeriodDueDate(period, settings.dueDay);
  const over = today >= period.end;
  const house = await getSiteConfigRow();
  return {
    today,
    period: {
      key: period.key,
      label: period.label,
      of: ofTaxPeriod(period),
      firstNight: formatNightFr(period.start),
      lastNight: formatNightFr(addDays(period.end, -1)),
      due: formatNightFr(due),
      over,
      overdue: today > due,
      declarableFrom: formatNightFr(period.end),
      previous: shiftTaxPeriod(period, -1).key,
      next: shiftTaxPeriod(period, 1).key,
    },
    choices: periodChoices(today, settings.frequency, period),
    rows: register.rows.map(rowView),
    totals: { house: sumsView(register.totals.house), platform: sumsView(register.totals.platform) },
    declared: register.declared
      ? {
          declaredOn: formatNightFr(register.declared.declaredOn),
          paid: formatMoney(register.declared.paidCents),
          reference: register.declared.reference,
          by: register.declared.declaredBy,
          withdrawable: declarations.some((d) => d.period === period.key && d.withdrawable),
        }
      : null,
    overlapping: register.overlapping,
    canDeclare: !register.declared && !register.overlapping && over,
    /** What the declaration form proposes to have paid: the house's total. */
    suggestedPaid: decimalEuros(Math.max(0, register.totals.house.amountCents)),
    /** Who declares: what the printed register names. */
    house: { name: house?.legalOwner || house?.name || '', address: house?.address ?? '' },
    settings: {
      perNight: formatMoney(settings.perNightCents),
      base: formatMoney(settings.rate.baseCents),
      regionalPercent: settings.rate.regionalPercent,
      departmentalPercent: settings.rate.departmentalPercent,
      collector: settings.collector,
      declarationUrl: settings.declarationUrl,
      deliberation: settings.deliberation,
      frequency: FREQUENCY_LABELS[settings.frequency],
    },
    declarations: declarations.map((d) => ({ period: d.period, label: d.label, declaredOn: formatNightFr(d.declaredOn), paid: formatMoney(d.paidCents) })),
  };
}
export type TaxRegisterPage = Awaited<ReturnType<typeof loadTaxRegisterPage>>;
