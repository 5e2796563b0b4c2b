// Money the French way (issue 52) against the real database: the ledger's due and
// outstanding amounts after a change of dates equal the price engine's; refunds bounded by
// what was received; a cancellation by the guest keeps the arrhes, by the house repays them
// twice; notes numbered without gap or repeat under concurrent issuing, never edited, a
// credit note for a cancelled or changed stay; reminders sent exactly once by two passes,
// skipped when paid, none for a cancelled stay, re-planned when the dates move.
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { guesthouseInstant, guesthouseToday } from '~/.server/guesthouse-time';
import { quoteStay } from '~/.server/booking/pricing/quote-inputs';
import { cancelBooking, changeBooking, getBookingRecord, issueStayNote, recordBooking, recordEntry } from '~/.server/booking/stays/records';
import { STAY_HANDLERS } from '~/.server/booking/stays/reminders';
import { renderNotePdf } from '~/.server/booking/notes/note-pdf';
import type { NoteContent } from '~/.server/booking/notes/note-content';
import { db } from '~/.server/db/client';
import { bookings, contactEmails, ledgerEntries, mailAttachments, mailOutbox, rooms, scheduledMessages, siteConfig, stayNotes } from '~/.server/db/schema';
import { runDueMessages } from '~/.server/scheduled/scheduled-messages';
import { loadToday } from '~/.server/booking/views/today';
import { formatMoney } from '~/lib/money';
import { MoneyTermsSchema } from '~/lib/schemas/money-terms';
import { RecordPaymentSchema } from '~/lib/schemas/booking-admin';
import { addDays } from '~/lib/nights';
import { accepted, refusalMessage } from '../support/refusals';
import { getRequest, run, signedInAs } from '../support/requests';
import { loader as notesLoader } from '~/routes/admin/notes';
import { loader as notesCsvLoader } from '~/routes/resources/notes-csv';
import { loader as notePdfLoader } from '~/routes/resources/note-pdf';

const today = guesthouseToday();
const d = (days: number) => addDays(today, days);
let roomId: string;

const stay = (arrival: string, departure: string) => ({ roomId, arrival, departure, adults: 2, children: 0 });
const guest = (name: string, language = 'fr') => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`,
  phone: null,
  language,
  message: null,
});
const book = async (arrival: string, departure: string, name: string, language = 'fr') =>
  accepted(await recordBooking(stay(arrival, departure), guest(name, language), 'phone', 'owner@example.com')).id;
const row = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const pay = (id: string, nature: 'arrhes' | 'solde' | 'taxe_sejour' | 'remboursement', amountCents: number) =>
  recordEntry(id, { nature, amountCents, occurredOn: today, means: 'virement' }, 'owner@example.com');
const mailsOf = async (id: string) => (await db.select().from(mailOutbox)).filter((m) => m.idempotencyKey.startsWith(`booking:${id}:`));

beforeAll(async () => {
  await db.insert(contactEmails).values({ email: 'owner@example.com' });
  await db.insert(siteConfig).values({
    name: 'Le Mas des Tests',
    contactEmail: 'maison@example.com',
    address: '1 chemin des Jasmins\n06130 Grasse',
    touristTaxBaseCents: 110,
    touristTaxRegionalPercent: 0,
    depositPercent: 30,
    balanceDueDays: 7,
    checkOutTime: '11:00',
    depositDueDays: 7,
    balanceReminderDays: 7,
    bankHolder: 'Mas des Tests',
    bankIban: 'FR7630006000011234567890189',
    bankBic: 'AGRIFRPP',
  });
  const [room] = await db.insert(rooms).values({ position: 0, pricePerNightCents: 100_00, maxGuests: 3 }).returning();
  roomId = room!.id;
});

describe('the ledger', () => {
  it('after a change of dates, what is due and outstanding follows the new quote, to the cent of the engine', async () => {
    const id = await book(d(30), d(32), 'Claire Dupont');
    const twoNights = accepted(await quoteStay(roomId, { arrival: d(30), departure: d(32), adults: 2, children: 0 }, ['fr']));
    expect(await row(id)).toMatchObject({ totalCents: twoNights.totalCents, taxCents: twoNights.taxCents, depositCents: twoNights.depositCents });
    accepted(await pay(id, 'arrhes', twoNights.depositCents));
    expect(accepted(await changeBooking(id, stay(d(30), d(33)), 'owner@example.com'))).toEqual({ id });
    const threeNights = accepted(await quoteStay(roomId, { arrival: d(30), departure: d(33), adults: 2, children: 0 }, ['fr'], db, { excludeBookingId: id }));
    const { money } = (await getBookingRecord(id))!;
    expect(money.dueCents).toBe(threeNights.amountCents);
    expect(money.outstandingCents).toBe(threeNights.amountCents - twoNights.depositCents);
    // The payment form pre-fills the difference of the deposit, not the old one.
    expect(money.outstandingBy.deposit).toBe(threeNights.depositCents - twoNights.depositCents);
    // Paid in full, then shortened: the house holds more than is due, to refund.
    accepted(await pay(id, 'arrhes', money.outstandingBy.deposit));
    const owed = (await getBookingRecord(id))!.money.outstandingBy;
    accepted(await pay(id, 'solde', owed.solde));
    accepted(await pay(id, 'taxe_sejour', owed.taxe_sejour));
    expect((await getBookingRecord(id))!.money.outstandingCents).toBe(0);
    accepted(await changeBooking(id, stay(d(30), d(31)), 'owner@example.com'));
    const oneNight = accepted(await quoteStay(roomId, { arrival: d(30), departure: d(31), adults: 2, children: 0 }, ['fr'], db, { excludeBookingId: id }));
    const after = (await getBookingRecord(id))!.money;
    expect(after.toRefundCents).toBe(threeNights.amountCents - oneNight.amountCents);
    expect(after.outstandingCents).toBe(0);
  });

  it('refuses a refund beyond what was received, a deposit under the other nature, and bad amounts, changing nothing', async () => {
    const id = await book(d(40), d(42), 'Refus Test');
    const deposit = (await row(id)).depositCents;
    accepted(await pay(id, 'arrhes', deposit));
    const tooMuch = await pay(id, 'remboursement', deposit + 1);
    expect(refusalMessage(tooMuch)).toMatch(/^Le remboursement ne peut dépasser ce qui a été reçu \(/);
    const wrongNature = await recordEntry(id, { nature: 'acompte', amountCents: 100, occurredOn: today, means: 'virement' }, null);
    expect(refusalMessage(wrongNature)).toBe('Le dépôt de cette réservation est des arrhes');
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, id))).toHaveLength(1);
    const form = (amount: string) =>
      RecordPaymentSchema.safeParse({ id, nature: 'solde', amount, occurredOn: today, means: 'virement' }).error?.issues.map((i) => i.message);
    expect(form('-5')).toEqual(['Le montant doit être supérieur à 0']);
    expect(form('1000000000')).toEqual(['Le montant est trop élevé']);
    expect(form('12,345')).toEqual(['Le montant ne peut avoir que 2 décimales']);
    expect(RecordPaymentSchema.parse({ id, nature: 'solde', amount: '162,00', occurredOn: today, means: 'virement' }).amount).toBe(16200);
  });

  it('an IBAN with a wrong checksum or a bad BIC is refused at its field', () => {
    const terms = (bankIban: string, bankBic = 'AGRIFRPP') =>
      MoneyTermsSchema.safeParse({ depositNature: 'arrhes', bankHolder: 'X', bankIban, bankBic, vatMode: 'franchise' });
    expect(terms('FR76 3000 6000 0112 3456 7890 188').error?.issues).toMatchObject([
      { path: ['bankIban'], message: expect.stringMatching(/^Cet IBAN n'est pas valide/) },
    ]);
    expect(terms('FR76 3000 6000 0112 3456 7890 189', 'AGRI').error?.issues).toMatchObject([{ path: ['bankBic'] }]);
    expect(terms('fr76 3000 6000 0112 3456 7890 189').data?.bankIban).toBe('FR7630006000011234567890189');
  });
});

describe("Aujourd'hui", () => {
  it('a departure says the tourist tax still to collect, and stops once it is recorded', async () => {
    const id = await book(d(200), d(202), 'Depart Taxe');
    // Moved by hand to a stay ending today: the view is the subject, not the booking rules.
    await db
      .update(bookings)
      .set({ arrival: d(-2), departure: today })
      .where(eq(bookings.id, id));
    const r = await row(id);
    expect(r.taxCents).toBeGreaterThan(0);
    const departure = async () => (await loadToday()).departures.find((s) => s.id === id)!;
    expect((await departure()).taxToCollect).toBe(formatMoney(r.taxCents));
    accepted(await pay(id, 'taxe_sejour', r.taxCents));
    expect((await departure()).taxToCollect).toBeNull();
  });
});

describe('cancelling by the deposit’s nature', () => {
  it('the guest cancels: the arrhes are kept, nothing is owed nor refunded, the mail says so and asks no balance', async () => {
    const id = await book(d(50), d(52), 'Guest Cancels', 'de');
    const deposit = (await row(id)).depositCents;
    accepted(await pay(id, 'arrhes', deposit));
    accepted(await cancelBooking(id, { by: 'guest', message: null }, 'owner@example.com'));
    expect(await row(id)).toMatchObject({ status: 'cancelled', cancelledBy: 'guest', keptCents: deposit, compensationCents: 0 });
    const { money } = (await getBookingRecord(id))!;
    expect(money).toMatchObject({ dueCents: deposit, outstandingCents: 0, toRefundCents: 0, compensationOwedCents: 0 });
    const [mail] = (await mailsOf(id)).filter((m) => m.idempotencyKey === `booking:${id}:cancelled`);
    expect(mail!.textBody).not.toContain('Restbetrag');
    // No space before a colon in German.
    expect(mail!.textBody).not.toMatch(/ :/);
  });

  it('the house cancels: twice the arrhes go back, recorded as a refund and a compensation, and the guest is told', async () => {
    const id = await book(d(60), d(62), 'Marie de Montfort');
    const deposit = (await row(id)).depositCents;
    accepted(await pay(id, 'arrhes', deposit));
    accepted(await cancelBooking(id, { by: 'house', message: null, refund: { means: 'virement', occurredOn: today } }, 'owner@example.com'));
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, id), eq(ledgerEntries.direction, 'returned')));
    expect(entries.map((e) => [e.nature, e.amountCents]).sort()).toEqual([
      ['dedommagement', deposit],
      ['remboursement', deposit],
    ]);
    const { money } = (await getBookingRecord(id))!;
    expect(money).toMatchObject({ dueCents: 0, outstandingCents: 0, toRefundCents: 0, compensationOwedCents: 0, compensatedCents: deposit });
    const [mail] = (await mailsOf(id)).filter((m) => m.idempotencyKey === `booking:${id}:cancelled`);
    expect(mail!.textBody).toContain('Bonjour Marie de Montfort');
    expect(mail!.textBody).toContain('Dédommagement');
    expect(mail!.textBody).not.toMatch(/Solde/);
  });
});

describe('notes and credit notes', () => {
  it('two requests at once issue one note; many stays issued from two connections at once take every number once, in order', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await book(d(100 + i * 3), d(101 + i * 3), `Note ${i}`));
    const results = await Promise.all(ids.flatMap((id) => [issueStayNote(id, 'owner@example.com'), issueStayNote(id, null)]));
    const noteIds = results.map((r) => accepted(r).id);
    // The two requests of one stay answer the same note.
    for (let i = 0; i < ids.length; i++) expect(noteIds[2 * i]).toBe(noteIds[2 * i + 1]);
    const notes = await db.select().from(stayNotes);
    expect(notes).toHaveLength(ids.length);
    const year = Number(today.slice(0, 4));
    expect(notes.map((n) => n.sequence).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(notes.every((n) => n.year === year && n.number === `${year}-${String(n.sequence).padStart(4, '0')}`)).toBe(true);
    // Never edited nor deleted: the database says no.
    await expect(db.update(stayNotes).set({ guestName: 'Autre' }).where(eq(stayNotes.id, notes[0]!.id))).rejects.toThrow();
    await expect(db.delete(stayNotes).where(eq(stayNotes.id, notes[0]!.id))).rejects.toThrow();
  });

  it('a note carries the stay, the tourist tax on its own line, the VAT mention; a cancelled stay gets a credit note for it', async () => {
    const id = await book(d(130), d(132), 'Credit Note');
    const issued = accepted(await issueStayNote(id, 'owner@example.com'));
    const [note] = await db.select().from(stayNotes).where(eq(stayNotes.id, issued.id));
    const content = note!.content as NoteContent;
    const booking = await row(id);
    expect(content.totalCents).toBe(booking.totalCents);
    expect(content.taxLine?.totalCents).toBe(booking.taxCents);
    expect(content.amountCents).toBe(booking.totalCents + booking.taxCents);
    expect(content.vat.mode).toBe('franchise');
    const pdf = await renderNotePdf(content);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    accepted(await cancelBooking(id, { by: 'guest', message: null }, 'owner@example.com'));
    const notes = await db.select().from(stayNotes).where(eq(stayNotes.bookingId, id));
    const credit = notes.find((n) => n.kind === 'credit_note')!;
    expect(credit).toMatchObject({ creditsNoteId: note!.id, amountCents: -note!.amountCents });
    expect(credit.sequence).toBe(note!.sequence + 1);
    expect(refusalMessage(await issueStayNote(id, null))).toBe('Une facture s’émet pour une réservation confirmée');
  });

  it('a change of dates after issue: a credit note cancels the note and a new note states the stay as it now is', async () => {
    const id = await book(d(140), d(142), 'Changed After Note');
    const first = accepted(await issueStayNote(id, null));
    accepted(await changeBooking(id, stay(d(140), d(143)), 'owner@example.com'));
    const notes = await db.select().from(stayNotes).where(eq(stayNotes.bookingId, id));
    expect(notes.map((n) => n.kind).sort()).toEqual(['credit_note', 'note', 'note']);
    const current = notes.find((n) => n.kind === 'note' && n.id !== first.id)!;
    expect(current.amountCents).toBe((await row(id)).totalCents + (await row(id)).taxCents);
    expect(notes.find((n) => n.kind === 'credit_note')!.creditsNoteId).toBe(first.id);
  });
});

describe('the register’s addresses, given what a stranger or a typo sends', () => {
  it('a wrong year is said in French and changes nothing; a file name that is no note is a 404', async () => {
    const admin = await signedInAs('admin');
    const current = Number(guesthouseToday().slice(0, 4));
    const message = `Année invalide : de 2000 à ${current + 1}`;
    for (const year of ['abc', '1999', `${current + 2}`, '20261', '-1', '%00']) {
      const page = await run(notesLoader, getRequest(`/admin/notes?year=${year}`, admin.cookie));
      expect(page.status, year).toBe(200);
      expect(page.data).toMatchObject({ year: current, yearError: message });
      const csv = await run(notesCsvLoader, getRequest(`/admin/notes.csv?year=${year}`, admin.cookie));
      expect(csv.status, year).toBe(400);
      expect(csv.data).toBe(message);
    }
    for (const file of [
      'nope.pdf',
      '00000000-0000-4000-8000-000000000000.pdf',
      '00000000-0000-4000-8000-000000000000',
      '..%2F..%2Fetc%2Fpasswd.pdf',
      `${'a'.repeat(5000)}.pdf`,
    ]) {
      const pdf = await run(notePdfLoader, getRequest(`/admin/notes/${file}`, admin.cookie), { file } as never);
      expect(pdf.status, file.slice(0, 40)).toBe(404);
      expect(pdf.data).toBe('Facture introuvable');
    }
  });
});

describe('reminders', () => {
  const sentReminders = async (id: string) => (await mailsOf(id)).filter((m) => /:(deposit|balance)-reminder:/.test(m.idempotencyKey));

  it('two passes at once send each reminder exactly once; a paid stay is skipped; a cancelled one sends none', async () => {
    const due = await book(d(20), d(22), 'Rappel Due', 'en');
    const paid = await book(d(22), d(24), 'Rappel Paid');
    const cancelled = await book(d(24), d(26), 'Rappel Cancelled');
    const p = await row(paid);
    accepted(await pay(paid, 'arrhes', p.depositCents));
    accepted(await pay(paid, 'solde', p.totalCents - p.depositCents));
    accepted(await pay(paid, 'taxe_sejour', p.taxCents));
    accepted(await cancelBooking(cancelled, { by: 'guest', message: null }, null));
    const plans = await db.select().from(scheduledMessages).where(eq(scheduledMessages.bookingId, cancelled));
    expect(plans.every((plan) => plan.state === 'cancelled')).toBe(true);
    // The clock the test controls: past every balance reminder (a week before each arrival), in the guesthouse's time zone.
    const at = guesthouseInstant(d(18), '10:00');
    await Promise.all([runDueMessages(STAY_HANDLERS, at), runDueMessages(STAY_HANDLERS, at)]);
    await Promise.all([runDueMessages(STAY_HANDLERS, at), runDueMessages(STAY_HANDLERS, at)]);
    const dueMails = await sentReminders(due);
    expect(dueMails.map((m) => m.idempotencyKey.split(':')[2]).sort()).toEqual(['balance-reminder', 'deposit-reminder']);
    const balance = dueMails.find((m) => m.idempotencyKey.includes('balance-reminder'))!;
    expect(balance.subject).toMatch(/^Reminder: the balance of your stay/);
    expect(balance.textBody).toContain('FR76 3000 6000 0112 3456 7890 189');
    expect(await sentReminders(paid)).toHaveLength(0);
    expect(await sentReminders(cancelled)).toHaveLength(0);
    const paidPlans = await db
      .select()
      .from(scheduledMessages)
      .where(and(eq(scheduledMessages.bookingId, paid), like(scheduledMessages.kind, '%reminder')));
    expect(paidPlans.map((plan) => [plan.state, plan.outcome])).toEqual([
      ['skipped', 'déjà réglé'],
      ['skipped', 'déjà réglé'],
    ]);
  });

  it('at check-out the stay’s note is issued once and mailed with its PDF; a stay whose note was issued before gets that note, no new number', async () => {
    const leaving = await book(d(210), d(212), 'Depart Note', 'de');
    const issuedBefore = await book(d(212), d(214), 'Depart Deja');
    accepted(await issueStayNote(issuedBefore, 'owner@example.com'));
    const [before] = await db.select().from(stayNotes).where(eq(stayNotes.bookingId, issuedBefore));
    // Before check-out time nothing happens; at the check-out time of the day of departure (11:00), the note goes.
    await runDueMessages(STAY_HANDLERS, guesthouseInstant(d(212), '10:59'));
    expect(await db.select().from(stayNotes).where(eq(stayNotes.bookingId, leaving))).toHaveLength(0);
    const at = guesthouseInstant(d(214), '11:00');
    await Promise.all([runDueMessages(STAY_HANDLERS, at), runDueMessages(STAY_HANDLERS, at)]);
    const notes = await db.select().from(stayNotes).where(eq(stayNotes.bookingId, leaving));
    expect(notes.map((n) => n.kind)).toEqual(['note']);
    const noteMails = (await mailsOf(leaving)).filter((m) => m.idempotencyKey.includes(':note:'));
    expect(noteMails).toHaveLength(1);
    const files = await db.select().from(mailAttachments).where(eq(mailAttachments.mailId, noteMails[0]!.id));
    expect(files.map((f) => f.contentType)).toEqual(['application/pdf']);
    expect(Buffer.from(files[0]!.content).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(files[0]!.filename).toContain(notes[0]!.number);
    // The stay whose note the owner had issued keeps it: the same number, no second note.
    const after = await db.select().from(stayNotes).where(eq(stayNotes.bookingId, issuedBefore));
    expect(after.map((n) => n.number)).toEqual([before!.number]);
  });

  it('a change of dates re-plans the balance reminder before the new arrival', async () => {
    const id = await book(d(70), d(72), 'Rappel Moved');
    accepted(await changeBooking(id, stay(d(80), d(82)), null));
    const plans = await db
      .select()
      .from(scheduledMessages)
      .where(and(eq(scheduledMessages.bookingId, id), eq(scheduledMessages.kind, 'balance_reminder')));
    expect(plans.map((plan) => [plan.key, plan.state])).toEqual(
      expect.arrayContaining([
        [`balance_reminder:${id}:${d(70)}`, 'cancelled'],
        [`balance_reminder:${id}:${d(80)}`, 'planned'],
      ]),
    );
    expect(plans.find((plan) => plan.state === 'planned')!.dueAt).toEqual(guesthouseInstant(d(73), '09:00'));
  });
});
