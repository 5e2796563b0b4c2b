// A stay's notes (factures) and credit notes (avoirs), issued and never edited (issue 52,
// FRENCH-RULES §4). A note's number is taken inside the issuing transaction from the
// year's counter row (db/sequence-counters.ts), locked and advanced there: chronological,
// without a gap, never twice, whichever instance issues. The booking row is locked first,
// so a note asked twice at once is issued once. A correction or cancellation after issue
// is a credit note referring to the note; then a new note may be issued.
import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { formatMoney } from '~/lib/money';
import { formatNightFr, type IsoDate } from '~/lib/nights';
import { db, type Executor } from '../../db/client';
import { bookings, stayNotes } from '../../db/schema';
import { fourDigits, takeNextNumber } from '../../db/sequence-counters';
import { guesthouseToday } from '../../guesthouse-time';
import { csvText } from '../../http/csv';
import { buildNoteContent, creditNoteContent, type NoteContent } from './note-content';

export type NoteRow = typeof stayNotes.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;

/** The note of a booking still standing: issued, and not cancelled by a credit note. */
export async function currentNoteOf(executor: Executor, bookingId: string): Promise<NoteRow | null> {
  const credited = db.select({ id: stayNotes.creditsNoteId }).from(stayNotes).where(eq(stayNotes.kind, 'credit_note'));
  const [note] = await executor
    .select()
    .from(stayNotes)
    .where(and(eq(stayNotes.bookingId, bookingId), eq(stayNotes.kind, 'note'), sql`${stayNotes.id} not in (${credited})`))
    .orderBy(desc(stayNotes.sequence))
    .limit(1);
  return note ?? null;
}

/** The number a note or credit note takes now: its year's next, "2026-0007". */
async function takeNoteNumber(tx: Executor, issuedOn: IsoDate) {
  const year = Number(issuedOn.slice(0, 4));
  const sequence = await takeNextNumber(tx, 'note', year);
  return { year, sequence, number: `${year}-${fourDigits(sequence)}` };
}

/**
 * Issues the note of a confirmed stay, in the caller's transaction, which has locked the
 * booking row: its current note when it has one (asked twice, issued once), else a new one.
 */
export async function issueNote(tx: Executor, row: BookingRow, issuedBy: string | null, now = new Date()): Promise<{ note: NoteRow; issued: boolean }> {
  const existing = await currentNoteOf(tx, row.id);
  if (existing) return { note: existing, issued: false };
  const issuedOn = guesthouseToday(now);
  // Built first: the year's counter is held (locked) for as short a time as can be.
  const draft = await buildNoteContent(tx, row, { number: '', issuedOn });
  const { year, sequence, number } = await takeNoteNumber(tx, issuedOn);
  const content = { ...draft, number };
  const [note] = await tx
    .insert(stayNotes)
    .values({
      kind: 'note',
      number,
      year,
      sequence,
      bookingId: row.id,
      issuedOn,
      issuedBy,
      guestName: content.guest.name,
      amountCents: content.amountCents,
      content,
    })
    .returning();
  return { note: note!, issued: true };
}

/** A credit note cancelling `note` whole, in the caller's transaction. */
export async function issueCreditNote(tx: Executor, note: NoteRow, issuedBy: string | null, now = new Date()): Promise<NoteRow> {
  const issuedOn = guesthouseToday(now);
  const { year, sequence, number } = await takeNoteNumber(tx, issuedOn);
  const content = creditNoteContent(note.content as NoteContent, { number, issuedOn });
  const [credit] = await tx
    .insert(stayNotes)
    .values({
      kind: 'credit_note',
      number,
      year,
      sequence,
      bookingId: note.bookingId,
      creditsNoteId: note.id,
      issuedOn,
      issuedBy,
      guestName: note.guestName,
      amountCents: content.amountCents,
      content,
    })
    .returning();
  return credit!;
}

/** A booking's notes and credit notes, in the order they were issued. */
export async function listNotesOf(bookingId: string, executor: Executor = db): Promise<NoteRow[]> {
  return executor.select().from(stayNotes).where(eq(stayNotes.bookingId, bookingId)).orderBy(asc(stayNotes.year), asc(stayNotes.sequence));
}

export async function getNote(id: string): Promise<NoteRow | null> {
  const [note] = await db.select().from(stayNotes).where(eq(stayNotes.id, id)).limit(1);
  return note ?? null;
}

/** A register is at most a year of a small house's notes; the bound keeps every read small. */
export const MAX_REGISTER_NOTES = 5_000;

/** The notes and credit notes issued in [from, to), in number order: the « Factures » register. */
export async function listNotes(from: IsoDate, to: IsoDate): Promise<NoteRow[]> {
  return db
    .select()
    .from(stayNotes)
    .where(and(gte(stayNotes.issuedOn, from), lt(stayNotes.issuedOn, to)))
    .orderBy(asc(stayNotes.year), asc(stayNotes.sequence))
    .limit(MAX_REGISTER_NOTES);
}

/** The notes of bookings gone (their room deleted): kept, but no longer linked. */
export const orphanNotes = () => db.select({ id: stayNotes.id }).from(stayNotes).where(isNull(stayNotes.bookingId));

const euros = (cents: number) => formatMoney(cents);

/** The register as the accountant reads it: semicolons, UTF-8 with BOM, French headers, no cell a spreadsheet would run. */
export function notesCsv(notes: NoteRow[]): string {
  const header = ['Numéro', 'Type', 'Date', 'Client', 'Réservation', 'Séjour', 'Total séjour TTC', 'Dont TVA', 'Taxe de séjour', 'Total', 'Facture annulée'];
  const byId = new Map(notes.map((n) => [n.id, n]));
  return csvText([
    header,
    ...notes.map((note) => {
      const c = note.content as NoteContent;
      return [
        note.number,
        note.kind === 'note' ? 'Facture' : 'Avoir',
        formatNightFr(note.issuedOn),
        note.guestName,
        c.reference,
        `${formatNightFr(c.stay.arrival)} – ${formatNightFr(c.stay.departure)}`,
        euros(c.totalCents),
        c.vat.mode === 'rate' ? euros(c.vat.vatCents) : 'TVA non applicable',
        euros(c.taxLine?.totalCents ?? 0),
        euros(c.amountCents),
        note.creditsNoteId ? (byId.get(note.creditsNoteId)?.number ?? c.credits?.number ?? '') : '',
      ];
    }),
  ]);
}
