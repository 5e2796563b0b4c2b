// A booking's money received and returned: booking_payments (a deposit or balance marked
// received by hand, a card deposit paid through Stripe) and booking_refunds (one row per
// Stripe refund, issue 51; a payment's refunded figure is their sum, kept by a trigger);
// and what remains to pay, always derived from the booking's kept figures and these rows,
// never stored twice. Booking steps write here (booking → payments, never the other way).
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { db, type Executor } from '../db/client';
import { bookingPayments, bookingRefunds } from '../db/schema';

/** One sum received: by hand (the owner, with the means), or by card (Stripe's reference). Returns its id. */
export async function addPayment(executor: Executor, payment: typeof bookingPayments.$inferInsert): Promise<string> {
  const [row] = await executor.insert(bookingPayments).values(payment).returning({ id: bookingPayments.id });
  return row!.id;
}

/** A booking's payments, in the order they were received. */
export async function listBookingPayments(bookingId: string) {
  return db
    .select()
    .from(bookingPayments)
    .where(eq(bookingPayments.bookingId, bookingId))
    .orderBy(asc(bookingPayments.receivedOn), asc(bookingPayments.createdAt));
}

/**
 * What was received and what remains, against the figures the booking keeps. The tourist
 * tax is owed to the house unless a platform collects it (issue 44).
 */
export function paymentStatus(
  row: { totalCents: number; taxCents: number; depositCents: number; taxCollectedBy: string },
  payments: Array<{ kind: string; amountCents: number; refundedCents?: number }>,
) {
  const amountCents = row.totalCents + (row.taxCollectedBy === 'platform' ? 0 : row.taxCents);
  // Money refunded through Stripe is no longer received.
  const receivedCents = payments.reduce((sum, p) => sum + p.amountCents - (p.refundedCents ?? 0), 0);
  return {
    amountCents,
    receivedCents,
    outstandingCents: Math.max(0, amountCents - receivedCents),
    // Any money received counts toward the deposit first.
    depositOutstandingCents: Math.max(0, row.depositCents - receivedCents),
  };
}

/** Payments of several bookings at once (the home's list of stays). */
export async function listPaymentsOf(bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: bookingPayments.bookingId,
      kind: bookingPayments.kind,
      amountCents: bookingPayments.amountCents,
      refundedCents: bookingPayments.refundedCents,
      stripeReference: bookingPayments.stripeReference,
      receivedOn: bookingPayments.receivedOn,
    })
    .from(bookingPayments)
    .where(inArray(bookingPayments.bookingId, bookingIds));
}

/**
 * One Stripe refund of a card payment, by Stripe's refund id: inserted by the first caller
 * (the API's answer to the owner's refund, or the webhook), whose status a later one only
 * brings up to date. True when this call inserted it. The payment's refunded figure follows
 * (trigger `booking_refunds_total`).
 */
export async function addRefund(executor: Executor, refund: typeof bookingRefunds.$inferInsert): Promise<boolean> {
  const [row] = await executor
    .insert(bookingRefunds)
    .values(refund)
    .onConflictDoUpdate({ target: bookingRefunds.stripeRefundId, set: { status: sql`excluded.status` } })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return Boolean(row?.inserted);
}

/** What was kept of a payment's refunds before they had rows (migration 0014's `legacy:` rows): gone once Stripe's whole list is recorded. */
export async function dropLegacyRefunds(executor: Executor, paymentId: string) {
  await executor.delete(bookingRefunds).where(and(eq(bookingRefunds.paymentId, paymentId), like(bookingRefunds.stripeRefundId, 'legacy:%')));
}

/** The refund of this owner's request (its form's key), if it was made. */
export async function findRequestedRefund(executor: Executor, requestKey: string) {
  const [row] = await executor.select({ id: bookingRefunds.id }).from(bookingRefunds).where(eq(bookingRefunds.requestKey, requestKey)).limit(1);
  return row ?? null;
}

/** The card deposit of a booking: its one payment with a Stripe reference. */
export async function cardPaymentOf(executor: Executor, bookingId: string) {
  const [payment] = await executor
    .select()
    .from(bookingPayments)
    .where(and(eq(bookingPayments.bookingId, bookingId), eq(bookingPayments.means, 'carte'), sql`${bookingPayments.stripeReference} is not null`))
    .limit(1);
  return payment?.stripeReference ? { ...payment, stripeReference: payment.stripeReference } : null;
}

/** The payment a Stripe PaymentIntent paid, if it paid one of ours. */
export async function paymentOfIntent(executor: Executor, paymentIntent: string) {
  const [payment] = await executor.select().from(bookingPayments).where(eq(bookingPayments.stripeReference, paymentIntent)).limit(1);
  return payment ?? null;
}
