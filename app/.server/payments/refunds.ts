// Money returned on a card deposit (issue 51): one row per Stripe refund (booking_refunds),
// keyed by Stripe's refund id and written by one function, whichever comes first of the
// API's answer to the owner's refund and Stripe's webhook; the other finds the row and
// changes nothing but its status. The payment's refunded figure is the sum of its rows
// (a trigger), so what the booking page shows is what Stripe recorded, to the cent.
//
// The owner's "Rembourser" carries a key made when the form was rendered: the booking
// row is locked from before Stripe is asked until the refund is written, so a second
// post of the same form waits, then finds its refund made; Stripe gets the same
// Idempotency-Key for the same form and amount, so even a retry after a lost answer
// refunds once.
import { randomBytes } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { db, type Executor } from '../db/client';
import { bookingPayments, bookingRefunds, bookings, REFUND_STATUSES, type RefundStatus } from '../db/schema';
import { mailboxAddress } from '../mail/compose';
import { refuse, type Refusal } from '../rule-refusal';
import { guesthouseToday } from '../booking/clock';
import { renderRefundMail } from '../booking/mails';
import { enqueueGuestMail, queueGuestMail, recordBookingEvent } from '../booking/booking-trail';
import { bookingFacts } from './deposit-mail';
import { stripe, type Stripe } from './stripe-client';

/** The key of one refund request, rendered into the owner's form (16 random bytes). */
export const newRefundRequestKey = () => randomBytes(16).toString('base64url');

type CardPayment = Pick<typeof bookingPayments.$inferSelect, 'id' | 'bookingId'>;
type StripeRefund = Pick<Stripe.Refund, 'id' | 'amount' | 'status' | 'metadata' | 'created'>;

const statusOf = (status: string | null): RefundStatus =>
  (REFUND_STATUSES as readonly string[]).includes(status ?? '') ? (status as RefundStatus) : 'pending';

/**
 * Records one Stripe refund of a card payment. The first caller inserts it with its line
 * of history (and, for the owner's refunds, the guest's mail with the reason, both read
 * from the refund's metadata so that the webhook writes them alike); a later caller only
 * brings its status up to date. True when this call recorded it.
 */
export async function recordRefund(tx: Executor, payment: CardPayment, refund: StripeRefund): Promise<boolean> {
  const metadata = refund.metadata ?? {};
  const owner = metadata.requested_by || null;
  const reason = metadata.reason || null;
  const [row] = await tx
    .insert(bookingRefunds)
    .values({
      bookingId: payment.bookingId,
      paymentId: payment.id,
      stripeRefundId: refund.id,
      amountCents: refund.amount,
      status: statusOf(refund.status),
      refundedOn: guesthouseToday(new Date(refund.created * 1000)),
      recordedBy: owner,
      reason,
      requestKey: metadata.request_key ? `${payment.bookingId}:${metadata.request_key}` : null,
    })
    .onConflictDoUpdate({ target: bookingRefunds.stripeRefundId, set: { status: sql`excluded.status` } })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (!row?.inserted) return false;
  // A refund made in the Stripe Dashboard has no owner here: the history says Stripe.
  await recordBookingEvent(tx, payment.bookingId, 'refund', owner ?? 'Stripe', { amountCents: refund.amount, reason, stripeReference: refund.id });
  if (owner && reason) {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId));
    const address = mailboxAddress(booking?.guestEmail);
    if (booking && address) {
      const mail = renderRefundMail(await bookingFacts(booking, tx), booking.language, refund.amount, reason);
      // Like every mail to the guest, answerable: Reply-To the site's contact address.
      await enqueueGuestMail(tx, `booking:${booking.id}:refund:${refund.id}`, address, mail);
    }
  }
  return true;
}

/** Every refund Stripe has for a payment intent (charge.refunded): the whole truth when `complete`. */
export async function listStripeRefunds(paymentIntent: string): Promise<{ refunds: StripeRefund[]; complete: boolean }> {
  const list = await stripe().refunds.list({ payment_intent: paymentIntent, limit: 100 });
  return { refunds: list.data, complete: !list.has_more };
}

/**
 * Records Stripe's refunds of a payment or brings them up to date. Given Stripe's whole
 * list, what was kept of refunds from before they had rows (migration 0013's `legacy:`
 * rows) gives way to it.
 */
export async function recordRefunds(executor: Executor, payment: CardPayment, stripeRefunds: { refunds: StripeRefund[]; complete: boolean }) {
  for (const refund of stripeRefunds.refunds) await recordRefund(executor, payment, refund);
  if (stripeRefunds.complete) {
    await executor.delete(bookingRefunds).where(and(eq(bookingRefunds.paymentId, payment.id), like(bookingRefunds.stripeRefundId, 'legacy:%')));
  }
}

/** The card deposit of a booking: its one payment with a Stripe reference. */
async function cardPaymentOf(executor: Executor, bookingId: string) {
  const [payment] = await executor
    .select()
    .from(bookingPayments)
    .where(and(eq(bookingPayments.bookingId, bookingId), eq(bookingPayments.means, 'carte'), sql`${bookingPayments.stripeReference} is not null`))
    .limit(1);
  return payment?.stripeReference ? { ...payment, stripeReference: payment.stripeReference } : null;
}

export interface RefundRequest {
  bookingId: string;
  amountCents: number;
  reason: string;
  /** Also cancel the stay (its nights reopen). */
  cancel: boolean;
  /** The key the owner's form was rendered with (newRefundRequestKey). */
  requestKey: string;
}

/**
 * Refunds part or all of a card deposit through Stripe, with the owner's reason; `cancel`
 * also cancels the stay. One refund per request key, however many times it is posted.
 */
export async function refundDeposit(request: RefundRequest, actor: string | null): Promise<true | Refusal> {
  const { bookingId, amountCents, cancel } = request;
  const reason = request.reason.trim();
  const key = `${bookingId}:${request.requestKey}`;
  return db.transaction(async (tx) => {
    // Held until the refund is written, Stripe's answer included: the same form posted
    // again waits here, then finds its refund. (`no key update`: the webhook's writes,
    // which reference this row, are not held back by it.)
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('no key update');
    if (!row) return refuse('Réservation introuvable');
    const [done] = await tx.select({ id: bookingRefunds.id }).from(bookingRefunds).where(eq(bookingRefunds.requestKey, key)).limit(1);
    if (done) return true;
    const payment = await cardPaymentOf(tx, bookingId);
    if (!payment) return refuse("Cette réservation n'a pas d'acompte payé par carte");
    const left = payment.amountCents - payment.refundedCents;
    if (amountCents < 1 || amountCents > left)
      return refuse(`Le remboursement doit être compris entre 0,01 € et ${(left / 100).toFixed(2).replace('.', ',')} €`);
    if (cancel && row.status !== 'confirmed') return refuse("Cette réservation n'est plus confirmée");
    let refund: Stripe.Refund;
    try {
      refund = await stripe().refunds.create(
        {
          payment_intent: payment.stripeReference,
          amount: amountCents,
          reason: 'requested_by_customer',
          // What the webhook needs to record this refund as the owner's, should it come first.
          metadata: { booking_id: bookingId, request_key: request.requestKey, requested_by: actor ?? '', reason },
        },
        { idempotencyKey: `owner-refund:${key}:${amountCents}` },
      );
    } catch (error) {
      // Stripe's own refusal (more than it has left to refund…), in its words.
      if ((error as { type?: string }).type === 'StripeInvalidRequestError') return refuse(`Stripe refuse ce remboursement : ${(error as Error).message}`);
      throw error;
    }
    await recordRefund(tx, payment, refund);
    if (cancel) {
      await tx
        .update(bookings)
        .set({ status: 'cancelled' })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed')));
      await recordBookingEvent(tx, bookingId, 'cancelled', actor, { message: reason });
      await queueGuestMail(tx, 'cancelled', bookingId, row.language, await bookingFacts(row, tx), reason);
    }
    return true;
  });
}
