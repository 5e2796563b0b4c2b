// A booking's money (issue 52): one ledger of every sum received or returned
// (ledger_entries), written by one function per source — the owner's form (`addEntry`)
// and Stripe (`addEntry` for a card payment by its PaymentIntent, `addStripeRefund` for a
// refund by its id) — and what is due, received, outstanding or to refund, always derived
// from the booking's quoted figures and these rows (`moneyStatus`), never stored twice.
// Booking steps write here (booking → payments, never the other way).
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { directionOf, type DepositNature, type LedgerNature } from '~/lib/money-terms';
import { db, type Executor } from '../db/client';
import { ledgerEntries } from '../db/schema';

export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = Omit<typeof ledgerEntries.$inferInsert, 'direction' | 'id' | 'createdAt' | 'updatedAt'>;

/** One sum received or returned; its direction follows its nature. Returns its id. */
export async function addEntry(executor: Executor, entry: NewLedgerEntry): Promise<string> {
  const [row] = await executor
    .insert(ledgerEntries)
    .values({ ...entry, direction: directionOf(entry.nature) })
    .returning({ id: ledgerEntries.id });
  return row!.id;
}

/** A booking's entries, in the order the money moved. */
export async function listEntries(bookingId: string, executor: Executor = db): Promise<LedgerEntry[]> {
  return executor
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.occurredOn), asc(ledgerEntries.createdAt));
}

/** The entries of several bookings at once (the lists of stays). */
export async function listEntriesOf(bookingIds: string[], executor: Executor = db): Promise<LedgerEntry[]> {
  if (bookingIds.length === 0) return [];
  return executor
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.bookingId, bookingIds))
    .orderBy(asc(ledgerEntries.occurredOn), asc(ledgerEntries.createdAt));
}

/** What the ledger reads of a booking: its state, quoted figures and, once cancelled, what the cancellation decided. */
export interface MoneyBooking {
  status: string;
  totalCents: number;
  taxCents: number;
  depositCents: number;
  depositNature: DepositNature;
  keptCents: number | null;
  compensationCents: number | null;
  /** Who collects the tourist tax (issue 44): a platform's stays owe the house none. */
  taxCollectedBy?: string | null;
}

/** The natures a guest pays: the deposit (arrhes or acompte), the balance of the stay, the tourist tax. */
export type DueNature = 'deposit' | 'solde' | 'taxe_sejour';

export interface MoneyStatus {
  /** What the guest owes in all: the stay and its tax; once cancelled, what the house keeps. */
  dueCents: number;
  /** Every sum received, and every sum returned as a refund or as compensation. */
  receivedCents: number;
  refundedCents: number;
  compensatedCents: number;
  /** Received less refunded: what the house holds of the guest's money. */
  heldCents: number;
  /** What remains to pay. */
  outstandingCents: number;
  /** What the house holds beyond what is due (a shorter stay, a cancellation): to give back. */
  toRefundCents: number;
  /** The compensation owed and not yet paid (the arrhes' double when the house cancelled). */
  compensationOwedCents: number;
  /** What remains to pay of each nature (the payment form's pre-filled amount). */
  outstandingBy: Record<DueNature, number>;
  /** The deposit received (arrhes or acompte). */
  depositReceivedCents: number;
}

/** A Stripe refund that failed or was canceled returned nothing. */
const counts = (entry: Pick<LedgerEntry, 'stripeStatus'>) => entry.stripeStatus !== 'failed' && entry.stripeStatus !== 'canceled';

const sumOf = (entries: ReadonlyArray<Pick<LedgerEntry, 'nature' | 'amountCents' | 'stripeStatus'>>, natures: LedgerNature[]) =>
  entries.filter((e) => natures.includes(e.nature) && counts(e)).reduce((sum, e) => sum + e.amountCents, 0);

/** The tourist tax the house collects for this stay. */
export const houseTaxCents = (booking: Pick<MoneyBooking, 'taxCents' | 'taxCollectedBy'>) => (booking.taxCollectedBy === 'platform' ? 0 : booking.taxCents);

/**
 * What is due, received, outstanding and to refund, from the booking's kept figures and its
 * entries. A confirmed stay (or a hold) owes its price and tax; a cancelled one what its
 * cancellation kept (the arrhes a guest who cancels loses, what the terms of an acompte
 * say), plus nothing; a request nothing. Money received beyond what is due is to refund;
 * the compensation the house owes (twice the arrhes) is counted apart.
 */
export function moneyStatus(booking: MoneyBooking, entries: ReadonlyArray<Pick<LedgerEntry, 'nature' | 'amountCents' | 'stripeStatus'>>): MoneyStatus {
  const deposit = sumOf(entries, ['arrhes', 'acompte']);
  const solde = sumOf(entries, ['solde']);
  const tax = sumOf(entries, ['taxe_sejour']);
  const receivedCents = deposit + solde + tax;
  const refundedCents = sumOf(entries, ['remboursement']);
  const compensatedCents = sumOf(entries, ['dedommagement']);
  const heldCents = receivedCents - refundedCents;
  const owing = booking.status === 'confirmed' || booking.status === 'awaiting_payment';
  const taxDue = houseTaxCents(booking);
  const dueCents = owing ? booking.totalCents + taxDue : booking.status === 'cancelled' ? (booking.keptCents ?? 0) : 0;
  const outstandingCents = Math.max(0, dueCents - heldCents);
  const cap = (cents: number) => Math.min(outstandingCents, Math.max(0, cents));
  const outstandingBy: Record<DueNature, number> = owing
    ? {
        deposit: cap(booking.depositCents - deposit),
        // A deposit received beyond the one due counts toward the balance.
        solde: cap(booking.totalCents - booking.depositCents - solde - Math.max(0, deposit - booking.depositCents)),
        taxe_sejour: cap(taxDue - tax),
      }
    : { deposit: 0, solde: outstandingCents, taxe_sejour: 0 };
  return {
    dueCents,
    receivedCents,
    refundedCents,
    compensatedCents,
    heldCents,
    outstandingCents,
    toRefundCents: Math.max(0, heldCents - dueCents),
    compensationOwedCents: Math.max(0, (booking.status === 'cancelled' ? (booking.compensationCents ?? 0) : 0) - compensatedCents),
    outstandingBy,
    depositReceivedCents: deposit,
  };
}

/* ───────────── Stripe's entries ───────────── */

/**
 * One Stripe refund, by Stripe's refund id: inserted by the first caller (the API's answer
 * to the owner's refund, or the webhook), whose status a later one only brings up to date.
 * True when this call inserted it.
 */
export async function addStripeRefund(executor: Executor, refund: NewLedgerEntry & { stripeRefundId: string }): Promise<boolean> {
  const [row] = await executor
    .insert(ledgerEntries)
    .values({ ...refund, direction: 'returned' })
    .onConflictDoUpdate({ target: ledgerEntries.stripeRefundId, set: { stripeStatus: sql`excluded.stripe_status`, updatedAt: new Date() } })
    // xmax is 0 on a row this statement inserted, and set on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return Boolean(row?.inserted);
}

/** What was kept of a payment's refunds before they had ids (`legacy:` rows): gone once Stripe's whole list is recorded. */
export async function dropLegacyRefunds(executor: Executor, paymentIntent: string) {
  await executor.delete(ledgerEntries).where(and(eq(ledgerEntries.stripePaymentIntent, paymentIntent), like(ledgerEntries.stripeRefundId, 'legacy:%')));
}

/** The refund of this owner's request (its form's key), if it was made. */
export async function findRequestedRefund(executor: Executor, requestKey: string) {
  const [row] = await executor.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.requestKey, requestKey)).limit(1);
  return row ?? null;
}

export interface CardPayment {
  bookingId: string;
  paymentIntent: string;
  /** What the card paid (every nature of it) and what Stripe gave back of it. */
  paidCents: number;
  refundedCents: number;
  occurredOn: string;
}

/** The card payments of a booking (by PaymentIntent), with what was refunded of each: what a refund through Stripe can give back. */
export async function cardPaymentsOf(executor: Executor, bookingId: string): Promise<CardPayment[]> {
  const rows = await executor
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, bookingId), sql`${ledgerEntries.stripePaymentIntent} is not null`))
    .orderBy(asc(ledgerEntries.createdAt));
  const byIntent = new Map<string, CardPayment>();
  for (const row of rows) {
    const intent = row.stripePaymentIntent!;
    const payment = byIntent.get(intent) ?? { bookingId, paymentIntent: intent, paidCents: 0, refundedCents: 0, occurredOn: row.occurredOn };
    if (row.direction === 'received') payment.paidCents += row.amountCents;
    else if (counts(row)) payment.refundedCents += row.amountCents;
    byIntent.set(intent, payment);
  }
  return [...byIntent.values()].filter((p) => p.paidCents > 0);
}

/** The booking a Stripe PaymentIntent paid, if it paid one of ours. */
export async function bookingOfIntent(executor: Executor, paymentIntent: string): Promise<string | null> {
  const [row] = await executor
    .select({ bookingId: ledgerEntries.bookingId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.stripePaymentIntent, paymentIntent), eq(ledgerEntries.direction, 'received')))
    .limit(1);
  return row?.bookingId ?? null;
}
