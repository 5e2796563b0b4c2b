// Money returned on a card deposit (issue 51): one row per Stripe refund (the ledger's
// booking_refunds), keyed by Stripe's refund id and written by one function, whichever
// comes first of the API's answer to the owner's refund and Stripe's webhook; the other
// finds the row and changes nothing but its status. The payment's refunded figure is the
// sum of its rows (a trigger), so what the booking page shows is what Stripe recorded, to
// the cent.
//
// The owner's "Rembourser" carries a key made when the form was rendered: the booking
// row is locked from before Stripe is asked until the refund is written, so a second
// post of the same form waits, then finds its refund made; Stripe gets the same
// Idempotency-Key for the same form and amount, so even a retry after a lost answer
// refunds once.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatMoney } from '~/lib/money';
import { db, type Executor } from '../../db/client';
import { bookings, REFUND_STATUSES, type RefundStatus } from '../../db/schema';
import { guesthouseToday } from '../../guesthouse-time';
import { notFound, refuse, type NotFound, type Refusal } from '../../rule-refusal';
import { addRefund, cardPaymentOf, dropLegacyRefunds, findRequestedRefund } from '../../payments/ledger';
import { stripe, type Stripe } from '../../payments/stripe-client';
import { guestMail, refundMail } from '../mails/booking-mails';
import { writeStep } from './trail';

/** The key of one refund request, rendered into the owner's form (16 random bytes). */
export const newRefundRequestKey = () => randomBytes(16).toString('base64url');

type CardPayment = { id: string; bookingId: string };
type StripeRefund = Pick<Stripe.Refund, 'id' | 'amount' | 'status' | 'metadata' | 'created'>;

const statusOf = (status: string | null): RefundStatus =>
  (REFUND_STATUSES as readonly string[]).includes(status ?? '') ? (status as RefundStatus) : 'pending';

/**
 * Records one Stripe refund of a card payment. The first caller writes it with its line
 * of history (and, for the owner's refunds, the guest's mail with the reason, both read
 * from the refund's metadata so that the webhook writes them alike); a later caller only
 * brings its status up to date. True when this call recorded it.
 */
export async function recordRefund(tx: Executor, payment: CardPayment, refund: StripeRefund): Promise<boolean> {
  const metadata = refund.metadata ?? {};
  const owner = metadata.requested_by || null;
  const reason = metadata.reason || null;
  const inserted = await addRefund(tx, {
    bookingId: payment.bookingId,
    paymentId: payment.id,
    stripeRefundId: refund.id,
    amountCents: refund.amount,
    status: statusOf(refund.status),
    refundedOn: guesthouseToday(new Date(refund.created * 1000)),
    recordedBy: owner,
    reason,
    requestKey: metadata.request_key ? `${payment.bookingId}:${metadata.request_key}` : null,
  });
  if (!inserted) return false;
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId));
  if (!booking) return true;
  // A refund made in the Stripe Dashboard has no owner here: the history says Stripe, and Stripe tells the guest.
  await writeStep(tx, booking, {
    history: [{ kind: 'refund', actor: owner ?? 'Stripe', details: { amountCents: refund.amount, reason, stripeReference: refund.id } }],
    guest: owner && reason ? [refundMail(refund.amount, reason, refund.id)] : [],
  });
  return true;
}

/** Every refund Stripe has for a payment intent (charge.refunded): the whole truth when `complete`. */
export async function listStripeRefunds(paymentIntent: string): Promise<{ refunds: StripeRefund[]; complete: boolean }> {
  const list = await stripe().refunds.list({ payment_intent: paymentIntent, limit: 100 });
  return { refunds: list.data, complete: !list.has_more };
}

/** Records Stripe's refunds of a payment or brings them up to date; given Stripe's whole list, the legacy rows give way to it. */
export async function recordRefunds(executor: Executor, payment: CardPayment, stripeRefunds: { refunds: StripeRefund[]; complete: boolean }) {
  for (const refund of stripeRefunds.refunds) await recordRefund(executor, payment, refund);
  if (stripeRefunds.complete) await dropLegacyRefunds(executor, payment.id);
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
export async function refundDeposit(request: RefundRequest, actor: string | null): Promise<true | Refusal | NotFound> {
  const { bookingId, amountCents, cancel } = request;
  const reason = request.reason.trim();
  const key = `${bookingId}:${request.requestKey}`;
  return db.transaction(async (tx) => {
    // Held until the refund is written, Stripe's answer included: the same form posted
    // again waits here, then finds its refund. (`no key update`: the webhook's writes,
    // which reference this row, are not held back by it.)
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('no key update');
    if (!row) return notFound('Réservation introuvable');
    if (await findRequestedRefund(tx, key)) return true;
    const payment = await cardPaymentOf(tx, bookingId);
    if (!payment) return refuse("Cette réservation n'a pas d'acompte payé par carte");
    const left = payment.amountCents - payment.refundedCents;
    if (amountCents < 1 || amountCents > left) return refuse(`Le remboursement doit être compris entre 0,01 € et ${formatMoney(left)}`);
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
      await writeStep(tx, row, { history: [{ kind: 'cancelled', actor, details: { message: reason } }], guest: [guestMail('cancelled', reason)] });
    }
    return true;
  });
}
