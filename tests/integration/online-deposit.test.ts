// The online deposit (issues 36 and 51) against the real database and a local stand-in
// for the Stripe API that applies Stripe's documented rules (tests/support/stripe-stand-in.ts),
// webhooks signed with the SDK's own helper: the hold, the payment link and its sessions,
// the webhook (only source of truth) and every bad input of the issues, expiry, the owner
// releasing a hold, and refunds recorded once whichever way Stripe tells them.
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { guesthouseToday } from '~/.server/guesthouse-time';
import { getExportToken, renderRoomExport } from '~/.server/booking/availability/export-feed';
import { listUnavailableNights } from '~/.server/booking/availability/taken-nights';
import { acceptBookingRequest, createBookingRequest } from '~/.server/booking/stays/requests';
import { db } from '~/.server/db/client';
import {
  bookingEvents,
  bookings,
  contactEmails,
  ledgerEntries,
  mailOutbox,
  pushOutbox,
  pushSubscriptions,
  rooms,
  siteConfig,
  stripeEvents,
} from '~/.server/db/schema';
import { vapidKeys } from '~/.server/notifications/vapid';
import { stripe as stripeClient } from '~/.server/payments/stripe-client';
import { releaseExpiredHolds, releaseHold } from '~/.server/booking/stays/deposit';
import { newRefundRequestKey, refundDeposit } from '~/.server/booking/stays/refunds';
import { recordEntry } from '~/.server/booking/stays/records';
import { addDays } from '~/lib/nights';
import { loader as payLoader } from '~/routes/site/pay';
import { createHttpServer } from '~/production-server';
import { limitWebhookBody, STRIPE_WEBHOOK_PATH, stripeWebhook } from '../../server/stripe-webhook';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';
import { action as bookingAction, loader as bookingLoader } from '~/routes/admin/booking';
import { action as configAction } from '~/routes/admin/config';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { createTranslator, resolveCatalog } from '~/lib/i18n';
import { accepted } from '../support/refusals';

// The ledger's rows of a booking (issue 52): what was received, and what was returned with Stripe's status.
const receivedRows = (id: string) =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, id), eq(ledgerEntries.direction, 'received')));
const returnedRows = (id: string) =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, id), eq(ledgerEntries.direction, 'returned')));
const refundedCents = async (id: string) =>
  (await returnedRows(id)).filter((r) => r.stripeStatus !== 'failed' && r.stripeStatus !== 'canceled').reduce((sum, r) => sum + r.amountCents, 0);
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
  it('a deposit under Stripe’s smallest charge is not held for a card: the stay is confirmed, settled with the house', async () => {
    const id = await request(2);
    await db.update(bookings).set({ depositCents: 30 }).where(eq(bookings.id, id));
    expect(await acceptBookingRequest(id, 'owner@example.com')).toEqual({ awaitingPayment: false });
    const row = await booking(id);
    expect(row.status).toBe('confirmed');
    expect([...stripe.sessions.values()].filter((s) => s.metadata.booking_id === id)).toEqual([]);
  });

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
    await db
      .insert(bookings)
      .values({ ...row, id: undefined, reference: `${row.reference}-copie`, status: 'pending', paymentToken: null, paymentExpiresAt: null });
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
    expect(create[0]!.idempotencyKey).toBe(`deposit-checkout:${row.id}:first:${session.expires_at}`);
    // Cards only: a card settles at once, so no session completes unpaid (decision 0021).
    expect(session.allowed_payment_method_types).toEqual(['card']);
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
    const payments = await receivedRows(id);
    expect(payments).toMatchObject([{ nature: 'arrhes', amountCents: row.depositCents, means: 'stripe', stripePaymentIntent: session.payment_intent }]);
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
    expect(await receivedRows(id)).toHaveLength(1);
    expect(await db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, device!.id))).toHaveLength(pushes.length);
    await db.delete(pushSubscriptions);
    // The return page now reads the confirmation.
    const back = await run(payLoader, getRequest(`/pay/${row.paymentToken}?retour=1`), { token: row.paymentToken! });
    expect(back.data.state).toBe('paid');
  });

  it('once confirmed, the same link charges the balance and the tourist tax by card: recorded as two ledger lines, once; then the link says paid', async () => {
    // A tourist tax for this stay only: the balance's session carries it too.
    await db.update(siteConfig).set({ touristTaxBaseCents: 150, touristTaxRegionalPercent: 0 });
    const { id, row, session } = await heldAndOpened('en').finally(() => db.update(siteConfig).set({ touristTaxBaseCents: 0, touristTaxRegionalPercent: 34 }));
    expect(await (await deliver(stripe.complete(session.id))).json()).toMatchObject({ outcome: 'confirmed' });
    const confirmed = await booking(id);
    const balanceDue = confirmed.totalCents + confirmed.taxCents - confirmed.depositCents;
    expect(balanceDue).toBeGreaterThan(0);
    // The link now opens a session for what remains, marked as the balance.
    const opened = await openLink(row.paymentToken!);
    expect(opened.status).toBe(303);
    const balance = sessionsOf(id).find((s) => s.metadata.purpose === 'balance')!;
    expect(opened.headers.get('Location')).toBe(balance.url);
    expect(balance.amount_total).toBe(balanceDue);
    // Opened again while it is open: the same session.
    expect((await openLink(row.paymentToken!)).headers.get('Location')).toBe(balance.url);
    const paid = stripe.complete(balance.id);
    expect((await deliver(paid)).status).toBe(200);
    expect(await (await deliver(paid)).json()).toMatchObject({ outcome: 'replay' });
    const lines = (await receivedRows(id)).map((e) => [e.nature, e.amountCents, e.means]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['arrhes', confirmed.depositCents, 'stripe'],
        ['solde', confirmed.totalCents - confirmed.depositCents, 'stripe'],
        ['taxe_sejour', confirmed.taxCents, 'stripe'],
      ]),
    );
    expect(confirmed.taxCents).toBeGreaterThan(0);
    expect(lines).toHaveLength(3);
    const back = await openLink(row.paymentToken!);
    expect(back.data.state).toBe('paid');
    expect(sessionsOf(id).filter((s) => s.metadata.purpose === 'balance')).toHaveLength(1);
  });

  it('a balance under Stripe’s smallest charge is not sent to checkout: the link answers a page, never an error', async () => {
    const { id, row, session } = await heldAndOpened('en');
    expect(await (await deliver(stripe.complete(session.id))).json()).toMatchObject({ outcome: 'confirmed' });
    const confirmed = await booking(id);
    // Paid by transfer but for 30 cents.
    accepted(
      await recordEntry(
        id,
        { nature: 'solde', amountCents: confirmed.totalCents - confirmed.depositCents - 30, occurredOn: today, means: 'virement' },
        'owner@example.com',
      ),
    );
    const opened = await openLink(row.paymentToken!);
    expect(opened.status).toBe(200);
    expect(opened.data.state).toBe('closed');
    expect(sessionsOf(id).filter((s) => s.metadata.purpose === 'balance')).toHaveLength(0);
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
    expect(await receivedRows(id)).toHaveLength(0);
  });

  it('an amount that differs from the snapshot is refunded at once and confirms nothing', async () => {
    const { id, session } = await heldAndOpened();
    const event = stripe.complete(session.id, { amount_total: session.amount_total - 100 });
    expect(await (await deliver(event)).json()).toMatchObject({ outcome: 'amount_mismatch' });
    expect((await booking(id)).status).toBe('awaiting_payment');
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    expect(await receivedRows(id)).toHaveLength(0);
  });

  it('a charge.refunded before its payment is known is acknowledged; after, it records every refund Stripe lists', async () => {
    const early = stripe.event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_test_unknown', amount_refunded: 100 });
    expect(await (await deliver(early)).json()).toMatchObject({ outcome: 'unknown_booking' });
    const { id, session } = await heldAndOpened();
    await deliver(stripe.complete(session.id));
    // A refund made in the Stripe Dashboard: this site learns it from the webhook alone.
    const made = await stripeClient().refunds.create({ payment_intent: session.payment_intent!, amount: 500 });
    const refunded = stripe.event('charge.refunded', stripe.charge(session.payment_intent!));
    expect(await (await deliver(refunded)).json()).toMatchObject({ outcome: 'refund_recorded' });
    expect(await refundedCents(id)).toBe(500);
    expect(await returnedRows(id)).toMatchObject([{ stripeRefundId: made.id, amountCents: 500, stripeStatus: 'succeeded', recordedBy: 'Stripe' }]);
    // Another event about the same charge (or an older one arriving late) changes nothing.
    await deliver(stripe.event('charge.refunded', { ...stripe.charge(session.payment_intent!), amount_refunded: 200 }));
    await deliver(stripe.event('refund.created', { ...made }));
    expect(await refundedCents(id)).toBe(500);
    const history = (await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id))).filter((e) => e.kind === 'refund');
    expect(history).toMatchObject([{ actor: 'Stripe', details: { amountCents: 500, stripeReference: made.id } }]);
  });
});

describe('expiry and refunds', () => {
  it('an unpaid hold past its window is released (nights reopen, both told, session closed); a late payment is refunded automatically', async () => {
    const { id, session, row } = await heldAndOpened();
    // Paid at Stripe at the last moment; the webhook reaches the site after the release.
    const late = stripe.complete(session.id);
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
    expect(await (await deliver(late)).json()).toMatchObject({ outcome: 'late_refunded' });
    expect((await booking(id)).status).toBe('cancelled');
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent)).toMatchObject([{ amount: session.amount_total }]);
    expect((await mailsOf(id)).map((m) => m.idempotencyKey)).toContain(`booking:${id}:owner-deposit-late_refunded`);
    expect(await receivedRows(id)).toHaveLength(0);
  });

  it('the owner refunds part, then the rest; more than paid is refused', async () => {
    const { id, session } = await heldAndOpened();
    await deliver(stripe.complete(session.id));
    const paid = session.amount_total;
    const refund = (amountCents: number, reason: string) =>
      refundDeposit({ bookingId: id, amountCents, reason, requestKey: newRefundRequestKey() }, 'owner@example.com');
    expect(await refund(paid + 1, 'Trop')).toBeInstanceOf(Refusal);
    expect(await refund(1000, 'Geste commercial')).toBe(true);
    expect(await refund(paid - 1000, 'Annulation à la demande du client')).toBe(true);
    expect(await refundedCents(id)).toBe(paid);
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent).map((r) => r.amount)).toEqual([1000, paid - 1000]);
    const events = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
    expect(events.filter((e) => e.kind === 'refund')).toHaveLength(2);
    expect(await refund(1, 'Encore')).toBeInstanceOf(Refusal);
  });
});

describe("access: the webhook is anonymous and signature-only; the payment link is one booking's secret", () => {
  it('through the whole server stack, the raw JSON body reaches the handler (no form guard, no Origin check, never cached)', async () => {
    const { id, session } = await heldAndOpened();
    const server = createHttpServer().app;
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
    const requestKey = page.data.refundRequestKey;
    const noReason = await run(
      bookingAction,
      formRequest(`/admin/booking/${id}`, { intent: 'refund-deposit', id, amount: '5', reason: '', requestKey }, admin.cookie),
      { bookingId: id },
    );
    expect(noReason.status).toBe(400);
    const refund = await run(
      bookingAction,
      formRequest(`/admin/booking/${id}`, { intent: 'refund-deposit', id, amount: '5', reason: 'Geste commercial', requestKey }, admin.cookie),
      { bookingId: id },
    );
    expect(refund.status).toBe(200);
    expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent).map((r) => r.amount)).toEqual([500]);
    const after = await run(bookingLoader, getRequest(`/admin/booking/${id}`, admin.cookie), { bookingId: id });
    expect(after.data.booking.onlineDeposit).toMatchObject({ state: 'refunded', refunded: expect.stringMatching(/^Remboursé : 5\s€$/) });
  });
});

/* ───────────── issue 51: Stripe as Stripe documents it ───────────── */

const HOUR = 3_600_000;
const sessionsOf = (bookingId: string) => [...stripe.sessions.values()].filter((s) => s.metadata.booking_id === bookingId);
const openSessionsOf = (bookingId: string) => sessionsOf(bookingId).filter((s) => s.status === 'open' && s.expires_at > Date.now() / 1000);
const stripeRefunds = (intent: string) => stripe.refunds.filter((r) => r.payment_intent === intent);
const openLink = async (token: string, query = '') => run(payLoader, getRequest(`/pay/${token}${query}`), { token });

describe('Checkout Sessions within Stripe’s limits', () => {
  it('whatever the payment window (1 to 720 hours), the guest reaches checkout: expires_at lies 30 minutes to 24 hours ahead', async () => {
    for (const hours of [1, 24, 48, 72, 720]) {
      await db.update(siteConfig).set({ paymentWindowHours: hours });
      const id = await request();
      await acceptBookingRequest(id, 'owner@example.com');
      const row = await booking(id);
      const page = await openLink(row.paymentToken!);
      expect(page.status, `${hours} h`).toBe(303);
      const [session] = sessionsOf(id);
      expect(session!.expires_at - session!.created).toBeGreaterThanOrEqual(30 * 60);
      expect(session!.expires_at - session!.created).toBeLessThanOrEqual(24 * 3600);
      // A hold shorter than a day is paid in the session of its own deadline.
      if (hours <= 23) expect(session!.expires_at).toBe(Math.floor(row.paymentExpiresAt!.getTime() / 1000));
    }
    await db.update(siteConfig).set({ paymentWindowHours: 48 });
  });

  it('a 72-hour hold gets a fresh session once the last one has ended, never two open, each made once', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await db.update(siteConfig).set({ paymentWindowHours: 72 });
      const id = await request(2, 'de');
      await acceptBookingRequest(id, 'owner@example.com');
      const token = (await booking(id)).paymentToken!;
      const first = await openLink(token);
      const [one] = sessionsOf(id);
      expect(first.headers.get('Location')).toBe(one!.url);
      // Two tabs at once: one session.
      await Promise.all([openLink(token), openLink(token)]);
      expect(sessionsOf(id)).toHaveLength(1);

      // A day later Stripe has expired it: the link makes the next one.
      vi.setSystemTime(Date.now() + 24 * HOUR);
      expect(openSessionsOf(id)).toHaveLength(0);
      const second = await openLink(token);
      expect(sessionsOf(id)).toHaveLength(2);
      const two = sessionsOf(id).find((s) => s.id !== one!.id)!;
      expect(second.headers.get('Location')).toBe(two.url);
      expect(openSessionsOf(id)).toEqual([two]);

      // Ten minutes before it ends, it is closed through the API before the third is made.
      vi.setSystemTime(two.expires_at * 1000 - 10 * 60_000);
      const before = stripe.requests.length;
      await openLink(token);
      const calls = stripe.requests.slice(before).map((r) => `${r.method} ${r.path}`);
      expect(calls).toEqual([`GET /v1/checkout/sessions/${two.id}`, `POST /v1/checkout/sessions/${two.id}/expire`, 'POST /v1/checkout/sessions']);
      expect(two.status).toBe('expired');
      expect(openSessionsOf(id)).toHaveLength(1);
      const keys = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.form.get('metadata[booking_id]') === id).map((r) => r.idempotencyKey);
      expect(new Set(keys).size).toBe(3);
      // The last session ends with the hold, not after it.
      const three = openSessionsOf(id)[0]!;
      expect(three.expires_at).toBeLessThanOrEqual(Math.floor((await booking(id)).paymentExpiresAt!.getTime() / 1000));
      expect(three.expires_at - three.created).toBeLessThanOrEqual(24 * 3600);
    } finally {
      vi.useRealTimers();
      await db.update(siteConfig).set({ paymentWindowHours: 48 });
    }
  });

  it('the stand-in refuses what Stripe refuses: expires_at out of range, an idempotency key reused with other parameters', async () => {
    const client = stripeClient();
    const base = {
      mode: 'payment' as const,
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 1000, product_data: { name: 'x' } } }],
      success_url: 'http://localhost:3000/ok',
    };
    const now = Math.floor(Date.now() / 1000);
    await expect(client.checkout.sessions.create({ ...base, expires_at: now + 48 * 3600 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'expires_at',
    });
    await expect(client.checkout.sessions.create({ ...base, expires_at: now + 60 })).rejects.toMatchObject({ param: 'expires_at' });
    const key = `test-${Date.now()}`;
    const made = await client.checkout.sessions.create({ ...base, expires_at: now + 3600 }, { idempotencyKey: key });
    expect((await client.checkout.sessions.create({ ...base, expires_at: now + 3600 }, { idempotencyKey: key })).id).toBe(made.id);
    await expect(client.checkout.sessions.create({ ...base, expires_at: now + 7200 }, { idempotencyKey: key })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
    await client.checkout.sessions.expire(made.id);
    await expect(client.checkout.sessions.expire(made.id)).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });
});

describe('a webhook signed in the future', () => {
  it('is refused beyond the tolerance (5 minutes), accepted within it', async () => {
    const { id, session } = await heldAndOpened();
    const payload = JSON.stringify(stripe.complete(session.id));
    const now = Math.floor(Date.now() / 1000);
    expect((await deliver(payload, stripe.sign(payload, undefined, now + 10 * 60))).status).toBe(400);
    expect((await booking(id)).status).toBe('awaiting_payment');
    expect((await deliver(payload, stripe.sign(payload, undefined, now + 60))).status).toBe(200);
    expect((await booking(id)).status).toBe('confirmed');
  });
});

describe('refunds recorded once, as Stripe recorded them', () => {
  async function paid() {
    const opened = await heldAndOpened('es');
    await deliver(stripe.complete(opened.session.id));
    return opened;
  }
  const refundRows = (id: string) => returnedRows(id);

  it('two posts of one « Rembourser » form at once make one refund, one line of history, one mail', async () => {
    const { id, session } = await paid();
    const admin = await signedInAs('admin');
    const { refundRequestKey } = (await run(bookingLoader, getRequest(`/admin/booking/${id}`, admin.cookie), { bookingId: id })).data;
    const post = () =>
      run(
        bookingAction,
        formRequest(
          `/admin/booking/${id}`,
          { intent: 'refund-deposit', id, amount: '10', reason: 'Geste commercial', requestKey: refundRequestKey },
          admin.cookie,
        ),
        { bookingId: id },
      );
    const answers = await Promise.all([post(), post()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    // Posted once more later (the answer was lost): still one.
    expect((await post()).status).toBe(200);
    expect(stripeRefunds(session.payment_intent!).map((r) => r.amount)).toEqual([1000]);
    expect(await refundRows(id)).toMatchObject([{ amountCents: 1000, recordedBy: admin.email, reason: 'Geste commercial' }]);
    const events = (await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id))).filter((e) => e.kind === 'refund');
    expect(events).toHaveLength(1);
    expect((await mailsOf(id)).filter((m) => m.idempotencyKey.includes(':refund:'))).toHaveLength(1);
    // The page shows what Stripe recorded, to the cent.
    const page = await run(bookingLoader, getRequest(`/admin/booking/${id}`, admin.cookie), { bookingId: id });
    expect(page.data.booking.onlineDeposit).toMatchObject({ refunded: expect.stringMatching(/^Remboursé : 10\s€$/) });
    expect(page.data.booking.onlineDeposit.refundableCents).toBe(session.amount_total - 1000);
    // A new form (a new key) is a new refund.
    expect(page.data.refundRequestKey).not.toBe(refundRequestKey);
  });

  it('the webhook arriving before the API’s answer records the refund once, with the owner’s reason', async () => {
    const { id, session } = await paid();
    stripe.beforeRefundAnswer = async () => {
      const answer = await deliver(stripe.event('charge.refunded', stripe.charge(session.payment_intent!)));
      expect(await answer.json()).toMatchObject({ outcome: 'refund_recorded' });
    };
    try {
      expect(await refundDeposit({ bookingId: id, amountCents: 500, reason: 'Petit geste', requestKey: newRefundRequestKey() }, 'owner@example.com')).toBe(
        true,
      );
    } finally {
      stripe.beforeRefundAnswer = undefined;
    }
    const [made] = stripeRefunds(session.payment_intent!);
    expect(await refundRows(id)).toMatchObject([{ stripeRefundId: made!.id, amountCents: 500, recordedBy: 'owner@example.com', reason: 'Petit geste' }]);
    expect(await refundedCents(id)).toBe(500);
    const events = (await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id))).filter((e) => e.kind === 'refund');
    expect(events).toMatchObject([{ actor: 'owner@example.com', details: { amountCents: 500, reason: 'Petit geste', stripeReference: made!.id } }]);
    const [mail] = (await mailsOf(id)).filter((m) => m.idempotencyKey === `booking:${id}:refund:${made!.id}`);
    expect(mail!.subject).toContain('Reembolso');
    // Stripe's refund.updated later: the status follows, nothing is counted twice.
    await deliver(stripe.event('refund.updated', { ...made }));
    expect(await refundedCents(id)).toBe(500);
  });

  it('a failed refund returns nothing: the refunded figure follows its status', async () => {
    const { id, session } = await paid();
    expect(await refundDeposit({ bookingId: id, amountCents: 700, reason: 'Essai', requestKey: newRefundRequestKey() }, 'owner@example.com')).toBe(true);
    const [made] = stripeRefunds(session.payment_intent!);
    made!.status = 'failed';
    await deliver(stripe.event('refund.failed', { ...made }));
    expect(await refundRows(id)).toMatchObject([{ stripeStatus: 'failed' }]);
    expect(await refundedCents(id)).toBe(0);
  });

  it('what Stripe refuses (more than it has left, after a refund this site has not heard of yet) is the owner’s refusal, recording nothing', async () => {
    const { id, session } = await paid();
    await stripeClient().refunds.create({ payment_intent: session.payment_intent!, amount: 300 });
    const answer = await refundDeposit(
      { bookingId: id, amountCents: session.amount_total, reason: 'Tout', requestKey: newRefundRequestKey() },
      'owner@example.com',
    );
    expect(answer).toBeInstanceOf(Refusal);
    expect((answer as Refusal).message).toMatch(/^Stripe refuse ce remboursement : Refund amount/);
    expect(await refundRows(id)).toHaveLength(0);
  });
});

describe('the owner releases a hold', () => {
  it('« Annuler la réservation » frees the nights (calendar, export feed) at once, closes the session, tells the guest; a later payment is refunded', async () => {
    const { id, row, session } = await heldAndOpened('es');
    expect((await listUnavailableNights(roomId, row.arrival, row.departure)).size).toBe(2);
    const admin = await signedInAs('admin');
    const page = await run(bookingLoader, getRequest(`/admin/booking/${id}`, admin.cookie), { bookingId: id });
    expect(page.data.booking.status).toBe('awaiting_payment');
    // The guest paid at Stripe a moment before; the webhook comes after the release.
    const late = stripe.complete(session.id);
    const released = await run(
      bookingAction,
      formRequest(`/admin/booking/${id}`, { intent: 'release-hold', id, message: 'Les dates ne sont plus possibles.' }, admin.cookie),
      { bookingId: id },
    );
    expect(released.status).toBe(200);
    expect((await booking(id)).status).toBe('cancelled');
    expect((await listUnavailableNights(roomId, row.arrival, row.departure)).size).toBe(0);
    expect(await renderRoomExport((await getExportToken(roomId))!)).not.toContain(`booking-${id}@`);
    const [mail] = (await mailsOf(id)).filter((m) => m.idempotencyKey === `booking:${id}:hold_released`);
    expect(mail!.recipients).toEqual(['ada@example.org']);
    expect(mail!.subject).toContain('Reserva cancelada');
    expect(mail!.textBody).toContain('Les dates ne sont plus possibles.');
    const history = (await run(bookingLoader, getRequest(`/admin/booking/${id}`, admin.cookie), { bookingId: id })).data.history;
    expect(history.at(-1)).toMatchObject({ by: admin.email, what: expect.stringMatching(/^Annulée en attente de l'acompte : nuits libérées/) });
    expect((await openLink(row.paymentToken!)).data.state).toBe('closed');
    // Released again: refused, nothing changes.
    const again = await run(bookingAction, formRequest(`/admin/booking/${id}`, { intent: 'release-hold', id }, admin.cookie), { bookingId: id });
    expect(again.status).toBe(400);
    expect(await (await deliver(late)).json()).toMatchObject({ outcome: 'late_refunded' });
    expect(stripeRefunds(session.payment_intent!)).toMatchObject([{ amount: session.amount_total, metadata: { cause: 'hold_released' } }]);
    expect((await booking(id)).status).toBe('cancelled');
  });

  it('an open session is expired through the API', async () => {
    const { id, session } = await heldAndOpened();
    expect(await releaseHold(id, null, 'owner@example.com')).toEqual({ id });
    expect(stripe.sessions.get(session.id)!.status).toBe('expired');
    expect(stripe.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${session.id}/expire`)).toBe(true);
    expect((await mailsOf(id)).map((m) => m.idempotencyKey)).toContain(`booking:${id}:hold_released`);
  });
});

describe('a delayed payment method', () => {
  it('a session completed unpaid leaves the guest a card payment; a delayed payment settling after the card is refunded', async () => {
    const { id, row, session } = await heldAndOpened('fr');
    // A session of before (or made elsewhere) that took a debit: completed, not yet paid.
    const pending = stripe.complete(session.id, { payment_status: 'unpaid' });
    expect(await (await deliver(pending)).json()).toMatchObject({ outcome: 'not_paid' });
    const page = await openLink(row.paymentToken!);
    expect(page.data).toMatchObject({ state: 'pending', cardUrl: `/pay/${row.paymentToken}?carte=1` });
    const card = await openLink(row.paymentToken!, '?carte=1');
    expect(card.status).toBe(303);
    const cardSession = sessionsOf(id).find((s) => s.id !== session.id)!;
    expect(cardSession.allowed_payment_method_types).toEqual(['card']);
    expect(await (await deliver(stripe.complete(cardSession.id))).json()).toMatchObject({ outcome: 'confirmed' });
    // The debit settles afterwards: the stay was paid by card, so it goes back.
    const settled = stripe.settle(session.id, 'paid');
    expect(await (await deliver(settled)).json()).toMatchObject({ outcome: 'duplicate_refunded' });
    expect(stripeRefunds(session.payment_intent!)).toMatchObject([{ amount: session.amount_total, reason: 'duplicate' }]);
    expect((await mailsOf(id)).map((m) => m.idempotencyKey)).toContain(`booking:${id}:duplicate_payment_refunded:${session.payment_intent}`);
    expect(await receivedRows(id)).toHaveLength(1);
  });

  it('a delayed payment that fails: the hold stays, the guest gets the link again and pays by card', async () => {
    const { id, row, session } = await heldAndOpened('en');
    const pending = stripe.complete(session.id, { payment_status: 'unpaid' });
    await deliver(pending);
    const failed = stripe.settle(session.id, 'failed');
    expect(await (await deliver(failed)).json()).toMatchObject({ outcome: 'payment_failed' });
    expect((await booking(id)).status).toBe('awaiting_payment');
    const [mail] = (await mailsOf(id)).filter((m) => m.idempotencyKey === `booking:${id}:deposit-request:${session.id}`);
    expect(mail!.textBody).toContain('your payment did not go through');
    expect(mail!.textBody).toContain(`/pay/${row.paymentToken}`);
    // The link now opens a card session straight away.
    expect((await openLink(row.paymentToken!)).status).toBe(303);
    expect(openSessionsOf(id)).toHaveLength(1);
    expect((await deliver(failed)).status).toBe(200);
  });
});
