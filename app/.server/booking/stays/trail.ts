// What each step of a booking leaves behind, whoever takes it (the guest's request, the
// owner's answers and records, the online deposit, the expiry pass): its lines of history
// (booking_events), the mail to the guest and the owners' mail (through the outbox), all
// written in the step's own transaction with the mail facts loaded once. The one place a
// step's traces are written: a new kind (a planned message, a ledger line) joins here.
import { config } from '../../environment';
import { db, type Executor } from '../../db/client';
import { isExclusionViolation } from '../../db/errors';
import { bookingEvents, type BookingEventKind } from '../../db/schema';
import { enqueueGuestMail, enqueueOwnerMail } from '../../mail/notifications';
import { mailboxAddress, type RenderedMail } from '../../mail/compose';
import { refuse, type Refusal } from '../../rule-refusal';
import {
  renderDepositRequestMail,
  renderGuestBookingMail,
  renderOwnerBookingMail,
  renderOwnerDepositMail,
  renderRefundMail,
  type BookingMailFacts,
  type GuestMailKind,
} from '../mails/booking-mails';
import { loadGuestMailFacts, loadOwnerMailFacts, type MailBooking } from '../mails/mail-facts';

/** One line of a booking's history; `actor` is the owner's address, null for the guest ('Stripe' for its events). */
export interface HistoryLine {
  kind: BookingEventKind;
  actor: string | null;
  details?: Record<string, unknown>;
}

/** The guest's mail of a step: one of the booking mails with the owner's words, the deposit request, or a refund. */
export type GuestMail =
  | { kind: GuestMailKind; note?: string | null; occurrence?: string }
  | { kind: 'deposit_request'; payUrl: string; expiresAt: Date }
  | { kind: 'refund'; amountCents: number; reason: string; occurrence: string };

/** The owners' mail of a step: a new request, or what became of a card deposit. */
export type OwnerMail = { kind: 'request' } | { kind: 'paid' | 'expired' | 'late_refunded' };

export interface Step {
  history: HistoryLine[];
  guest?: GuestMail[];
  owner?: OwnerMail;
  /** What the mails show of the stay: the booking's kept quote unless the step made a new one. */
  quote?: BookingMailFacts['quote'];
}

/** The booking as a step sees it: its id, guest and room, the language its mails are written in, its kept quote. */
export type StepBooking = MailBooking & { id: string; quote: unknown };

// A booking mail happens once per booking, except these: each change, each message.
const REPEATED: ReadonlySet<string> = new Set(['changed', 'message']);

/**
 * Writes a step's history lines, then its mails with the facts loaded once for each side.
 * Returns the first history line's id (what keys a repeated mail).
 */
export async function writeStep(tx: Executor, booking: StepBooking, step: Step): Promise<string> {
  const ids: string[] = [];
  for (const line of step.history) {
    const [row] = await tx
      .insert(bookingEvents)
      .values({ bookingId: booking.id, kind: line.kind, actor: line.actor, details: line.details ?? {} })
      .returning({ id: bookingEvents.id });
    ids.push(row!.id);
  }
  const quote = step.quote ?? (booking.quote as BookingMailFacts['quote']);
  const guestMails = step.guest ?? [];
  // No plain mailbox (a booking taken by phone without one): no guest mail, no facts to load.
  if (guestMails.length > 0 && mailboxAddress(booking.guestEmail)) {
    const facts = await loadGuestMailFacts(tx, booking, quote);
    for (const mail of guestMails) {
      const occurrence = 'occurrence' in mail && mail.occurrence ? mail.occurrence : REPEATED.has(mail.kind) ? ids[0] : undefined;
      const key = `booking:${booking.id}:${mail.kind === 'deposit_request' ? 'deposit-request' : mail.kind}${occurrence ? `:${occurrence}` : ''}`;
      await enqueueGuestMail(tx, key, booking.guestEmail, renderGuestMail(mail, facts, booking.language));
    }
  }
  if (step.owner) {
    const facts = await loadOwnerMailFacts(tx, booking, quote);
    const { kind } = step.owner;
    const mail =
      kind === 'request'
        ? renderOwnerBookingMail(facts, booking.language, config().PUBLIC_URL)
        : renderOwnerDepositMail(kind, facts, config().PUBLIC_URL, booking.id);
    await enqueueOwnerMail(tx, `booking:${booking.id}:${kind === 'request' ? 'owner' : `owner-deposit-${kind}`}`, mail, {
      kind: 'booking',
      replyTo: booking.guestEmail,
    });
  }
  return ids[0]!;
}

function renderGuestMail(mail: GuestMail, facts: BookingMailFacts, language: string): RenderedMail {
  switch (mail.kind) {
    case 'deposit_request':
      return renderDepositRequestMail(facts, language, mail.payUrl, mail.expiresAt);
    case 'refund':
      return renderRefundMail(facts, language, mail.amountCents, mail.reason);
    default:
      return renderGuestBookingMail(mail.kind, facts, language, mail.note);
  }
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
