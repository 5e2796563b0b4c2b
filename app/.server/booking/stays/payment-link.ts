// The guest's payment link (issues 36 and 51): `/pay/<token>` opens a Stripe Checkout
// Session for the deposit of the booking's snapshot. A hold may last up to 720 hours, a
// session at most 24 (Stripe's rule), so a long hold is paid through a chain of sessions:
// each made when the guest opens the link and the previous one has ended, one open at a
// time (the booking row is locked while it is decided, and a session about to end is
// expired through the API before the next is made). Sessions take cards only: a card
// settles at once, so a completed session is a paid one (decision 0021).
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { config } from '../../environment';
import { db, type Executor } from '../../db/client';
import { bookingEvents, bookings } from '../../db/schema';
import { mailboxAddress } from '../../mail/compose';
import { CHECKOUT_REUSE_MIN_SECONDS, checkoutExpiresAt, payableByCard } from '../../payments/checkout-window';
import { stripe, stripeConfigured, type Stripe } from '../../payments/stripe-client';
import { listEntries, moneyStatus } from '../../payments/ledger';

export type BookingRow = typeof bookings.$inferSelect;

/** 32 random bytes: the payment link's secret, one per booking. */
export const newPaymentToken = () => randomBytes(32).toString('base64url');
/** A token as the link carries it: anything else is not looked up. */
export const isPaymentTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const paymentUrl = (token: string) => `${config().PUBLIC_URL}/pay/${token}`;

export async function findByPaymentToken(token: string): Promise<BookingRow | null> {
  if (!isPaymentTokenShape(token)) return null;
  const [row] = await db.select().from(bookings).where(eq(bookings.paymentToken, token)).limit(1);
  return row ?? null;
}

export type PaymentState = 'awaiting' | 'paid' | 'expired' | 'closed';

export function paymentState(row: BookingRow, now = new Date()): PaymentState {
  if (row.status === 'awaiting_payment') return row.paymentExpiresAt && row.paymentExpiresAt <= now ? 'expired' : 'awaiting';
  if (row.status === 'confirmed') return 'paid';
  // A hold the owner released has no deadline left: it is closed, not expired.
  return row.paymentExpiresAt && row.decidedAt ? 'expired' : 'closed';
}

/**
 * Closes a session through Stripe's API. False when it was no longer open (paid or
 * expired meanwhile): Stripe refuses to expire it, which is an answer, not a failure.
 */
export async function expireCheckoutSession(sessionId: string): Promise<boolean> {
  try {
    await stripe().checkout.sessions.expire(sessionId);
    return true;
  } catch (error) {
    if ((error as { type?: string }).type === 'StripeInvalidRequestError') return false;
    throw error;
  }
}

/** What remains of a confirmed stay's balance (the stay's and the tourist tax): what its card link charges (issue 52). */
export async function balanceOutstanding(executor: Executor, row: BookingRow): Promise<number> {
  if (row.status !== 'confirmed') return 0;
  const owed = moneyStatus(row, await listEntries(row.id, executor)).outstandingBy;
  return owed.solde + owed.taxe_sejour;
}

/** The booking's link, made the first time it is needed (the balance reminder of a stay confirmed without a hold). */
export async function ensurePaymentToken(tx: Executor, row: BookingRow): Promise<string> {
  if (row.paymentToken) return row.paymentToken;
  const token = newPaymentToken();
  await tx.update(bookings).set({ paymentToken: token }).where(eq(bookings.id, row.id));
  return token;
}

/**
 * The balance's card payment (issue 52): a Checkout Session for what remains of it, reused
 * while it is open for that amount, one at a time; the webhook records it in the ledger.
 */
async function openBalanceSession(token: string, rowId: string): Promise<PaymentLinkOutcome> {
  return db.transaction(async (tx): Promise<PaymentLinkOutcome> => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, rowId)).for('no key update');
    if (!row) return { kind: 'state', state: 'closed' };
    const due = await balanceOutstanding(tx, row);
    // Nothing left, or no card payments on this site (any more): the stay is confirmed, which the page says.
    if (due <= 0 || !stripeConfigured()) return { kind: 'state', state: 'paid' };
    // Under Stripe's smallest charge (a few cents of tax left): settled with the house, not by card.
    if (!payableByCard(due)) return { kind: 'state', state: 'closed' };
    const now = new Date();
    const client = stripe();
    if (row.stripeSessionId) {
      const existing = await client.checkout.sessions.retrieve(row.stripeSessionId);
      const left = existing.expires_at - Math.floor(now.getTime() / 1000);
      const same = existing.metadata?.purpose === 'balance' && existing.amount_total === due;
      if (existing.status === 'open' && same && existing.url && left >= CHECKOUT_REUSE_MIN_SECONDS) return { kind: 'redirect', url: existing.url };
      if (existing.status === 'open' && !(await expireCheckoutSession(existing.id))) return { kind: 'state', state: 'confirming' };
      if (existing.status === 'complete' && existing.payment_status !== 'unpaid' && existing.metadata?.purpose === 'balance')
        return { kind: 'state', state: 'confirming' };
    }
    // Within Stripe's day: the guest who comes back later gets the next session.
    const expiresAt = checkoutExpiresAt(new Date(now.getTime() + 48 * 3_600_000), now);
    return openCheckout(tx, client, row, token, {
      amountCents: due,
      label: `Solde ${row.reference} · ${row.arrival} → ${row.departure}`,
      purpose: 'balance',
      expiresAt,
      idempotencyKey: `balance-checkout:${row.id}:${row.stripeSessionId ?? 'first'}:${due}:${expiresAt}`,
    });
  });
}

/**
 * A card-only Checkout Session for one sum of the booking (its deposit, or what remains of
 * its balance: `purpose` 'balance'), kept on the booking as its current session. A card
 * settles at once: no session completes unpaid (decision 0021).
 */
async function openCheckout(
  tx: Executor,
  client: Stripe,
  row: BookingRow,
  token: string,
  sum: { amountCents: number; label: string; purpose?: 'balance'; expiresAt: number; idempotencyKey: string },
): Promise<PaymentLinkOutcome> {
  const back = paymentUrl(token);
  const metadata: Stripe.MetadataParam = sum.purpose ? { booking_id: row.id, purpose: sum.purpose } : { booking_id: row.id };
  const session = await client.checkout.sessions.create(
    {
      mode: 'payment',
      allowed_payment_method_types: ['card'],
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: sum.amountCents, product_data: { name: sum.label } } }],
      locale: (CHECKOUT_LOCALES.has(row.language) ? row.language : 'auto') as Stripe.Checkout.SessionCreateParams.Locale,
      customer_email: mailboxAddress(row.guestEmail) ?? undefined,
      client_reference_id: row.id,
      metadata,
      payment_intent_data: { metadata },
      expires_at: sum.expiresAt,
      success_url: `${back}?retour=1`,
      cancel_url: back,
    },
    { idempotencyKey: sum.idempotencyKey },
  );
  await tx.update(bookings).set({ stripeSessionId: session.id }).where(eq(bookings.id, row.id));
  if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
  return { kind: 'redirect', url: session.url };
}

/* ───────────── opening the link ───────────── */

/** Whether the webhook said this session's delayed payment failed (checkout.session.async_payment_failed). */
async function hasFailed(executor: Executor, bookingId: string, sessionId: string) {
  const [failed] = await executor
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(
      and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.kind, 'payment_failed'), sql`${bookingEvents.details}->>'stripeSession' = ${sessionId}`),
    )
    .limit(1);
  return Boolean(failed);
}

const CHECKOUT_LOCALES = new Set(['fr', 'en', 'es', 'de', 'it', 'nl', 'pt']);

export type PaymentLinkOutcome =
  | { kind: 'redirect'; url: string }
  /** `confirming`: paid, the webhook will confirm; `pending`: a delayed payment still settling, a card may be used instead. */
  | { kind: 'state'; state: PaymentState | 'confirming' | 'pending' };

/**
 * The link the guest follows: the booking's open Checkout Session, or a new one when
 * there is none (first visit, the last one ended, or the guest pays by card instead of
 * a delayed payment still settling: `byCard`). Any other state is shown, never paid
 * twice. Null: no booking has this token.
 */
export async function openPaymentLink(token: string, options: { byCard?: boolean } = {}): Promise<PaymentLinkOutcome | null> {
  const found = await findByPaymentToken(token);
  if (!found) return null;
  if (found.status === 'confirmed') return openBalanceSession(token, found.id);
  if (paymentState(found) !== 'awaiting') return { kind: 'state', state: paymentState(found) };
  // One decision at a time per booking: two tabs opening the link make one session.
  return db.transaction(async (tx): Promise<PaymentLinkOutcome> => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, found.id)).for('no key update');
    const now = new Date();
    if (!row || paymentState(row, now) !== 'awaiting') return { kind: 'state', state: row ? paymentState(row, now) : 'closed' };
    const client = stripe();
    if (row.stripeSessionId) {
      let existing = await client.checkout.sessions.retrieve(row.stripeSessionId);
      const left = existing.expires_at - Math.floor(now.getTime() / 1000);
      if (existing.status === 'open' && existing.url && left >= CHECKOUT_REUSE_MIN_SECONDS) return { kind: 'redirect', url: existing.url };
      // About to end: closed first, so that the guest never holds two open sessions. Stripe
      // refuses when it has just been paid (or has just expired): read again, then decide.
      if (existing.status === 'open' && !(await expireCheckoutSession(existing.id))) existing = await client.checkout.sessions.retrieve(existing.id);
      if (existing.status === 'complete') {
        if (existing.payment_status !== 'unpaid') return { kind: 'state', state: 'confirming' };
        // Still settling, unless Stripe told us it failed: then the guest pays by card at once.
        if (!options.byCard && !(await hasFailed(tx, row.id, existing.id))) return { kind: 'state', state: 'pending' };
      }
    }
    const expiresAt = checkoutExpiresAt(row.paymentExpiresAt ?? now, now);
    return openCheckout(tx, client, row, token, {
      amountCents: row.depositCents,
      label: `Acompte · ${row.arrival} → ${row.departure}`,
      expiresAt,
      // Per booking, previous session and deadline: a retry of this very request (the
      // SDK's, after a lost answer) gets the same session back, never a second one.
      idempotencyKey: `deposit-checkout:${row.id}:${row.stripeSessionId ?? 'first'}:${expiresAt}`,
    });
  });
}
