// The online deposit (issue 36). Accepting a request with the option on holds its nights
// ('awaiting_payment', covered by the same exclusion constraint as a confirmed stay) and
// mails the guest a link carrying an unguessable token. The link opens a Stripe Checkout
// Session; only Stripe's signed webhook marks the deposit paid and confirms the stay,
// each event id once, its effect and its mails in one transaction. A hold whose window
// passes unpaid is released by a background pass; a payment arriving after that is
// refunded at once. No card data ever reaches this server.
import { randomBytes } from 'node:crypto';
import { formatMoney } from '~/lib/money';
import { and, eq, lt, sql } from 'drizzle-orm';
import { config } from '../../environment';
import { db, type Executor } from '../../db/client';
import { bookingPayments, bookings, siteConfig, stripeEvents } from '../../db/schema';
import { mailboxAddress } from '../../mail/compose';
import { notFound, refuse, type NotFound, type Refusal } from '../../rule-refusal';
import { guesthouseToday } from '../../guesthouse-time';
import { addPayment } from '../../payments/ledger';
import { releasePromoUse } from '../../content/promo-codes';
import { stripe, stripeConfigured, type Stripe } from '../../payments/stripe-client';
import { writeStep } from './trail';
import { depositRequestMail, guestMail, ownerDepositMail, refundMail } from '../mails/booking-mails';

type BookingRow = typeof bookings.$inferSelect;

/** The owner's switch and window, when the keys allow the online deposit; null otherwise. */
export async function onlineDepositTerms(executor: Executor = db): Promise<{ windowHours: number } | null> {
  if (!stripeConfigured()) return null;
  const [row] = await executor.select({ on: siteConfig.onlineDeposit, hours: siteConfig.paymentWindowHours }).from(siteConfig).limit(1);
  return row?.on ? { windowHours: row.hours } : null;
}

/** 32 random bytes: the payment link's secret, one per booking. */
export const newPaymentToken = () => randomBytes(32).toString('base64url');
/** A token as the link carries it: anything else is not looked up. */
export const isPaymentTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const paymentUrl = (token: string) => `${config().PUBLIC_URL}/pay/${token}`;

/**
 * Inside the owner's accept: holds the nights and queues the guest's mail with the link.
 * The caller has locked the pending row and checked its nights.
 */
export async function holdForDeposit(tx: Executor, row: BookingRow, windowHours: number, actor: string | null) {
  const token = newPaymentToken();
  const expiresAt = new Date(Date.now() + windowHours * 3_600_000);
  await tx
    .update(bookings)
    .set({ status: 'awaiting_payment', decidedAt: new Date(), paymentToken: token, paymentExpiresAt: expiresAt })
    .where(eq(bookings.id, row.id));
  await writeStep(tx, row, {
    history: [{ kind: 'accepted', actor, details: { awaitingPayment: true, expiresAt: expiresAt.toISOString() } }],
    guest: [depositRequestMail(paymentUrl(token), expiresAt)],
  });
}

/* ───────────── the guest's payment link ───────────── */

const CHECKOUT_LOCALES = new Set(['fr', 'en', 'es', 'de', 'it', 'nl', 'pt']);

export type PaymentLinkOutcome =
  { kind: 'redirect'; url: string } | { kind: 'state'; state: 'awaiting' | 'paid' | 'expired' | 'closed'; language: string; depositCents: number };

export async function findByPaymentToken(token: string): Promise<BookingRow | null> {
  if (!isPaymentTokenShape(token)) return null;
  const [row] = await db.select().from(bookings).where(eq(bookings.paymentToken, token)).limit(1);
  return row ?? null;
}

export function paymentState(row: BookingRow): 'awaiting' | 'paid' | 'expired' | 'closed' {
  if (row.status === 'awaiting_payment') return row.paymentExpiresAt && row.paymentExpiresAt <= new Date() ? 'expired' : 'awaiting';
  if (row.status === 'confirmed') return 'paid';
  return row.paymentExpiresAt && row.decidedAt ? 'expired' : 'closed';
}

/**
 * The link the guest follows: a Checkout Session for the deposit of the booking's snapshot,
 * created once (the idempotency key) and reused while open; any other state is shown, never
 * paid twice. Null: no booking has this token.
 */
export async function openPaymentLink(token: string): Promise<PaymentLinkOutcome | null> {
  const row = await findByPaymentToken(token);
  if (!row) return null;
  const state = paymentState(row);
  if (state !== 'awaiting') return { kind: 'state', state, language: row.language, depositCents: row.depositCents };
  const client = stripe();
  if (row.stripeSessionId) {
    const existing = await client.checkout.sessions.retrieve(row.stripeSessionId);
    if (existing.status === 'open' && existing.url) return { kind: 'redirect', url: existing.url };
    if (existing.status === 'complete') return { kind: 'state', state: 'awaiting', language: row.language, depositCents: row.depositCents };
  }
  const back = paymentUrl(token);
  const session = await client.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'eur', unit_amount: row.depositCents, product_data: { name: `Acompte · ${row.arrival} → ${row.departure}` } } },
      ],
      locale: (CHECKOUT_LOCALES.has(row.language) ? row.language : 'auto') as Stripe.Checkout.SessionCreateParams.Locale,
      customer_email: mailboxAddress(row.guestEmail) ?? undefined,
      client_reference_id: row.id,
      metadata: { booking_id: row.id },
      payment_intent_data: { metadata: { booking_id: row.id } },
      // Stripe's floor is 30 minutes: a session outliving the hold is refunded if paid late.
      expires_at: Math.max(Math.floor(Date.now() / 1000) + 1800, Math.floor((row.paymentExpiresAt?.getTime() ?? Date.now()) / 1000)),
      success_url: `${back}?retour=1`,
      cancel_url: back,
    },
    // One session per booking and previous session: opening the link twice creates nothing new.
    { idempotencyKey: `deposit-checkout:${row.id}:${row.stripeSessionId ?? 'first'}` },
  );
  await db
    .update(bookings)
    .set({ stripeSessionId: session.id })
    .where(and(eq(bookings.id, row.id), eq(bookings.status, 'awaiting_payment')));
  if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
  return { kind: 'redirect', url: session.url };
}

/* ───────────── the webhook ───────────── */

export type WebhookOutcome =
  'confirmed' | 'replay' | 'unknown_booking' | 'late_refunded' | 'already_paid' | 'amount_mismatch' | 'not_paid' | 'refund_recorded' | 'ignored' | 'foreign';

/** The events this site acts on; every other type is acknowledged and recorded as ignored. */
export const HANDLED_EVENTS = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'charge.refunded'] as const;

const paymentIntentId = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Applies one verified event. The event id is written first in the same transaction as
 * the effect: a replay, or two deliveries at once, finds it and changes nothing.
 */
export async function handleStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  // Events of a connected account, or of the other mode (test/live), are not ours.
  const live = config().STRIPE_SECRET_KEY?.startsWith('sk_live_') || config().STRIPE_SECRET_KEY?.startsWith('rk_live_');
  if (event.account || event.livemode !== Boolean(live)) return record(event, null, 'foreign');
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    return onCheckoutCompleted(event, event.data.object);
  }
  if (event.type === 'charge.refunded') return onChargeRefunded(event, event.data.object);
  return record(event, null, 'ignored');
}

async function record(event: Stripe.Event, bookingId: string | null, outcome: WebhookOutcome, executor: Executor = db): Promise<WebhookOutcome> {
  const inserted = await executor
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, bookingId, outcome })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return inserted.length > 0 ? outcome : 'replay';
}

async function seen(eventId: string, executor: Executor = db) {
  const [row] = await executor.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).limit(1);
  return Boolean(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function onCheckoutCompleted(event: Stripe.Event, session: Stripe.Checkout.Session): Promise<WebhookOutcome> {
  if (await seen(event.id)) return 'replay';
  const bookingId = session.metadata?.booking_id ?? '';
  const [row] = UUID.test(bookingId) ? await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1) : [];
  // A session this site did not create (another integration of the account): acknowledged, untouched.
  if (!row) return record(event, null, 'unknown_booking');
  if (session.payment_status !== 'paid') return record(event, row.id, 'not_paid');
  const intent = paymentIntentId(session.payment_intent);
  const amount = session.amount_total ?? 0;
  const matches = session.currency === 'eur' && amount === row.depositCents;
  const [already] = intent ? await db.select({ id: bookingPayments.id }).from(bookingPayments).where(eq(bookingPayments.stripeReference, intent)).limit(1) : [];
  if (already) return record(event, row.id, 'already_paid');
  if (row.status === 'awaiting_payment' && matches && intent) {
    return db.transaction(async (tx) => {
      // Locked, then read again: the expiry pass may have released the hold meanwhile.
      const [locked] = await tx.select().from(bookings).where(eq(bookings.id, row.id)).for('update');
      if (locked?.status !== 'awaiting_payment') throw new RetryLater();
      const outcome = await record(event, row.id, 'confirmed', tx);
      if (outcome === 'replay') return outcome;
      await tx.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, row.id));
      const paymentId = await addPayment(tx, {
        bookingId: row.id,
        kind: 'deposit',
        amountCents: amount,
        receivedOn: guesthouseToday(),
        means: 'carte',
        recordedBy: 'Stripe',
        stripeReference: intent,
      });
      await writeStep(tx, locked, {
        history: [{ kind: 'payment', actor: null, details: { kind: 'deposit', amountCents: amount, means: 'carte', stripeReference: intent } }],
        guest: [guestMail('confirmed')],
        owner: ownerDepositMail('paid', row.id),
        notify: { kind: 'deposit-received', bookingId: row.id, paymentId, amountCents: amount },
      });
      return outcome;
    });
  }
  // Paid, but for a hold that is gone (expired, cancelled) or with another amount: the money
  // goes back at once, and no booking is confirmed by it.
  if (!intent) return record(event, row.id, 'not_paid');
  await stripe().refunds.create(
    { payment_intent: intent, reason: 'requested_by_customer', metadata: { booking_id: row.id, cause: matches ? 'hold_expired' : 'amount_mismatch' } },
    { idempotencyKey: `late-refund:${intent}` },
  );
  return db.transaction(async (tx) => {
    const outcome = await record(event, row.id, matches ? 'late_refunded' : 'amount_mismatch', tx);
    if (outcome === 'replay') return outcome;
    await writeStep(tx, row, {
      history: [
        {
          kind: 'refund',
          actor: 'Stripe',
          details: { amountCents: amount, stripeReference: intent, automatic: true, cause: matches ? 'hold_expired' : 'amount_mismatch' },
        },
      ],
      guest: [guestMail('late_payment_refunded', null, intent)],
      owner: ownerDepositMail('late_refunded', row.id),
    });
    return outcome;
  });
}

/** The booking changed under the event (the hold was released meanwhile): Stripe delivers it again. */
export class RetryLater extends Error {}

async function onChargeRefunded(event: Stripe.Event, charge: Stripe.Charge): Promise<WebhookOutcome> {
  const intent = paymentIntentId(charge.payment_intent);
  return db.transaction(async (tx) => {
    const [payment] = intent ? await tx.select().from(bookingPayments).where(eq(bookingPayments.stripeReference, intent)).for('update') : [];
    if (!payment) return record(event, null, 'unknown_booking', tx);
    const outcome = await record(event, payment.bookingId, 'refund_recorded', tx);
    if (outcome === 'replay') return outcome;
    // Stripe's cumulative figure: events out of order never lower what was already recorded.
    const refunded = Math.min(payment.amountCents, Math.max(payment.refundedCents, charge.amount_refunded));
    await tx.update(bookingPayments).set({ refundedCents: refunded }).where(eq(bookingPayments.id, payment.id));
    return outcome;
  });
}

/* ───────────── holds that expire ───────────── */

/** Releases every hold past its window: nights reopen, both sides are told. Returns how many. */
/** How many holds one transaction of releaseExpiredHolds releases at most. */
export const HOLD_BATCH = 100;

export async function releaseExpiredHolds(now: Date = new Date(), limit = HOLD_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.status, 'awaiting_payment'), lt(bookings.paymentExpiresAt, now)))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of due) {
      await tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, row.id));
      await releasePromoUse(tx, row.quote);
      await writeStep(tx, row, {
        history: [{ kind: 'expired', actor: null, details: { expiresAt: row.paymentExpiresAt?.toISOString() } }],
        guest: [guestMail('payment_expired')],
        owner: ownerDepositMail('expired', row.id),
      });
    }
    return due.length;
  });
}

/* ───────────── the owner's refund ───────────── */

/**
 * Refunds part or all of a card deposit through Stripe, with the owner's reason; `cancel`
 * also cancels the stay (its nights reopen). The refund is asked of Stripe first (keyed,
 * so a double click refunds once), then written with its history and mail in one transaction.
 */
export async function refundDeposit(
  bookingId: string,
  amountCents: number,
  reason: string,
  cancel: boolean,
  actor: string | null,
): Promise<true | Refusal | NotFound> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!row) return notFound('Réservation introuvable');
  const [payment] = await db
    .select()
    .from(bookingPayments)
    .where(and(eq(bookingPayments.bookingId, bookingId), eq(bookingPayments.means, 'carte'), sql`${bookingPayments.stripeReference} is not null`))
    .limit(1);
  if (!payment?.stripeReference) return refuse("Cette réservation n'a pas d'acompte payé par carte");
  const left = payment.amountCents - payment.refundedCents;
  if (amountCents < 1 || amountCents > left) return refuse(`Le remboursement doit être compris entre 0,01 € et ${formatMoney(left)}`);
  if (cancel && row.status !== 'confirmed') return refuse("Cette réservation n'est plus confirmée");
  const refund = await stripe().refunds.create(
    { payment_intent: payment.stripeReference, amount: amountCents, reason: 'requested_by_customer', metadata: { booking_id: bookingId } },
    { idempotencyKey: `owner-refund:${payment.id}:${payment.refundedCents}:${amountCents}` },
  );
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookingPayments).where(eq(bookingPayments.id, payment.id)).for('update');
    if (!locked) return notFound('Paiement introuvable');
    await tx
      .update(bookingPayments)
      .set({ refundedCents: Math.min(locked.amountCents, locked.refundedCents + amountCents) })
      .where(eq(bookingPayments.id, payment.id));
    if (cancel) {
      await tx
        .update(bookings)
        .set({ status: 'cancelled' })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed')));
    }
    const refunded = { kind: 'refund' as const, actor, details: { amountCents, reason: reason.trim(), stripeReference: refund.id, cancelled: cancel } };
    const cancelled = { kind: 'cancelled' as const, actor, details: { message: reason.trim() } };
    await writeStep(tx, row, {
      history: cancel ? [refunded, cancelled] : [refunded],
      guest: [...(cancel ? [guestMail('cancelled', reason.trim())] : []), refundMail(amountCents, reason, refund.id)],
    });
    return true;
  });
}
