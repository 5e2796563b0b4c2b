// The planned messages of a stay (stay-plans.ts), carried out when due by the periodic pass
// (scheduled/), each in the transaction that marks it sent: the deposit's reminder, the
// balance's reminder (with the card link when Stripe is on), and the note at check-out.
// A reminder no longer needed (paid meanwhile, no mailbox) is skipped and says why; each is
// a step of the stay, with its line of history and its mail in the guest's language.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bookings } from '../../db/schema';
import { mailboxAddress } from '../../mail/compose';
import { payableByCard } from '../../payments/checkout-window';
import { listEntries, moneyStatus } from '../../payments/ledger';
import type { HandlerOutcome, ScheduledHandler, ScheduledRow } from '../../scheduled/scheduled-messages';
import { noteMail, reminderMail } from '../mails/booking-mails';
import { issueNote } from '../notes/notes';
import { noteFileName, renderNotePdf } from '../notes/note-pdf';
import type { NoteContent } from '../notes/note-content';
import { onlineDepositTerms } from './deposit';
import { ensurePaymentToken, paymentUrl } from './payment-link';
import type { StayPlanKind } from './stay-plans';
import { writeStep } from './trail';

const skipped = (why: string): HandlerOutcome => ({ state: 'skipped', why });

/** The booking a planned message is about, locked: still confirmed, or the reason it no longer matters. */
async function lockStay(tx: Executor, row: ScheduledRow) {
  if (!row.bookingId) return skipped('réservation supprimée');
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, row.bookingId)).for('update');
  if (!booking) return skipped('réservation supprimée');
  if (booking.status !== 'confirmed') return skipped('réservation plus confirmée');
  return booking;
}

function reminder(kind: 'deposit' | 'balance'): ScheduledHandler {
  return async (tx, planned, now) => {
    const booking = await lockStay(tx, planned);
    if ('state' in booking) return booking;
    const owed = moneyStatus(booking, await listEntries(booking.id, tx)).outstandingBy;
    const due = kind === 'deposit' ? owed.deposit : owed.solde + owed.taxe_sejour;
    if (due <= 0) return skipped('déjà réglé');
    if (!mailboxAddress(booking.guestEmail)) return skipped("pas d'adresse e-mail");
    // With Stripe on, the balance can be paid by card through the booking's link.
    const payUrl = kind === 'balance' && payableByCard(due) && (await onlineDepositTerms(tx)) ? paymentUrl(await ensurePaymentToken(tx, booking)) : null;
    await writeStep(tx, booking, {
      history: [{ kind: 'reminder', actor: null, details: { reminder: kind, amountCents: due } }],
      guest: [reminderMail(kind, planned.key)],
      payUrl,
      now,
    });
    return { state: 'sent' };
  };
}

/**
 * At check-out: the stay's note is issued (unless it already was) and mailed to the guest
 * with its PDF. The guest's journey (a later issue) may make this its thank-you mail.
 */
const checkoutNote: ScheduledHandler = async (tx, planned, now) => {
  const booking = await lockStay(tx, planned);
  if ('state' in booking) return booking;
  const { note } = await issueNote(tx, booking, null, now);
  const content = note.content as NoteContent;
  const pdf = { filename: noteFileName(content), contentType: 'application/pdf', content: await renderNotePdf(content) };
  await writeStep(tx, booking, {
    history: [{ kind: 'note', actor: null, details: { number: note.number, atCheckOut: true } }],
    guest: mailboxAddress(booking.guestEmail) ? [noteMail(note.number, pdf)] : [],
    now,
  });
  return { state: 'sent' };
};

/** The handler of each kind a stay plans: given to the periodic pass at start (startup.ts). */
export const STAY_HANDLERS: Record<StayPlanKind, ScheduledHandler> = {
  deposit_reminder: reminder('deposit'),
  balance_reminder: reminder('balance'),
  checkout_note: checkoutNote,
};
