// The site's VAPID identity (RFC 8292): the key pair that signs every push message, and
// the contact the push services may write to. Like the session secret, the pair comes
// from the environment (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY) or is generated once and
// kept in the database (app_secrets), so every instance signs with the same key. A
// browser subscribes with the public key, and its push service refuses any message
// signed with another: when the key changes, the subscriptions made with the old one
// are dropped at start, and each device subscribes again on its next visit to the back
// office (decision 0024).
import { ne } from 'drizzle-orm';
import webpush from 'web-push';
import { getOrCreateSecret } from '../auth/secrets';
import { config } from '../environment';
import { db, type Executor } from '../db/client';
import { pushSubscriptions, siteConfig } from '../db/schema';
import { mailboxAddress } from '../mail/compose';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

let kept: Promise<VapidKeys> | undefined;

/** The pair of this process: from the environment, else the database's (made by the first start). */
export function vapidKeys(): Promise<VapidKeys> {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = config();
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY) return Promise.resolve({ publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY });
  kept ??= getOrCreateSecret('vapid', () => JSON.stringify(webpush.generateVAPIDKeys()))
    .then((value) => JSON.parse(value) as VapidKeys)
    .catch((error: unknown) => {
      kept = undefined;
      throw error;
    });
  return kept;
}

/** Forgets the pair read from the database (tests that change it between "starts"). */
export function forgetVapidKeys() {
  kept = undefined;
}

/**
 * Who the push services may contact about our messages: VAPID_SUBJECT, else the site's
 * contact address, else ADMIN_EMAIL, else a no-reply address of the site's host.
 */
export async function vapidSubject(executor: Executor = db): Promise<string> {
  const { VAPID_SUBJECT, ADMIN_EMAIL, PUBLIC_URL } = config();
  if (VAPID_SUBJECT) return VAPID_SUBJECT;
  const [site] = await executor.select({ email: siteConfig.contactEmail }).from(siteConfig).limit(1);
  const address = mailboxAddress(site?.email) ?? mailboxAddress(ADMIN_EMAIL) ?? `no-reply@${new URL(PUBLIC_URL).hostname}`;
  return `mailto:${address}`;
}

/**
 * At start: the subscriptions made with another public key can never receive a message
 * again (their push service answers 403); they are removed, with their pending messages.
 * Returns how many.
 */
export async function dropSubscriptionsOfOtherKeys(): Promise<number> {
  const { publicKey } = await vapidKeys();
  const dropped = await db.delete(pushSubscriptions).where(ne(pushSubscriptions.applicationServerKey, publicKey)).returning({ id: pushSubscriptions.id });
  if (dropped.length) {
    console.log(
      `[push] the VAPID key changed: ${dropped.length} device subscription(s) made with the old key were removed; ` +
        'each device subscribes again when its owner next opens the back office.',
    );
  }
  return dropped.length;
}
