// This browser's side of the back office's notifications: its service worker and its push
// subscription. Back-office code only (the admin layout and the Notifications screen):
// no public page loads or registers any of it.
import { BACK_OFFICE_SCOPE, SERVICE_WORKER_URL } from './head';

export const pushSupported = () =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;

/** Registers the back office's worker (once; a second call returns the same registration). */
export function registerBackOfficeWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: BACK_OFFICE_SCOPE, updateViaCache: 'none' });
}

const base64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64url(value: string): Uint8Array<ArrayBuffer> {
  const text = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The key a subscription was made with, as the server writes it. */
export const keyOf = (subscription: PushSubscription): string | null =>
  subscription.options.applicationServerKey ? base64url(subscription.options.applicationServerKey) : null;

/** What the server keeps of a subscription: the fields of the `subscribe` intent. */
export function subscriptionFields(subscription: PushSubscription): Record<string, string> {
  const json = subscription.toJSON();
  return {
    intent: 'subscribe',
    endpoint: json.endpoint ?? '',
    p256dh: json.keys?.p256dh ?? '',
    auth: json.keys?.auth ?? '',
    applicationServerKey: keyOf(subscription) ?? '',
  };
}

/** The registration once its worker is active: a subscription needs one. */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await registerBackOfficeWorker();
  const worker = registration.installing ?? registration.waiting;
  if (!registration.active && worker) {
    await new Promise<void>((resolve) => {
      const settled = () => (worker.state === 'activated' || worker.state === 'redundant') && resolve();
      worker.addEventListener('statechange', settled);
      settled();
    });
  }
  return registration;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await activeRegistration();
  return registration.pushManager.getSubscription();
}

/**
 * Subscribes this browser with the site's key (asking for the permission first). A
 * subscription made with another key is replaced: the browser would refuse a second one.
 * Null: the permission was not given.
 */
export async function subscribeThisDevice(applicationServerKey: string): Promise<PushSubscription | null> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return null;
  const registration = await activeRegistration();
  const existing = await registration.pushManager.getSubscription();
  if (existing && keyOf(existing) === applicationServerKey) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(applicationServerKey) });
}

/** Turns this browser's subscription off; its endpoint, for the server to forget it. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/**
 * The site's key changed since this device subscribed (the server dropped the old
 * subscription at start): with the permission still given, subscribes again, silently.
 * The new subscription's fields, for the server, or null when nothing had to change.
 */
export async function renewSubscriptionOfOldKey(applicationServerKey: string): Promise<Record<string, string> | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null;
  const existing = await currentSubscription();
  if (!existing || keyOf(existing) === applicationServerKey) return null;
  const renewed = await subscribeThisDevice(applicationServerKey);
  return renewed ? subscriptionFields(renewed) : null;
}
