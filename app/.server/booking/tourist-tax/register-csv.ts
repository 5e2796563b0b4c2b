// The register of a period as a spreadsheet (issue 44): one line per register row, French
// headers, amounts as French spreadsheets read them ("1,34"), through the back office's one
// CSV writer. No cell starts with a formula character, so a correction's line that takes
// back what was declared says so in words (« retirée ») rather than with a minus sign.
import { decimalEuros } from '~/lib/money';
import { formatNightFr } from '~/lib/nights';
import { ofTaxPeriod, parseTaxPeriod } from '~/lib/tourist-tax';
import { csvText } from '../../http/csv';
import type { RegisterRow } from './register';

export const REGISTER_CSV_HEADER = [
  'Arrivée',
  'Départ',
  'Chambre',
  'Nuits dans la période',
  'Adultes',
  'Personnes exonérées',
  "Motif d'exonération",
  'Nuitées taxées',
  'Nuitées exonérées',
  'Tarif par personne et par nuit (€)',
  'Montant (€)',
  'Collectée par',
  'Correction',
];

const euros = (cents: number | null) => (cents === null ? '' : decimalEuros(Math.abs(cents)).replace('.', ','));
const count = (n: number | null) => (n === null ? '' : Math.abs(n));

/** What a row says of itself beyond its figures: an imported event, or a correction of a declared period. */
export function registerRowNote(row: RegisterRow): string {
  if (row.kind === 'imported') return 'Calendrier importé : personnes inconnues';
  if (!row.correction) return '';
  const period = parseTaxPeriod(row.correction.period);
  const of = period ? ofTaxPeriod(period) : row.correction.period;
  return row.correction.side === 'declared' ? `Correction ${of} : ligne déclarée retirée` : `Correction ${of} : séjour tel qu'il est`;
}

export function registerCsv(rows: RegisterRow[]): string {
  const lines = rows.map((r) => [
    formatNightFr(r.arrival),
    formatNightFr(r.departure),
    r.room,
    count(r.nights),
    count(r.adults),
    count(r.exempt),
    r.exemptReason ?? '',
    count(r.taxableNights),
    count(r.exemptNights),
    euros(r.rateCents),
    euros(r.amountCents),
    r.collectorLabel,
    registerRowNote(r),
  ]);
  return csvText([REGISTER_CSV_HEADER, ...lines]);
}
