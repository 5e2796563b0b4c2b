// What the owners' phones are told, and when: `notifyOwners(executor, event)` queues one
// push message per device of every admin, in the caller's transaction — the event and
// its notifications commit together or not at all, and the push worker sends each once
// (push-outbox.ts). The owner mails are unchanged: a notification is a nudge, the mail
// stays the record and the fallback.
//
// A notification is read on a lock screen: it carries what the owner needs to act —
// what happened, the guest's name, the dates, the room, an amount received — and never
// more of the guest (no e-mail, phone, message text; decision 0024). Its text is French,
// like the back office.
import { NOT_FOUND, type NotFound } from '../rule-refusal';
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney } from '~/lib/money';
import { eachNight, formatNightFr } from '~/lib/nights';
import { db, type Executor } from '../db/client';
import { bookings, profiles, pushSubscriptions } from '../db/schema';
import { roomNamesFr } from '../content/rooms';
import { enqueuePush, type PushPayload, type PushUrgency } from './push-outbox';
import { vapidKeys } from './vapid';

/** Something an owner should hear of at once. Each names what it is about; its text is read here. */
export type OwnerEvent =
  | { kind: 'booking-request'; bookingId: string }
  | { kind: 'deposit-received'; bookingId: string; paymentId: string; amountCents: number }
  | { kind: 'guest-message'; bookingId: string; messageId: string }
  | { kind: 'cancellation-request'; bookingId: string; requestId: string };

/** How long a push service keeps a message for a device that is off: a request is still worth hearing of a day later. */
export const EVENT_TTL_SECONDS = 24 * 3600;
const TEST_TTL_SECONDS = 5 * 60;

/** Bounds of what a notification shows, whatever the guest typed (the encrypted record must stay within 4,096 bytes). */
const TITLE_MAX = 80;
const BODY_MAX = 240;
const URL_MAX = 300;
/** The JSON payload's bound: far under the 3,993 bytes a 4,096-byte aes128gcm record carries (RFC 8291). */
export const PUSH_PAYLOAD_MAX_BYTES = 3_000;

// Control characters would reach the lock screen as boxes or break the line.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

function clip(text: string, max: number): string {
  const plain = text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...plain];
  return chars.length <= max ? plain : `${chars.slice(0, max - 1).join('')}…`;
}

/** A notification's payload, bounded: the service worker shows `title` and `body` and opens `url` (a back-office path) on a click. */
export function pushPayload(input: { title: string; body: string; url: string; tag?: string }): PushPayload {
  const url = input.url.startsWith('/admin') && input.url.length <= URL_MAX ? input.url : '/admin/today';
  const payload: PushPayload = {
    title: clip(input.title, TITLE_MAX),
    body: clip(input.body, BODY_MAX),
    url,
    ...(input.tag ? { tag: clip(input.tag, 64) } : {}),
  };
  if (Buffer.byteLength(JSON.stringify(payload)) > PUSH_PAYLOAD_MAX_BYTES) throw new Error('push payload over its bound');
  return payload;
}

interface Message {
  payload: PushPayload;
  urgency: PushUrgency;
  /** What makes this event's messages one per device, whoever queues it again. */
  key: string;
}

async function describeStay(executor: Executor, bookingId: string) {
  const [row] = await executor
    .select({ guestName: bookings.guestName, arrival: bookings.arrival, departure: bookings.departure, roomId: bookings.roomId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) return null;
  const room = (await roomNamesFr()).get(row.roomId) ?? 'Chambre';
  const nights = eachNight(row.arrival, row.departure).length;
  const stay = `du ${formatNightFr(row.arrival)} au ${formatNightFr(row.departure)} (${nights} ${nights > 1 ? 'nuits' : 'nuit'})`;
  return { name: clip(row.guestName, 60) || 'Client', room, stay };
}

async function messageFor(executor: Executor, event: OwnerEvent): Promise<Message | null> {
  const stay = await describeStay(executor, event.bookingId);
  if (!stay) return null;
  const page = `/admin/booking/${event.bookingId}`;
  switch (event.kind) {
    case 'booking-request':
      return {
        key: `booking-request:${event.bookingId}`,
        urgency: 'high',
        payload: pushPayload({
          title: 'Nouvelle demande de réservation',
          body: `${stay.name} · ${stay.room} · ${stay.stay}`,
          // Réservations, at the request's card: where it is accepted or refused.
          url: `/admin/reservations#booking-${event.bookingId}`,
          tag: `booking-${event.bookingId}`,
        }),
      };
    case 'deposit-received':
      return {
        key: `deposit-received:${event.paymentId}`,
        urgency: 'normal',
        payload: pushPayload({
          title: 'Acompte reçu',
          body: `${formatMoney(event.amountCents)} · ${stay.name} · ${stay.room} · ${stay.stay}`,
          url: page,
          tag: `booking-${event.bookingId}`,
        }),
      };
    case 'guest-message':
      return {
        key: `guest-message:${event.messageId}`,
        urgency: 'normal',
        payload: pushPayload({ title: `Nouveau message de ${stay.name}`, body: `${stay.room} · ${stay.stay}`, url: page, tag: `booking-${event.bookingId}` }),
      };
    case 'cancellation-request':
      return {
        key: `cancellation-request:${event.requestId}`,
        urgency: 'high',
        payload: pushPayload({
          title: "Demande d'annulation",
          body: `${stay.name} · ${stay.room} · ${stay.stay}`,
          url: page,
          tag: `booking-${event.bookingId}`,
        }),
      };
  }
}

/**
 * Queues the event's notification for every device of every admin, in the caller's
 * transaction (pass the one that writes the event). Devices subscribed with another
 * key than the site's are left out: their push service would refuse the message.
 * Returns how many messages were queued.
 */
export async function notifyOwners(executor: Executor, event: OwnerEvent): Promise<number> {
  const { publicKey } = await vapidKeys();
  const devices = await executor
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .innerJoin(profiles, eq(profiles.id, pushSubscriptions.userId))
    .where(and(eq(profiles.role, 'admin'), eq(pushSubscriptions.applicationServerKey, publicKey)));
  if (devices.length === 0) return 0;
  const message = await messageFor(executor, event);
  if (!message) return 0;
  const expiresAt = sql`now() + make_interval(secs => ${EVENT_TTL_SECONDS})`;
  for (const device of devices) {
    await enqueuePush(executor, {
      idempotencyKey: `${message.key}:${device.id}`,
      subscriptionId: device.id,
      payload: message.payload,
      urgency: message.urgency,
      expiresAt,
    });
  }
  return devices.length;
}

/** The « Tester » button: one message to this device of this admin. NOT_FOUND: the device is not subscribed (any more). */
export async function queueTestNotification(userId: string, endpoint: string, executor: Executor = db): Promise<true | NotFound> {
  const [device] = await executor
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .limit(1);
  if (!device) return NOT_FOUND;
  await enqueuePush(executor, {
    idempotencyKey: `test:${device.id}:${crypto.randomUUID()}`,
    subscriptionId: device.id,
    payload: pushPayload({
      title: 'Les notifications fonctionnent',
      body: 'Cet appareil recevra chaque nouvelle demande de réservation, acompte reçu et message de client.',
      url: '/admin/notifications',
      tag: 'test',
    }),
    urgency: 'normal',
    expiresAt: sql`now() + make_interval(secs => ${TEST_TTL_SECONDS})`,
  });
  return true;
}
