// The devices on which an admin turned notifications on (Notifications screen). What a
// browser gives (endpoint, keys) is checked before it is kept: an https endpoint of
// bounded length without credentials, a real P-256 point and a 16-byte secret. At most
// MAX_DEVICES_PER_USER per admin: a new one replaces the one silent the longest.
import { NOT_FOUND, type NotFound } from '../rule-refusal';
import { createECDH } from 'node:crypto';
import net from 'node:net';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { db } from '../db/client';
import { pushSubscriptions, user } from '../db/schema';
import { isPrivateAddress } from '../http/safe-fetch';
import { config } from '../environment';
import { refuse, type Refusal } from '../rule-refusal';
import { deviceName } from './device-name';
import { vapidKeys } from './vapid';

export const MAX_DEVICES_PER_USER = 10;

export const SUBSCRIPTION_RULES = {
  endpoint: "L'adresse d'abonnement donnée par le navigateur n'est pas valable",
  keys: "Les clés d'abonnement données par le navigateur ne sont pas valables",
  staleKey: 'Cet abonnement a été fait avec une autre clé du site : rechargez la page et réactivez les notifications',
};

export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The application server key the browser subscribed with. */
  applicationServerKey: string;
}

function base64urlBytes(value: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  return Buffer.from(value, 'base64url');
}

/** A point of the P-256 curve, uncompressed (65 bytes): the browser's key for the encryption. */
function isP256Point(value: string): boolean {
  const bytes = base64urlBytes(value);
  if (!bytes || bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

function isEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || value.length > 1024) return false;
  // A literal address is checked now; a name is checked when it is resolved, at each send.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  return !net.isIP(literal) || !isPrivateAddress(literal) || config().PUSH_ALLOW_PRIVATE_ADDRESSES;
}

/**
 * Keeps this browser's subscription for this admin (an endpoint another account had on
 * this device moves to this one), then holds the bound. Refused: what the browser gave
 * is not a subscription we can write to, or was made with another key than the site's.
 */
export async function savePushSubscription(userId: string, input: SubscriptionInput, userAgent: string | null): Promise<{ id: string } | Refusal> {
  if (!isEndpoint(input.endpoint)) return refuse(SUBSCRIPTION_RULES.endpoint);
  if (!isP256Point(input.p256dh) || base64urlBytes(input.auth)?.length !== 16) return refuse(SUBSCRIPTION_RULES.keys);
  const { publicKey } = await vapidKeys();
  if (input.applicationServerKey !== publicKey) return refuse(SUBSCRIPTION_RULES.staleKey);
  const device = deviceName(userAgent);
  return db.transaction(async (tx) => {
    // One admin's subscriptions at a time: two devices subscribing at once cannot pass the bound.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, applicationServerKey: publicKey, device })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: input.p256dh, auth: input.auth, applicationServerKey: publicKey, device },
      })
      .returning({ id: pushSubscriptions.id });
    const others = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.id, row!.id)))
      .orderBy(desc(sql`coalesce(${pushSubscriptions.lastSuccessAt}, ${pushSubscriptions.createdAt})`));
    for (const extra of others.slice(MAX_DEVICES_PER_USER - 1)) {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, extra.id));
    }
    return { id: row!.id };
  });
}

/** « Désactiver » on this device: its subscription goes (nothing to do if it already went). */
export async function removePushSubscription(userId: string, endpoint: string): Promise<true> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return true;
}

/** « Retirer » on one of the admin's devices (a phone lost or given away). NOT_FOUND: not one of theirs. */
export async function removePushDevice(userId: string, id: string): Promise<true | NotFound> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0 || NOT_FOUND;
}

/** The admin's devices, oldest first, with the endpoint for the page to find its own. */
export async function listPushDevices(userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
}
