// What each step of a booking leaves behind, whoever takes it (the guest's request, the
// owner's answers and records, the online deposit, the expiry pass): its lines of history
// (booking_events), the mail to the guest and the owners' mail (through the outbox), the
// owners' phone notification (push outbox), all
// written in the step's own transaction with the mail facts loaded once. The one place a
// step's traces are written: a new kind (a planned message, a reminder) joins here.
import { db, type Executor } from '../../db/client';
import { isExclusionViolation } from '../../db/errors';
import { bookingEvents, type BookingEventKind } from '../../db/schema';
import { mailboxAddress } from '../../mail/compose';
import { enqueueGuestMail, enqueueOwnerMail } from '../../mail/notifications';
import { notifyOwners, type OwnerEvent } from '../../notifications/owner-notifications';
import { refuse, type Refusal } from '../../rule-refusal';
import { EACH_STEP, type BookingMailFacts, type StepMail } from '../mails/booking-mails';
import { loadGuestMailFacts, loadOwnerMailFacts, type MailBooking } from '../mails/mail-facts';

/** One line of a booking's history; `actor` is the owner's address, null for the guest ('Stripe' for its events). */
export interface HistoryLine {
  kind: BookingEventKind;
  actor: string | null;
  details?: Record<string, unknown>;
}

export interface Step {
  history: HistoryLine[];
  /** The guest's mails (mails/booking-mails.ts: guestMail, depositRequestMail, refundMail). */
  guest?: StepMail[];
  /** The owners' mail (ownerRequestMail, ownerDepositMail). */
  owner?: StepMail;
  /** What the owners' phones are told (notifications/owner-notifications.ts), in the same transaction. */
  notify?: OwnerEvent;
  /** What the mails show of the stay: the booking's kept quote unless the step made a new one. */
  quote?: BookingMailFacts['quote'];
}

/** The booking as a step sees it: its id, guest and room, the language its mails are written in, its kept quote. */
export type StepBooking = MailBooking & { id: string; quote: unknown };

/**
 * Writes a step's history lines, then its mails, with the facts loaded once for each side
 * written to.
 */
export async function writeStep(tx: Executor, booking: StepBooking, step: Step): Promise<void> {
  const ids: string[] = [];
  for (const line of step.history) {
    const [row] = await tx
      .insert(bookingEvents)
      .values({ bookingId: booking.id, kind: line.kind, actor: line.actor, details: line.details ?? {} })
      .returning({ id: bookingEvents.id });
    ids.push(row!.id);
  }
  const quote = step.quote ?? (booking.quote as BookingMailFacts['quote']);
  const key = (mail: StepMail) => {
    const occurrence = mail.occurrence === EACH_STEP ? ids[0] : mail.occurrence;
    return `booking:${booking.id}:${mail.name}${occurrence ? `:${occurrence}` : ''}`;
  };
  // No plain mailbox (a booking taken by phone without one): no guest mail, no facts to load.
  if (step.guest?.length && mailboxAddress(booking.guestEmail)) {
    const facts = await loadGuestMailFacts(tx, booking, quote);
    for (const mail of step.guest) await enqueueGuestMail(tx, key(mail), booking.guestEmail, mail.render(facts, booking.language));
  }
  if (step.owner) {
    const facts = await loadOwnerMailFacts(tx, booking, quote);
    await enqueueOwnerMail(tx, key(step.owner), step.owner.render(facts, booking.language), { kind: 'booking', replyTo: booking.guestEmail });
  }
  if (step.notify) await notifyOwners(tx, step.notify);
}

/** The owner's "no" when another stay took the nights first: the exclusion constraint refused the second write. */
export const NIGHTS_TAKEN = 'Une autre réservation confirmée occupe déjà ces nuits';

/**
 * A step that makes a stay hold nights, in one transaction: a concurrent one that took the
 * same nights first makes the constraint `bookings_confirmed_no_overlap` refuse this one,
 * which the owner reads as NIGHTS_TAKEN.
 */
export async function stayTransaction<T>(work: (tx: Executor) => Promise<T>): Promise<T | Refusal> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isExclusionViolation(error)) return refuse(NIGHTS_TAKEN);
    throw error;
  }
}
