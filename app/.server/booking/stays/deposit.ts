// The online deposit (issues 36 and 51). Accepting a request with the option on holds its
// nights ('awaiting_payment', covered by the same exclusion constraint as a confirmed stay)
// and mails the guest a link carrying an unguessable token (payment-link.ts). Only
// Stripe's signed webhook marks the deposit paid and confirms the stay, each event id once,
// its effect and its mails in one transaction. A hold whose window passes unpaid is
// released by a background pass, or by the owner at any time; a payment arriving after
// that is refunded at once. Refunds are recorded by refunds.ts. No card data ever reaches
// this server.
import { and, eq, lt } from 'drizzle-orm';
import { config } from '../../environment';
import { db, type Executor } from '../../db/client';
import { bookings, siteConfig, stripeEvents } from '../../db/schema';
import { isNotFound, isRefusal, notFound, refuse, type NotFound, type Refusal } from '../../rule-refusal';
import { guesthouseToday } from '../../guesthouse-time';
import { addEntry, bookingOfIntent, listEntries, moneyStatus } from '../../payments/ledger';
import { releasePromoUse } from '../../content/promo-codes';
import { stripe, stripeConfigured, type Stripe } from '../../payments/stripe-client';
import { writeStep } from './trail';
import { depositRequestMail, guestMail, ownerDepositMail } from '../mails/booking-mails';
import { expireCheckoutSession, newPaymentToken, paymentUrl, type BookingRow } from './payment-link';
import { listStripeRefunds, recordRefunds } from './refunds';

/** The owner's switch and window, when the keys allow the online deposit; null otherwise. */
export async function onlineDepositTerms(executor: Executor = db): Promise<{ windowHours: number } | null> {
  if (!stripeConfigured()) return null;
  const [row] = await executor.select({ on: siteConfig.onlineDeposit, hours: siteConfig.paymentWindowHours }).from(siteConfig).limit(1);
  return row?.on ? { windowHours: row.hours } : null;
}

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

/* ───────────── the webhook ───────────── */

export type WebhookOutcome =
  | 'confirmed'
  | 'replay'
  | 'unknown_booking'
  | 'late_refunded'
  | 'duplicate_refunded'
  | 'already_paid'
  | 'amount_mismatch'
  | 'not_paid'
  | 'payment_failed'
  | 'refund_recorded'
  | 'ignored'
  | 'foreign';

/**
 * The events this site acts on (README, "Online deposit by card"); every other type is
 * acknowledged and recorded as ignored.
 */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'refund.failed',
] as const;

const paymentIntentId = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Applies one verified event. The event id is written first in the same transaction as
 * the effect: a replay, or two deliveries at once, finds it and changes nothing.
 */
export async function handleStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  // Events of a connected account, or of the other mode (test/live), are not ours.
  const live = config().STRIPE_SECRET_KEY?.startsWith('sk_live_') || config().STRIPE_SECRET_KEY?.startsWith('rk_live_');
  if (event.account || event.livemode !== Boolean(live)) return record(event, null, 'foreign');
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return onCheckoutCompleted(event, event.data.object);
    case 'checkout.session.async_payment_failed':
      return onAsyncPaymentFailed(event, event.data.object);
    case 'charge.refunded':
      return onRefunds(event, paymentIntentId(event.data.object.payment_intent), null);
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return onRefunds(event, paymentIntentId(event.data.object.payment_intent), event.data.object.id);
    default:
      return record(event, null, 'ignored');
  }
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

/** The booking a session of ours names in its metadata; null for a session this site did not create. */
async function bookingOfSession(session: Stripe.Checkout.Session) {
  const bookingId = session.metadata?.booking_id ?? '';
  const [row] = UUID.test(bookingId) ? await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1) : [];
  return row ?? null;
}

/** Why a payment is given back at once; the history and the owner read it. */
type RefundCause = 'hold_expired' | 'hold_released' | 'amount_mismatch' | 'duplicate';

async function onCheckoutCompleted(event: Stripe.Event, session: Stripe.Checkout.Session): Promise<WebhookOutcome> {
  if (await seen(event.id)) return 'replay';
  const row = await bookingOfSession(session);
  // A session this site did not create (another integration of the account): acknowledged, untouched.
  if (!row) return record(event, null, 'unknown_booking');
  // A delayed method still settling: its async_payment_succeeded (or _failed) follows.
  if (session.payment_status !== 'paid') return record(event, row.id, 'not_paid');
  const intent = paymentIntentId(session.payment_intent);
  const amount = session.amount_total ?? 0;
  if (intent && (await bookingOfIntent(db, intent))) return record(event, row.id, 'already_paid');
  if (session.metadata?.purpose === 'balance' && intent && row.status === 'confirmed' && session.currency === 'eur') {
    const outcome = await onBalancePaid(event, row.id, intent, amount);
    if (outcome) return outcome;
  }
  const matches = session.currency === 'eur' && amount === row.depositCents && session.metadata?.purpose !== 'balance';
  if (row.status === 'awaiting_payment' && matches && intent) {
    return db.transaction(async (tx) => {
      // Locked, then read again: the expiry pass (or the owner) may have released the hold meanwhile.
      const [locked] = await tx.select().from(bookings).where(eq(bookings.id, row.id)).for('update');
      if (locked?.status !== 'awaiting_payment') throw new RetryLater();
      const outcome = await record(event, row.id, 'confirmed', tx);
      if (outcome === 'replay') return outcome;
      await tx.update(bookings).set({ status: 'confirmed', depositDueDate: guesthouseToday() }).where(eq(bookings.id, row.id));
      const entry = { nature: locked.depositNature, amountCents: amount, occurredOn: guesthouseToday(), means: 'stripe' as const, reference: intent };
      const paymentId = await addEntry(tx, { bookingId: row.id, ...entry, recordedBy: 'Stripe', stripePaymentIntent: intent });
      await writeStep(tx, locked, {
        history: [{ kind: 'payment', actor: null, details: entry }],
        guest: [guestMail('confirmed')],
        owner: ownerDepositMail('paid', row.id),
        notify: { kind: 'deposit-received', bookingId: row.id, paymentId, amountCents: amount },
      });
      return outcome;
    });
  }
  // Paid, but for a hold that is gone (expired, released by the owner), a stay already paid
  // (a delayed payment settling after a card), or with another amount: the money goes back
  // at once, and no booking is confirmed by it.
  if (!intent) return record(event, row.id, 'not_paid');
  const cause: RefundCause = !matches
    ? 'amount_mismatch'
    : row.status === 'confirmed'
      ? 'duplicate'
      : row.status === 'cancelled' && !row.paymentExpiresAt
        ? 'hold_released'
        : 'hold_expired';
  await stripe().refunds.create(
    { payment_intent: intent, reason: cause === 'duplicate' ? 'duplicate' : 'requested_by_customer', metadata: { booking_id: row.id, cause } },
    { idempotencyKey: `late-refund:${intent}` },
  );
  return db.transaction(async (tx) => {
    const outcome = await record(
      event,
      row.id,
      cause === 'amount_mismatch' ? 'amount_mismatch' : cause === 'duplicate' ? 'duplicate_refunded' : 'late_refunded',
      tx,
    );
    if (outcome === 'replay') return outcome;
    await writeStep(tx, row, {
      history: [{ kind: 'refund', actor: 'Stripe', details: { amountCents: amount, stripeReference: intent, automatic: true, cause } }],
      guest: [guestMail(cause === 'duplicate' ? 'duplicate_payment_refunded' : 'late_payment_refunded', null, intent)],
      owner: ownerDepositMail('late_refunded', row.id),
    });
    return outcome;
  });
}

/**
 * The balance paid by card through its link (issue 52): the stay's balance and the tourist
 * tax, recorded as the ledger's two natures from one PaymentIntent. Null when it is more
 * than what remains (paid meanwhile by transfer): the caller refunds it.
 */
async function onBalancePaid(event: Stripe.Event, bookingId: string, intent: string, amount: number): Promise<WebhookOutcome | null> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (locked?.status !== 'confirmed') return null;
    const owed = moneyStatus(locked, await listEntries(bookingId, tx)).outstandingBy;
    if (amount <= 0 || amount > owed.solde + owed.taxe_sejour) return null;
    const outcome = await record(event, bookingId, 'confirmed', tx);
    if (outcome === 'replay') return outcome;
    const solde = Math.min(amount, owed.solde);
    const history = [];
    for (const [nature, cents] of [
      ['solde', solde],
      ['taxe_sejour', amount - solde],
    ] as const) {
      if (cents <= 0) continue;
      const entry = { nature, amountCents: cents, occurredOn: guesthouseToday(), means: 'stripe' as const, reference: intent };
      await addEntry(tx, { bookingId, ...entry, recordedBy: 'Stripe', stripePaymentIntent: intent });
      history.push({ kind: 'payment' as const, actor: null, details: entry });
    }
    await writeStep(tx, locked, { history });
    return outcome;
  });
}

/** The booking changed under the event (the hold was released meanwhile): Stripe delivers it again. */
export class RetryLater extends Error {}

/**
 * A delayed payment that failed (our sessions take cards only; one made before, or
 * elsewhere, may not): the hold stays, the history says so (the link then makes a card
 * session at once), and the guest gets the link again.
 */
async function onAsyncPaymentFailed(event: Stripe.Event, session: Stripe.Checkout.Session): Promise<WebhookOutcome> {
  if (await seen(event.id)) return 'replay';
  const row = await bookingOfSession(session);
  if (!row) return record(event, null, 'unknown_booking');
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, row.id)).for('update');
    const outcome = await record(event, row.id, 'payment_failed', tx);
    if (outcome === 'replay' || locked?.status !== 'awaiting_payment' || locked.stripeSessionId !== session.id) return outcome;
    await writeStep(tx, locked, {
      history: [{ kind: 'payment_failed', actor: null, details: { stripeSession: session.id } }],
      guest: locked.paymentToken && locked.paymentExpiresAt ? [depositRequestMail(paymentUrl(locked.paymentToken), locked.paymentExpiresAt, session.id)] : [],
    });
    return outcome;
  });
}

/**
 * A refund happened on a payment of ours (charge.refunded: every refund of the charge;
 * refund.*: that one). Each is read from Stripe's API, whose answer is the state now
 * whatever the order events arrive in, and recorded by its id.
 */
async function onRefunds(event: Stripe.Event, intent: string | null, refundId: string | null): Promise<WebhookOutcome> {
  if (await seen(event.id)) return 'replay';
  const bookingId = intent ? await bookingOfIntent(db, intent) : null;
  // A refund of a payment that confirmed nothing (a late one) or of another integration.
  if (!bookingId || !intent) return record(event, null, 'unknown_booking');
  const payment = { bookingId, paymentIntent: intent };
  // Asked before the transaction: no row waits on Stripe's answer.
  const refunds = refundId ? { refunds: [await stripe().refunds.retrieve(refundId)], complete: false } : await listStripeRefunds(intent);
  return db.transaction(async (tx) => {
    const outcome = await record(event, payment.bookingId, 'refund_recorded', tx);
    if (outcome === 'replay') return outcome;
    await recordRefunds(tx, payment, refunds);
    return outcome;
  });
}

/* ───────────── holds released ───────────── */

/** How many holds one transaction of releaseExpiredHolds releases at most. */
export const HOLD_BATCH = 100;

/**
 * Closes the Checkout Sessions of released holds through Stripe's API, after the release
 * committed. Best effort: a session left open can still be paid, and that payment is
 * refunded at once like any late one.
 */
async function closeSessions(sessionIds: Array<string | null>) {
  for (const id of sessionIds) {
    if (!id) continue;
    try {
      await expireCheckoutSession(id);
    } catch (error) {
      console.error(`[stripe] could not expire Checkout Session ${id}:`, (error as Error).message);
    }
  }
}

/** Releases every hold past its window: nights reopen, both sides are told. Returns how many. */
export async function releaseExpiredHolds(now: Date = new Date(), limit = HOLD_BATCH): Promise<number> {
  const released = await db.transaction(async (tx) => {
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
    return due;
  });
  await closeSessions(released.map((row) => row.stripeSessionId));
  return released.length;
}

/**
 * The owner releases a hold before its deadline (« Annuler la réservation »): its nights
 * reopen on the public calendar and leave the export feed in one transaction, the guest
 * is told in their language, then its open Checkout Session is expired through Stripe.
 * The hold keeps no deadline (the link then reads "closed", not "expired"); a payment
 * arriving after this is refunded at once.
 */
export async function releaseHold(bookingId: string, message: string | null, actor: string | null): Promise<{ id: string } | Refusal | NotFound> {
  const released = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!row) return notFound('Réservation introuvable');
    if (row.status !== 'awaiting_payment') return refuse("Cette réservation n'attend plus de paiement");
    const note = message?.trim() || null;
    await tx.update(bookings).set({ status: 'cancelled', paymentExpiresAt: null }).where(eq(bookings.id, bookingId));
    await releasePromoUse(tx, row.quote);
    await writeStep(tx, row, {
      history: [{ kind: 'cancelled', actor, details: { holdReleased: true, ...(note ? { message: note } : {}) } }],
      guest: [guestMail('hold_released', note)],
    });
    return row;
  });
  if (isRefusal(released) || isNotFound(released)) return released;
  await closeSessions([released.stripeSessionId]);
  return { id: bookingId };
}
