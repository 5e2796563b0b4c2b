// Notifications on the owners' phones (issue 48), against the real database and a local
// stand-in push service over https (tests/support/push-stand-in.ts) that checks the VAPID
// signature and decrypts every message with the keys the test made for its "browser":
// one push per admin device and event, with the right link; once across two workers;
// dead devices removed; a silent push service bounded; a changed VAPID key; the
// Notifications screen's intents; the payload's bound.
import tls from 'node:tls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordEntry } from '~/.server/booking/stays/records';
import { createBookingRequest } from '~/.server/booking/stays/requests';
import { guesthouseToday } from '~/.server/guesthouse-time';
import { db } from '~/.server/db/client';
import { appSecrets, bookings, pushOutbox, pushSubscriptions, rooms, siteConfig } from '~/.server/db/schema';
import { notifyOwners, pushPayload, PUSH_PAYLOAD_MAX_BYTES } from '~/.server/notifications/owner-notifications';
import { sendPush } from '~/.server/notifications/push-delivery';
import { createPushWorker } from '~/.server/notifications/push-worker';
import { dropSubscriptionsOfOtherKeys, forgetVapidKeys, vapidKeys } from '~/.server/notifications/vapid';
import { MAX_DEVICES_PER_USER } from '~/.server/notifications/subscriptions';
import { createTranslator, resolveCatalog } from '~/lib/i18n';
import { addDays } from '~/lib/nights';
import { action, loader } from '~/routes/admin/notifications';
import { loader as manifestLoader } from '~/routes/resources/admin-manifest';
import { loader as workerLoader } from '~/routes/resources/admin-service-worker';
import webpush from 'web-push';
import { accepted } from '../support/refusals';
import { generateSubscriberKeys, startPushStandIn, type PushStandIn } from '../support/push-stand-in';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';

// The stand-in listens on 127.0.0.1: endpoints may reach loopback here (and only here).
vi.hoisted(() => {
  process.env.PUSH_ALLOW_PRIVATE_ADDRESSES = 'true';
});

let standIn: PushStandIn;
let roomId: string;
let owner: Awaited<ReturnType<typeof signedInAs>>;
let partner: Awaited<ReturnType<typeof signedInAs>>;
let guestUser: Awaited<ReturnType<typeof signedInAs>>;
const logs: string[] = [];
const worker = (options: Parameters<typeof createPushWorker>[0] = {}) =>
  createPushWorker({ listen: false, allowPrivate: true, log: (line) => logs.push(line), ...options });

beforeAll(async () => {
  standIn = await startPushStandIn();
  // The stand-in's self-signed certificate is trusted as a real push service's would be.
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), standIn.certificate]);
  await db.insert(siteConfig).values({ name: 'Le Mas des Tests', contactEmail: 'maison@example.com' });
  const [room] = await db.insert(rooms).values({ position: 0, pricePerNightCents: 100_00, maxGuests: 3 }).returning();
  roomId = room!.id;
  [owner, partner, guestUser] = await Promise.all([signedInAs('admin'), signedInAs('admin'), signedInAs('user')]);
});
afterAll(() => standIn?.close());
beforeEach(async () => {
  await db.delete(pushSubscriptions);
  standIn.received.length = 0;
  standIn.refused.length = 0;
  logs.length = 0;
});

/** A "browser" subscribed at the stand-in with the site's key, then through the screen's action, as the page does. */
async function subscribeDevice(cookie: string, userAgent = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36') {
  const { publicKey } = await vapidKeys();
  const subscription = standIn.subscribe(publicKey);
  const reply = await run(
    action,
    formRequest(
      '/admin/notifications',
      { intent: 'subscribe', endpoint: subscription.endpoint, ...subscription.keys, applicationServerKey: publicKey },
      cookie,
      {
        'user-agent': userAgent,
      },
    ),
  );
  expect(reply.status, JSON.stringify(reply.data)).toBe(200);
  return subscription;
}

let offset = 20;
async function guestRequest(name = 'Ada Lovelace') {
  const arrival = addDays(guesthouseToday(), (offset += 5));
  return accepted(
    await createBookingRequest({
      roomId,
      arrival,
      departure: addDays(arrival, 3),
      adults: 2,
      children: 0,
      name,
      email: 'ada@example.org',
      phone: '+33 6 12 34 56 78',
      message: 'Nous arriverons tard, vers 22 h.',
      language: 'en',
      chain: ['en', 'fr'],
      t: createTranslator('en', resolveCatalog('en', 'fr')),
    }),
  ).id;
}

const payloadsFor = (subscriptionId: string) => standIn.received.filter((r) => r.subscriptionId === subscriptionId).map((r) => r.payload);

describe('a new booking request', () => {
  it('reaches every admin device once, decrypted, with the link to the request and no more of the guest than name and dates', async () => {
    const phone = await subscribeDevice(owner.cookie);
    const laptop = await subscribeDevice(owner.cookie, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15');
    const partnerPhone = await subscribeDevice(partner.cookie);
    // A plain user's device (an admin then demoted) hears nothing of the bookings.
    const userDevice = await subscribeDevice(owner.cookie);
    await db.update(pushSubscriptions).set({ userId: guestUser.userId }).where(eq(pushSubscriptions.endpoint, userDevice.endpoint));

    const id = await guestRequest();
    expect(await worker().drain()).toBe(3);

    for (const device of [phone, laptop, partnerPhone]) {
      const [payload, ...more] = payloadsFor(device.id);
      expect(more).toEqual([]);
      expect(payload).toEqual({
        title: 'Nouvelle demande de réservation',
        body: expect.stringContaining('Ada Lovelace'),
        url: `/admin/reservations#booking-${id}`,
        tag: `booking-${id}`,
      });
      const body = (payload as { body: string }).body;
      expect(body).toMatch(/du \d\d\/\d\d\/\d{4} au \d\d\/\d\d\/\d{4} \(3 nuits\)/);
      for (const secret of ['ada@example.org', '12 34 56 78', 'tard']) expect(body).not.toContain(secret);
    }
    expect(payloadsFor(userDevice.id)).toEqual([]);
    const [first] = standIn.received;
    expect(first!.urgency).toBe('high');
    expect(first!.ttl).toBeGreaterThan(23 * 3600);
    expect(first!.ttl).toBeLessThanOrEqual(24 * 3600);
    expect(first!.claims.sub).toBe('mailto:maison@example.com');
    // Sent, recorded, the devices known to be alive; nothing left to send.
    expect(await worker().drain()).toBe(0);
    const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint));
    expect(device!.lastSuccessAt).not.toBeNull();
    expect(device!.device).toBe('Chrome sur Android');
  });

  it('a request that is not stored queues nothing (the push rides its transaction)', async () => {
    await subscribeDevice(owner.cookie);
    const before = await db.select().from(pushOutbox);
    await expect(
      createBookingRequest({
        roomId: '00000000-0000-4000-8000-000000000000',
        arrival: addDays(guesthouseToday(), 300),
        departure: addDays(guesthouseToday(), 302),
        adults: 2,
        children: 0,
        name: 'Nobody',
        email: 'nobody@example.org',
        language: 'fr',
        chain: ['fr'],
        t: createTranslator('fr', resolveCatalog('fr', 'fr')),
      }),
    ).resolves.not.toHaveProperty('id');
    expect(await db.select().from(pushOutbox)).toHaveLength(before.length);
  });

  it('two workers draining at once deliver each message once', async () => {
    const devices = await Promise.all([subscribeDevice(owner.cookie), subscribeDevice(owner.cookie), subscribeDevice(partner.cookie)]);
    for (let i = 0; i < 4; i++) await guestRequest(`Guest ${i}`);
    const [a, b] = [worker(), worker()];
    const [sentByA, sentByB] = await Promise.all([a.drain(), b.drain()]);
    expect(sentByA + sentByB).toBe(12);
    for (const device of devices) {
      const urls = payloadsFor(device.id).map((p) => (p as { url: string }).url);
      expect(urls).toHaveLength(4);
      expect(new Set(urls).size).toBe(4);
    }
  });
});

describe('the running worker', () => {
  it('sends as soon as the event commits (NOTIFY), not at its next poll', async () => {
    const device = await subscribeDevice(owner.cookie);
    const running = worker({ listen: true, pollIntervalMs: 600_000 });
    await running.start();
    try {
      await guestRequest();
      await expect.poll(() => payloadsFor(device.id).length, { timeout: 5_000 }).toBe(1);
    } finally {
      await running.stop();
    }
  });
});

describe('a deposit received', () => {
  it('recorded by hand on a booking page: one push with the amount and the booking page; a balance: none', async () => {
    const phone = await subscribeDevice(owner.cookie);
    const id = await guestRequest('Grace Hopper');
    await db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, id));
    await worker().drain();
    standIn.received.length = 0;
    accepted(await recordEntry(id, { nature: 'arrhes', amountCents: 9000, occurredOn: guesthouseToday(), means: 'virement' }, owner.email));
    accepted(await recordEntry(id, { nature: 'solde', amountCents: 21000, occurredOn: guesthouseToday(), means: 'especes' }, owner.email));
    await worker().drain();
    expect(payloadsFor(phone.id)).toEqual([
      { title: 'Acompte reçu', body: expect.stringMatching(/^90\s€ · Grace Hopper · Chambre #1 · du /), url: `/admin/booking/${id}`, tag: `booking-${id}` },
    ]);
  });
});

describe('dead and failing devices', () => {
  it('a 410 removes the device and its pending messages; the others still get theirs', async () => {
    const gone = await subscribeDevice(owner.cookie);
    const alive = await subscribeDevice(owner.cookie);
    standIn.markGone(gone.id);
    await guestRequest();
    await guestRequest();
    await worker().drain();
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.endpoint))).toEqual([]);
    expect(standIn.refused.filter((r) => r.subscriptionId === gone.id).map((r) => r.status)).toEqual([410]);
    expect(payloadsFor(alive.id)).toHaveLength(2);
    expect(logs.filter((line) => line.includes('no longer subscribed'))).toHaveLength(1);
  });

  it('a push service that does not answer, or answers 500, is tried a few times within the deadline and backoff, then given up and logged once', async () => {
    const device = await subscribeDevice(owner.cookie);
    standIn.misbehave(device.id, { kind: 'hang' }, { kind: 'status', status: 500 }, { kind: 'hang' });
    await guestRequest();
    let clock = Date.now();
    const slow = worker({ now: () => new Date(clock), timeoutMs: 300, retry: { baseDelayMs: 1_000, maxAttempts: 3, jitter: 0 } });
    const started = Date.now();
    expect(await slow.drain()).toBe(0);
    // Bounded by the deadline, not by the silent service.
    expect(Date.now() - started).toBeLessThan(5_000);
    let [row] = await db.select().from(pushOutbox);
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toBe('le serveur ne répond pas');
    clock += 1_000;
    await slow.drain();
    [row] = await db.select().from(pushOutbox);
    expect(row!.lastError).toMatch(/answered 500/);
    expect(row!.failedAt).toBeNull();
    expect(logs).toEqual([]);
    clock += 2_000;
    await slow.drain();
    [row] = await db.select().from(pushOutbox);
    expect(row!.attempts).toBe(3);
    expect(row!.failedAt).not.toBeNull();
    expect(logs).toEqual([expect.stringMatching(/given up after 3 tries \(le serveur ne répond pas\)/)]);
    // Given up is given up: nothing more is sent, and the device stays.
    clock += 60_000;
    expect(await slow.drain()).toBe(0);
    expect(standIn.received).toEqual([]);
    expect(await db.select().from(pushSubscriptions)).toHaveLength(1);
  });

  it('a message past its TTL is not sent', async () => {
    const device = await subscribeDevice(owner.cookie);
    await guestRequest();
    const late = worker({ now: () => new Date(Date.now() + 25 * 3600_000) });
    await late.drain();
    expect(payloadsFor(device.id)).toEqual([]);
    const [row] = await db.select().from(pushOutbox);
    expect(row!.failedAt).not.toBeNull();
  });

  it('the push service refuses a record over 4,096 bytes (413); every payload we make is far under it', async () => {
    const device = await subscribeDevice(owner.cookie);
    const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    const outcome = await sendPush(
      { payload: { title: 'x', body: 'é'.repeat(4000), url: '/admin' }, urgency: 'normal', expiresAt: new Date(Date.now() + 60_000), subscription: row! },
      { keys: await vapidKeys(), subject: 'mailto:maison@example.com', timeoutMs: 5_000, allowPrivate: true, now: new Date() },
    );
    expect(outcome).toEqual({ kind: 'refused', reason: expect.stringMatching(/answered 413/) });
    // A guest's name of any length, in four-byte characters, still makes a record within the limit.
    const payload = pushPayload({ title: `Nouveau message de ${'𝓐'.repeat(500)}`, body: '𝓑'.repeat(2000), url: `/admin/booking/${crypto.randomUUID()}` });
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    const keys = generateSubscriberKeys();
    const record = webpush.encrypt(keys.p256dh, keys.auth, JSON.stringify(payload), 'aes128gcm').cipherText;
    expect(record.length).toBeLessThanOrEqual(4096);
  });
});

describe('the VAPID key changes between starts', () => {
  it('devices subscribed with the old key are dropped at start; one the push service refuses with 403 is removed when met', async () => {
    const oldDevice = await subscribeDevice(owner.cookie);
    // Another key pair for the site (restored from elsewhere, or replaced by the operator), then a new start.
    await db
      .update(appSecrets)
      .set({ value: JSON.stringify(webpush.generateVAPIDKeys()) })
      .where(eq(appSecrets.name, 'vapid'));
    forgetVapidKeys();
    expect(await dropSubscriptionsOfOtherKeys()).toBe(1);
    await guestRequest();
    expect(await db.select().from(pushOutbox)).toEqual([]);
    await worker().drain();
    expect(payloadsFor(oldDevice.id)).toEqual([]);

    // The browser's subscription still holds the old key although the row says the new one:
    // its push service refuses our signature (403), and the device goes.
    const { publicKey } = await vapidKeys();
    const stale = standIn.subscribe(webpush.generateVAPIDKeys().publicKey);
    await db.insert(pushSubscriptions).values({
      userId: owner.userId,
      endpoint: stale.endpoint,
      ...stale.keys,
      applicationServerKey: publicKey,
      device: 'Chrome sur Android',
    });
    await guestRequest();
    await worker().drain();
    expect(standIn.refused.map((r) => r.status)).toEqual([403]);
    expect(await db.select().from(pushSubscriptions)).toEqual([]);
    expect(logs).toEqual([expect.stringContaining('subscribed with another key')]);

    // Subscribing again with the site's current key works as before.
    const renewed = await subscribeDevice(owner.cookie);
    await guestRequest();
    await worker().drain();
    expect(payloadsFor(renewed.id)).toHaveLength(1);
  });
});

describe('the Notifications screen', () => {
  it('shows the admin their devices and the key to subscribe with', async () => {
    await subscribeDevice(owner.cookie);
    await subscribeDevice(partner.cookie);
    const page = await run(loader, getRequest('/admin/notifications', owner.cookie));
    expect(page.data.applicationServerKey).toBe((await vapidKeys()).publicKey);
    expect(page.data.devices.map((d: { device: string }) => d.device)).toEqual(['Chrome sur Android']);
  });

  it('refuses what is not a subscription it can write to, changing nothing', async () => {
    const { publicKey } = await vapidKeys();
    const good = standIn.subscribe(publicKey);
    const cases: Array<[Record<string, string>, string]> = [
      [{ endpoint: 'http://push.example.com/x' }, "L'adresse d'abonnement donnée par le navigateur n'est pas valable"],
      [{ endpoint: 'https://user:pw@push.example.com/x' }, "L'adresse d'abonnement donnée par le navigateur n'est pas valable"],
      [{ p256dh: Buffer.alloc(65, 4).toString('base64url') }, "Les clés d'abonnement données par le navigateur ne sont pas valables"],
      [{ auth: 'c2hvcnQ' }, "Les clés d'abonnement données par le navigateur ne sont pas valables"],
      [{ applicationServerKey: webpush.generateVAPIDKeys().publicKey }, 'Cet abonnement a été fait avec une autre clé du site'],
    ];
    for (const [change, message] of cases) {
      const fields = { intent: 'subscribe', endpoint: good.endpoint, ...good.keys, applicationServerKey: publicKey, ...change };
      const reply = await run(action, formRequest('/admin/notifications', fields, owner.cookie));
      expect(reply.status).toBe(400);
      expect(JSON.stringify(reply.data)).toContain(message);
    }
    const tooLong = await run(
      action,
      formRequest('/admin/notifications', { intent: 'subscribe', endpoint: `https://a.example/${'x'.repeat(1100)}` }, owner.cookie),
    );
    expect(tooLong.status).toBe(400);
    expect(await db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('« Tester » reaches this device only; « Désactiver » and « Retirer » forget a device, only the admin’s own', async () => {
    const phone = await subscribeDevice(owner.cookie);
    const other = await subscribeDevice(owner.cookie);
    const test = await run(action, formRequest('/admin/notifications', { intent: 'test', endpoint: phone.endpoint }, owner.cookie));
    expect(test.status).toBe(200);
    await worker().drain();
    expect(payloadsFor(phone.id)).toEqual([{ title: 'Les notifications fonctionnent', body: expect.any(String), url: '/admin/notifications', tag: 'test' }]);
    expect(payloadsFor(other.id)).toEqual([]);
    // Another admin cannot test, nor remove, the owner's device.
    expect((await run(action, formRequest('/admin/notifications', { intent: 'test', endpoint: phone.endpoint }, partner.cookie))).status).toBe(404);
    const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, other.endpoint));
    expect((await run(action, formRequest('/admin/notifications', { intent: 'delete', id: row!.id }, partner.cookie))).status).toBe(404);
    expect((await run(action, formRequest('/admin/notifications', { intent: 'delete', id: row!.id }, owner.cookie))).status).toBe(200);
    expect((await run(action, formRequest('/admin/notifications', { intent: 'unsubscribe', endpoint: phone.endpoint }, owner.cookie))).status).toBe(200);
    expect(await db.select().from(pushSubscriptions)).toEqual([]);
  });

  it(`keeps at most ${MAX_DEVICES_PER_USER} devices per admin: a new one replaces the one silent the longest`, async () => {
    const devices = [];
    for (let i = 0; i < MAX_DEVICES_PER_USER; i++) devices.push(await subscribeDevice(owner.cookie));
    // The first device received a notification lately: the second is the one silent the longest.
    await db.update(pushSubscriptions).set({ lastSuccessAt: new Date() }).where(eq(pushSubscriptions.endpoint, devices[0]!.endpoint));
    await subscribeDevice(owner.cookie);
    const endpoints = (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.userId))).map((d) => d.endpoint);
    expect(endpoints).toHaveLength(MAX_DEVICES_PER_USER);
    expect(endpoints).toContain(devices[0]!.endpoint);
    expect(endpoints).not.toContain(devices[1]!.endpoint);
  });

  it('a browser subscribing again under another account moves the device to that account', async () => {
    const device = await subscribeDevice(owner.cookie);
    const { publicKey } = await vapidKeys();
    const reply = await run(
      action,
      formRequest('/admin/notifications', { intent: 'subscribe', endpoint: device.endpoint, ...device.keys, applicationServerKey: publicKey }, partner.cookie),
    );
    expect(reply.status).toBe(200);
    expect((await db.select().from(pushSubscriptions)).map((d) => d.userId)).toEqual([partner.userId]);
  });
});

describe('the installable back office', () => {
  it('serves the manifest (scope /admin, start on Aujourd’hui, the theme colours, icons) to anyone', async () => {
    const response = await run(manifestLoader, getRequest('/admin/manifest.webmanifest'));
    expect(response.headers.get('Content-Type')).toBe('application/manifest+json; charset=utf-8');
    expect(response.data).toMatchObject({
      name: "Maison d'hôtes — Administration",
      start_url: '/admin/today',
      scope: '/admin',
      display: 'standalone',
      theme_color: '#5b3f8c',
      background_color: '#fdfaf5',
    });
    expect(response.data.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it('serves the worker for the /admin scope, revalidated on every check, under a policy of its own', async () => {
    const response = await run(workerLoader, getRequest('/admin/sw.js'));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(response.headers.get('Service-Worker-Allowed')).toBe('/admin');
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'; connect-src 'self'");
    expect(response.data).toContain("addEventListener('notificationclick'");
    expect(response.data).not.toMatch(/caches\.open|cache\.put/);
  });
});

it('notifyOwners without any device queues nothing and reads nothing more', async () => {
  expect(await notifyOwners(db, { kind: 'guest-message', bookingId: await guestRequest(), messageId: crypto.randomUUID() })).toBe(0);
});
