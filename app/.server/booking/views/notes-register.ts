// The « Factures » register (issue 52): the notes and credit notes of a year in number
// order, what each totals, and what the accountant's CSV holds. A year is chosen in the
// query string (?year=2026); the guesthouse's current one by default.
import { formatMoney } from '~/lib/money';
import { formatNightFr } from '~/lib/nights';
import { getLegalSettings } from '../../content/site-settings';
import { guesthouseToday } from '../../guesthouse-time';
import type { NoteContent } from '../notes/note-content';
import { listNotes } from '../notes/notes';

/** The year of the register from the query string: the current one when absent, an error when not a year. */
export function readNotesYear(url: URL): { year: number; error: string | null } {
  const current = Number(guesthouseToday().slice(0, 4));
  const typed = url.searchParams.get('year');
  if (typed === null || typed === '') return { year: current, error: null };
  const year = /^\d{4}$/.test(typed) ? Number(typed) : NaN;
  if (!(year >= 2000 && year <= current + 1)) return { year: current, error: `Année invalide : de 2000 à ${current + 1}` };
  return { year, error: null };
}

/** The notes of the year as the register lists them, with the year's totals and what the issuer's identity still lacks. */
export async function loadNotesRegister(year: number) {
  const notes = await listNotes(`${year}-01-01`, `${year + 1}-01-01`);
  const legal = await getLegalSettings();
  const missing = [legal.notice.legalOwner.trim() ? null : 'le nom ou la raison sociale', legal.notice.legalSiret.trim() ? null : 'le SIRET'].filter(Boolean);
  const rows = notes.map((note) => {
    const c = note.content as NoteContent;
    return {
      id: note.id,
      number: note.number,
      kind: note.kind === 'note' ? 'Facture' : 'Avoir',
      issuedOn: formatNightFr(note.issuedOn),
      guestName: note.guestName,
      bookingId: note.bookingId,
      reference: c.reference,
      stay: `${formatNightFr(c.stay.arrival)} – ${formatNightFr(c.stay.departure)}`,
      tax: formatMoney(c.taxLine?.totalCents ?? 0),
      amount: formatMoney(note.amountCents),
      credits: c.credits?.number ?? null,
      href: `/admin/notes/${note.id}.pdf`,
    };
  });
  const total = notes.reduce((sum, n) => sum + n.amountCents, 0);
  return { rows, total: formatMoney(total), issuerMissing: missing as string[] };
}
