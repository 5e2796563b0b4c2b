// The online deposit (issues 36 and 51). Accepting a request with the option on holds its
// nights ('awaiting_payment', covered by the same exclusion constraint as a confirmed stay)
// and mails the guest a link carrying an unguessable token (payment-link.ts). Only
// Stripe's signed webhook marks the deposit paid and confirms the stay, each event id once,
// its effect and its mails in one transaction. A hold whose window passes unpaid is
// released by a background pass, or by the owner at any time; a payment arriving after
// that is refunded at once. Refunds are recorded by refunds.ts. No card data ever reaches
// this server.
import { and, eq, lt } from 'drizzle-orm';
import { config } from '../environment';
import { db, type Executor } from '../db/client';
import { bookingPayments, bookings, siteConfig, stripeEvents } from '../db/schema';
import { mailboxAddress } from '../mail/compose';
import { notifyOwners } from '../notifications/owner-notifications';
import { isRefusal, refuse, type Refusal } from '../rule-refusal';
import { guesthouseToday } from '../booking/clock';
import { renderDepositRequestMail } from '../booking/mails';
import { enqueueGuestMail, queueGuestMail, recordBookingEvent } from '../booking/booking-trail';
import { bookingFacts, queueOwnerMail, type BookingRow } from './deposit-mail';
import { expireCheckoutSession, newPaymentToken, paymentUrl } from './payment-link';
import { listStripeRefunds, recordRefunds } from './refunds';
import { stripe, stripeConfigured, type Stripe } from './stripe-client';

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
  await recordBookingEvent(tx, row.id, 'accepted', actor, { awaitingPayment: true, expiresAt: expiresAt.toISOString() });
  const address = mailboxAddress(row.guestEmail);
  if (!address) return;
  const mail = renderDepositRequestMail(await bookingFacts(row, tx), row.language, paymentUrl(token), expiresAt);
  await enqueueGuestMail(tx, `booking:${row.id}:deposit-request`, address, mail);
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
  const matches = session.currency === 'eur' && amount === row.depositCents;
  const [already] = intent ? await db.select({ id: bookingPayments.id }).from(bookingPayments).where(eq(bookingPayments.stripeReference, intent)).limit(1) : [];
  if (already) return record(event, row.id, 'already_paid');
  if (row.status === 'awaiting_payment' && matches && intent) {
    return db.transaction(async (tx) => {
      // Locked, then read again: the expiry pass (or the owner) may have released the hold meanwhile.
      const [locked] = await tx.select().from(bookings).where(eq(bookings.id, row.id)).for('update');
      if (locked?.status !== 'awaiting_payment') throw new RetryLater();
      const outcome = await record(event, row.id, 'confirmed', tx);
      if (outcome === 'replay') return outcome;
      await tx.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, row.id));
      const [payment] = await tx
        .insert(bookingPayments)
        .values({
          bookingId: row.id,
          kind: 'deposit',
          amountCents: amount,
          receivedOn: guesthouseToday(),
          means: 'carte',
          recordedBy: 'Stripe',
          stripeReference: intent,
        })
        .returning({ id: bookingPayments.id });
      await recordBookingEvent(tx, row.id, 'payment', null, { kind: 'deposit', amountCents: amount, means: 'carte', stripeReference: intent });
      await queueGuestMail(tx, 'confirmed', row.id, row.language, await bookingFacts(locked, tx));
      await queueOwnerMail(tx, 'paid', locked);
      await notifyOwners(tx, { kind: 'deposit-received', bookingId: row.id, paymentId: payment!.id, amountCents: amount });
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
    await recordBookingEvent(tx, row.id, 'refund', 'Stripe', { amountCents: amount, stripeReference: intent, automatic: true, cause });
    const facts = await bookingFacts(row, tx);
    await queueGuestMail(tx, cause === 'duplicate' ? 'duplicate_payment_refunded' : 'late_payment_refunded', row.id, row.language, facts, null, intent);
    await queueOwnerMail(tx, 'late_refunded', row);
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
    await recordBookingEvent(tx, row.id, 'payment_failed', null, { stripeSession: session.id });
    const address = mailboxAddress(locked.guestEmail);
    if (address && locked.paymentToken && locked.paymentExpiresAt) {
      const mail = renderDepositRequestMail(await bookingFacts(locked, tx), locked.language, paymentUrl(locked.paymentToken), locked.paymentExpiresAt, {
        afterFailure: true,
      });
      await enqueueGuestMail(tx, `booking:${row.id}:deposit-request:${session.id}`, address, mail);
    }
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
  const [payment] = intent ? await db.select().from(bookingPayments).where(eq(bookingPayments.stripeReference, intent)).limit(1) : [];
  // A refund of a payment that confirmed nothing (a late one) or of another integration.
  if (!payment || !intent) return record(event, null, 'unknown_booking');
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
      await recordBookingEvent(tx, row.id, 'expired', null, { expiresAt: row.paymentExpiresAt?.toISOString() });
      await queueGuestMail(tx, 'payment_expired', row.id, row.language, await bookingFacts(row, tx));
      await queueOwnerMail(tx, 'expired', row);
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
export async function releaseHold(bookingId: string, message: string | null, actor: string | null): Promise<{ id: string } | Refusal> {
  const released = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!row) return refuse('Réservation introuvable');
    if (row.status !== 'awaiting_payment') return refuse("Cette réservation n'attend plus de paiement");
    const note = message?.trim() || null;
    await tx.update(bookings).set({ status: 'cancelled', paymentExpiresAt: null }).where(eq(bookings.id, bookingId));
    await recordBookingEvent(tx, bookingId, 'cancelled', actor, { holdReleased: true, ...(note ? { message: note } : {}) });
    await queueGuestMail(tx, 'hold_released', bookingId, row.language, await bookingFacts(row, tx), note);
    return row;
  });
  if (isRefusal(released)) return released;
  await closeSessions([released.stripeSessionId]);
  return { id: bookingId };
}
