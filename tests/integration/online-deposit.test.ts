// The online deposit (issue 36) against the real database and a local stand-in for the
// Stripe API, webhooks signed with the SDK's own helper: the hold, the payment link, the
// webhook (only source of truth) and every bad input of the issue, expiry and refunds.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { guesthouseToday } from '~/.server/guesthouse-time';
import { getExportToken, renderRoomExport } from '~/.server/booking/availability/export-feed';
import { listUnavailableNights } from '~/.server/booking/availability/taken-nights';
import { acceptBookingRequest, createBookingRequest } from '~/.server/booking/stays/requests';
import { db } from '~/.server/db/client';
import {
  bookingEvents,
  bookingPayments,
  bookings,
  contactEmails,
  mailOutbox,
  pushOutbox,
  pushSubscriptions,
  rooms,
  siteConfig,
  stripeEvents,
} from '~/.server/db/schema';
import { vapidKeys } from '~/.server/notifications/vapid';
import { refundDeposit, releaseExpiredHolds } from '~/.server/booking/stays/deposit';
import { addDays } from '~/lib/nights';
import { loader as payLoader } from '~/routes/site/pay';
import { createApp } from '../../server/app';
import { limitWebhookBody, STRIPE_WEBHOOK_PATH, stripeWebhook } from '../../server/stripe-webhook';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';
import { action as bookingAction, loader as bookingLoader } from '~/routes/admin/booking';
import { action as configAction } from '~/routes/admin/config';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { createTranslator, resolveCatalog } from '~/lib/i18n';
import { accepted } from '../support/refusals';
import { Refusal } from '~/.server/rule-refusal';

const env = vi.hoisted(() => {
  const port = 20_000 + Math.floor(Math.random() * 30_000);
  process.env.STRIPE_SECRET_KEY = 'sk_test_integration0000';
  process.env.STRIPE_WEBHOOK_SECRET = 'whsec_integration0000';
  process.env.STRIPE_API_URL = `http://127.0.0.1:${port}`;
  return { port, secret: 'whsec_integration0000' };
});

const today = guesthouseToday();
const d = (days: number) => addDays(today, days);
let stripe: StripeStandIn;
let roomId: string;
const webhookApp = new Hono().post(STRIPE_WEBHOOK_PATH, limitWebhookBody, stripeWebhook);

beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: env.secret, port: env.port });
  await db.insert(contactEmails).values({ email: 'owner@example.com' });
  await db
    .insert(siteConfig)
    .values({ name: 'Le Mas des Tests', contactEmail: 'maison@example.com', depositPercent: 30, onlineDeposit: true, paymentWindowHours: 48 });
  const [room] = await db.insert(rooms).values({ position: 0, pricePerNightCents: 100_00, maxGuests: 3 }).returning();
  roomId = room!.id;
});
afterAll(() => stripe?.close());
beforeEach(async () => {
  await db.update(siteConfig).set({ onlineDeposit: true });
});

let offset = 10;
async function request(nights = 2, language = 'en', at?: number) {
  const arrival = d(at ?? (offset += 5));
  const created = accepted(
    await createBookingRequest({
      roomId,
      arrival,
      departure: addDays(arrival, nights),
      adults: 2,
      children: 0,
      name: 'Ada Guest',
      email: 'ada@example.org',
      language,
      chain: [language, 'fr'],
      t: createTranslator(language, resolveCatalog(language, 'fr')),
    }),
  );
  return created.id;
}
const booking = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const mailsOf = async (id: string) => (await db.select().from(mailOutbox)).filter((m) => m.idempotencyKey.startsWith(`booking:${id}:`));

async function deliver(event: unknown, signature?: string | null) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const sig = signature === undefined ? stripe.sign(payload) : signature;
  if (sig !== null) headers['Stripe-Signature'] = sig;
  return webhookApp.request(`http://localhost:3000${STRIPE_WEBHOOK_PATH}`, { method: 'POST', headers, body: payload });
}

/** Accepts a request and follows the payment link: the booking and its open session. */
async function heldAndOpened(language = 'en') {
  const id = await request(2, language);
  expect(await acceptBookingRequest(id, 'owner@example.com')).toEqual({ awaitingPayment: true });
  const row = await booking(id);
  const page = await run(payLoader, getRequest(`/pay/${row.paymentToken}`), { token: row.paymentToken! });
  expect(page.status).toBe(303);
  const session = [...stripe.sessions.values()].find((s) => s.metadata.booking_id === id)!;
  expect(page.headers.get('Location')).toBe(session.url);
  return { id, row, session };
}

describe('the hold and the payment link', () => {
  it('accepting holds the nights (calendar, export feed, constraint) and mails the link in the guest language', async () => {
    const id = await request(3, 'de');
    expect(await acceptBookingRequest(id, 'owner@example.com')).toEqual({ awaitingPayment: true });
    const row = await booking(id);
    expect(row.status).toBe('awaiting_payment');
    expect(row.paymentToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.paymentExpiresAt!.getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect((await listUnavailableNights(roomId, row.arrival, row.departure)).size).toBe(3);
    expect(await renderRoomExport((await getExportToken(roomId))!)).toContain(`booking-${id}@`);
    const [mail] = (await mailsOf(id)).filter((m) => m.idempotencyKey.endsWith(':deposit-request'));
    expect(mail!.recipients).toEqual(['ada@example.org']);
    expect(mail!.subject).toContain('Anzahlung');
    expect(mail!.textBody).toContain(`http://localhost:3000/pay/${row.paymentToken}`);
    // A second request for the same nights cannot be accepted: the hold takes them.
    await db.insert(bookings).values({ ...row, id: undefined, status: 'pending', paymentToken: null, paymentExpiresAt: null });
    const [twin] = await db.select().from(bookings).where(eq(bookings.status, 'pending'));
    expect(await acceptBookingRequest(twin!.id)).toBeInstanceOf(Refusal);
    await expect(db.update(bookings).set({ status: 'awaiting_payment' }).where(eq(bookings.id, twin!.id))).rejects.toThrow();
    await db.delete(bookings).where(eq(bookings.id, twin!.id));
  });

  it('without the switch, accepting confirms as before', async () => {
    await db.update(siteConfig).set({ onlineDeposit: false });
    const id = await request();
    await acceptBookingRequest(id);
    expect((await booking(id)).status).toBe('confirmed');
  });

  it('the link opens one Checkout Session from the snapshot; opening it twice reuses it', async () => {
    const { row, session } = await heldAndOpened('es');
    expect(session.amount_total).toBe(row.depositCents);
    expect(session.currency).toBe('eur');
    expect(session.locale).toBe('es');
    expect(session.client_reference_id).toBe(row.id);
    const create = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.form.get('metadata[booking_id]') === row.id);
    expect(create).toHaveLength(1);
    expect(create[0]!.idempotencyKey).toBe(`deposit-checkout:${row.id}:first`);
    const again = await run(payLoader, getRequest(`/pay/${row.paymentToken}`), { token: row.paymentToken! });
    expect(again.headers.get('Location')).toBe(session.url);
    expect([...stripe.sessions.values()].filter((s) => s.metadata.booking_id === row.id)).toHaveLength(1);
    // The way back from Stripe says "being confirmed" and confirms nothing.
    const back = await run(payLoader, getRequest(`/pay/${row.paymentToken}?retour=1`), { token: row.paymentToken! });
    expect(back.data.state).toBe('confirming');
    expect((await booking(row.id)).status).toBe('awaiting_payment');
  });

  it('an unknown or malformed token is a 404 and reaches neither the database rows nor Stripe', async () => {
    const before = stripe.requests.length;
    for (const token of ['x'.repeat(43), 'short', `${'a'.repeat(42)}%`]) {
      const page = await run(payLoader, getRequest(`/pay/${encodeURIComponent(token)}`), { token });
      expect(page.status).toBe(404);
      expect(page.data.state).toBe('unknown');
    }
    expect(stripe.requests.length).toBe(before);
  });
});

describe('the webhook', () => {
  it('a signed checkout.session.completed confirms, records the payment and queues both mails and the owners’ push; a replay changes nothing', async () => {
    // An admin's phone subscribed to the notifications (issue 48).
    const owner = await signedInAs('admin');
    const [device] = await db
      .insert(pushSubscriptions)
      .values({
        userId: owner.userId,
        endpoint: 'https://push.example.com/owner-phone',
        p256dh: 'p256dh',
        auth: 'auth',
        applicationServerKey: (await vapidKeys()).publicKey,
        device: 'Chrome sur Android',
      })
      .returning();
    const { id, session } = await heldAndOpened('fr');
    const event = stripe.complete(session.id);
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ outcome: 'confirmed' });
    const row = await booking(id);
    expect(row.status).toBe('confirmed');
    const payments = await db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, id));
    expect(payments).toMatchObject([{ kind: 'deposit', amountCents: row.depositCents, means: 'carte', stripeReference: session.payment_intent }]);
    const keys = (await mailsOf(id)).map((m) => m.idempotencyKey);
    expect(keys).toContain(`booking:${id}:confirmed`);
    expect(keys).toContain(`booking:${id}:owner-deposit-paid`);
    const pushes = await db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, device!.id));
    expect(pushes.map((p) => [p.idempotencyKey, (p.payload as { title: string; url: string }).title, (p.payload as { url: string }).url])).toContainEqual([
      `deposit-received:${payments[0]!.id}:${device!.id}`,
      'Acompte reçu',
      `/admin/booking/${id}`,
    ]);
    const replay = await deliver(event);
    expect(await replay.json()).toMatchObject({ outcome: 'replay' });
    // The same payment in a new event id (Stripe's retry of another delivery) is not paid twice.
    const again = await deliver({ ...event, id: `${event.id}b` });
    expect(await again.json()).toMatchObject({ outcome: 'already_paid' });
    expect(await db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, id))).toHaveLength(1);
    expect(await db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, device!.id))).toHaveLength(pushes.length);
    await db.delete(pushSubscriptions);
    // The return page now reads the confirmation.
    const back = await run(payLoader, getRequest(`/pay/${row.paymentToken}?retour=1`), { token: row.paymentToken! });
    expect(back.data.state).toBe('paid');
  });

  it('unsigned, forged, stale-signed and oversized bodies are refused 400/413 and change nothing', async () => {
    const { id, session } = await heldAndOpened();
    const event = stripe.complete(session.id);
    const payload = JSON.stringify(event);
    expect((await deliver(payload, null)).status).toBe(400);
    expect((await deliver(payload, stripe.sign(payload, 'whsec_someoneelse000'))).status).toBe(400);
    expect((await deliver(payload, 't=1,v1=deadbeef')).status).toBe(400);
    // Signed, then altered: the amount in the body is not what was signed.
    const tampered = payload.replace(`"amount_total":${session.amount_total}`, '"amount_total":1');
    expect((await deliver(tampered, stripe.sign(payload))).status).toBe(400);
    expect((await deliver('x'.repeat(300 * 1024), 'v1=x')).status).toBe(413);
    expect((await booking(id)).status).toBe('awaiting_payment');
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
  });

  it('events for unknown bookings, other accounts or other modes are acknowledged and change nothing', async () => {
    const { id, session } = await heldAndOpened();
    const stranger = stripe.event('checkout.session.completed', {
      ...session,
      id: 'cs_test_stranger',
      metadata: { booking_id: '00000000-0000-4000-8000-000000000000' },
      payment_status: 'paid',
      payment_intent: 'pi_test_x',
    });
    expect(await (await deliver(stranger)).json()).toMatchObject({ outcome: 'unknown_booking' });
    const noMetadata = stripe.event('checkout.session.completed', { ...session, metadata: {}, payment_status: 'paid', payment_intent: 'pi_test_y' });
    expect(await (await deliver(noMetadata)).json()).toMatchObject({ outcome: 'unknown_booking' });
    const connected = { ...stripe.complete(session.id), account: 'acct_other' };
    expect(await (await deliver(connected)).json()).toMatchObject({ outcome: 'foreign' });
    const live = { ...stripe.event('checkout.session.completed', { ...session }), livemode: true };
    expect(await (await deliver(live)).json()).toMatchObject({ outcome: 'foreign' });
    const other = stripe.event('customer.created', { id: 'cus_1' });
    expect(await (await deliver(other)).json()).toMatchObject({ outcome: 'ignored' });
    expect((await booking(id)).status).toBe('awaiting_payment');
    expect(await db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, id))).toHaveLength(0);
  });

  it('an amount that differs from the snapshot is refunded at once and confirms nothing', async () => {
    const { id, session } = await heldAndOpened();
    const event = stripe.complete(session.id, { amount_total: session.amount_total - 100 });
    expect(await (await deliver(event)).json()).toMatchObject({ outcome: 'amount_mismatch' });
    expect((await booking(id)).status).toBe('awaiting_payment');
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    expect(await db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, id))).toHaveLength(0);
  });

  it('a charge.refunded before its payment is known is acknowledged; after, it records the refund', async () => {
    const early = stripe.event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_test_unknown', amount_refunded: 100 });
    expect(await (await deliver(early)).json()).toMatchObject({ outcome: 'unknown_booking' });
    const { id, session } = await heldAndOpened();
    await deliver(stripe.complete(session.id));
    const refunded = stripe.event('charge.refunded', { id: 'ch_2', object: 'charge', payment_intent: session.payment_intent, amount_refunded: 500 });
    expect(await (await deliver(refunded)).json()).toMatchObject({ outcome: 'refund_recorded' });
    const [payment] = await db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, id));
    expect(payment!.refundedCents).toBe(500);
    // An older event arriving later never lowers the figure.
    await deliver(stripe.event('charge.refunded', { id: 'ch_2', object: 'charge', payment_intent: session.payment_intent, amount_refunded: 200 }));
    expect((await db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, id)))[0]!.refundedCents).toBe(500);
  });
});

describe('expiry and refunds', () => {
  it('an unpaid hold past its window is released (nights reopen, both told); a late payment is refunded automatically', async () => {
    const { id, session, row } = await heldAndOpened();
    await db
      .update(bookings)
      .set({ paymentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, id));
    expect(await releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
    const released = await booking(id);
    expect(released.status).toBe('cancelled');
    expect((await listUnavailableNights(roomId, row.arrival, row.departure)).size).toBe(0);
    expect(await renderRoomExport((await getExportToken(roomId))!)).not.toContain(`booking-${id}@`);
    const keys = (await mailsOf(id)).map((m) => m.idempotencyKey);
    expect(keys).toContain(`booking:${id}:payment_expired`);
    expect(keys).toContain(`booking:${id}:owner-deposit-expired`);
    const page = await run(payLoader, getRequest(`/pay/${row.paymentToken}`), { token: row.paymentToken! });
    expect(page.data.state).toBe('expired');
    const late = stripe.complete(session.id);
    expect(await (await deliver(late)).json()).toMatchObject({ outcome: 'late_refunded' });
    expect((await booking(id)).status).toBe('cancelled');
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent)).toMatchObject([{ amount: session.amount_total }]);
    expect((await mailsOf(id)).map((m) => m.idempotencyKey)).toContain(`booking:${id}:owner-deposit-late_refunded`);
    expect(await db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, id))).toHaveLength(0);
  });

  it('the owner refunds part, then the rest with cancellation; more than paid is refused', async () => {
    const { id, session } = await heldAndOpened();
    await deliver(stripe.complete(session.id));
    const paid = session.amount_total;
    expect(await refundDeposit(id, paid + 1, 'Trop', false, 'owner@example.com')).toBeInstanceOf(Refusal);
    expect(await refundDeposit(id, 1000, 'Geste commercial', false, 'owner@example.com')).toBe(true);
    expect(await refundDeposit(id, paid - 1000, 'Annulation à la demande du client', true, 'owner@example.com')).toBe(true);
    const [payment] = await db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, id));
    expect(payment!.refundedCents).toBe(paid);
    expect((await booking(id)).status).toBe('cancelled');
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent).map((r) => r.amount)).toEqual([1000, paid - 1000]);
    const events = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
    expect(events.filter((e) => e.kind === 'refund')).toHaveLength(2);
    expect(await refundDeposit(id, 1, 'Encore', false, null)).toBeInstanceOf(Refusal);
  });
});

describe("access: the webhook is anonymous and signature-only; the payment link is one booking's secret", () => {
  it('through the whole server stack, the raw JSON body reaches the handler (no form guard, no Origin check, never cached)', async () => {
    const { id, session } = await heldAndOpened();
    const server = createApp();
    const payload = JSON.stringify(stripe.complete(session.id));
    const post = (headers: Record<string, string>) =>
      server.request(`http://localhost:3000${STRIPE_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: payload,
      });
    // An admin's session grants nothing here: without a valid signature, 400.
    const admin = await signedInAs('admin');
    const unsigned = await post({ cookie: admin.cookie, origin: 'http://localhost:3000' });
    expect(unsigned.status).toBe(400);
    expect(unsigned.headers.get('Cache-Control')).toBe('no-store');
    expect((await booking(id)).status).toBe('awaiting_payment');
    const signed = await post({ 'Stripe-Signature': stripe.sign(payload) });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('Cache-Control')).toBe('no-store');
    expect((await booking(id)).status).toBe('confirmed');
  });

  it("each booking's token opens only that booking; tokens are 256-bit and unique", async () => {
    const a = await heldAndOpened();
    const b = await heldAndOpened();
    expect(a.row.paymentToken).not.toBe(b.row.paymentToken);
    const pageA = await run(payLoader, getRequest(`/pay/${a.row.paymentToken}`), { token: a.row.paymentToken! });
    expect(pageA.headers.get('Location')).toBe(a.session.url);
    expect(pageA.headers.get('Cache-Control')).toContain('no-store');
    await expect(db.update(bookings).set({ paymentToken: a.row.paymentToken }).where(eq(bookings.id, b.id))).rejects.toThrow();
    // A token one character off is unknown.
    const near = `${a.row.paymentToken!.slice(0, -1)}${a.row.paymentToken!.endsWith('A') ? 'B' : 'A'}`;
    expect((await run(payLoader, getRequest(`/pay/${near}`), { token: near })).status).toBe(404);
  });
});

describe('the owner’s screens', () => {
  it('Configuration saves the switch and the window; a bad window is refused in French and changes nothing', async () => {
    const admin = await signedInAs('admin');
    const bad = await run(configAction, formRequest('/admin/config', { intent: 'save-online-deposit', enabled: 'on', paymentWindowHours: '0' }, admin.cookie));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('Le délai de paiement doit être compris entre 1 et 720 heures');
    const ok = await run(configAction, formRequest('/admin/config', { intent: 'save-online-deposit', paymentWindowHours: '12' }, admin.cookie));
    expect(ok.status).toBe(200);
    const [row] = await db.select().from(siteConfig);
    expect(row).toMatchObject({ onlineDeposit: false, paymentWindowHours: 12 });
  });

  it('the booking page shows the card deposit; the refund intent refunds through Stripe with the reason', async () => {
    const { id, session } = await heldAndOpened();
    await deliver(stripe.complete(session.id));
    const admin = await signedInAs('admin');
    const page = await run(bookingLoader, getRequest(`/admin/booking/${id}`, admin.cookie), { bookingId: id });
    expect(page.data.booking.onlineDeposit).toMatchObject({ state: 'paid', refundableCents: session.amount_total });
    expect(page.data.booking.onlineDeposit.text).toContain(`référence Stripe ${session.payment_intent}`);
    const noReason = await run(bookingAction, formRequest(`/admin/booking/${id}`, { intent: 'refund-deposit', id, amount: '5', reason: '' }, admin.cookie), {
      bookingId: id,
    });
    expect(noReason.status).toBe(400);
    const refund = await run(
      bookingAction,
      formRequest(`/admin/booking/${id}`, { intent: 'refund-deposit', id, amount: '5', reason: 'Geste commercial' }, admin.cookie),
      { bookingId: id },
    );
    expect(refund.status).toBe(200);
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent).map((r) => r.amount)).toEqual([500]);
    const after = await run(bookingLoader, getRequest(`/admin/booking/${id}`, admin.cookie), { bookingId: id });
    expect(after.data.booking.onlineDeposit).toMatchObject({ state: 'refunded', refunded: expect.stringMatching(/^Remboursé : 5\s€$/) });
  });
});
