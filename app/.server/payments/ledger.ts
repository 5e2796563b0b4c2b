// A booking's money received and returned (booking_payments): a deposit or balance marked
// received by hand, a card deposit paid through Stripe, what was refunded of it; and what
// remains to pay, always derived from the booking's kept figures and these rows, never
// stored twice. Booking steps write here (booking → payments, never the other way).
import { asc, eq, inArray } from 'drizzle-orm';
import { db, type Executor } from '../db/client';
import { bookingPayments } from '../db/schema';

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
