// One message to one push service (RFC 8030): web-push signs it (VAPID, RFC 8292) and
// encrypts it (aes128gcm, RFC 8291); the request itself goes through the guarded fetch
// (http/safe-fetch.ts), because the endpoint is an address a browser gave us: https
// only, public addresses only, a deadline for the whole exchange and a bound on what the
// service answers. The answer is read as the protocol means it.
import webpush from 'web-push';
import { FetchRefused, safeFetch } from '../http/safe-fetch';
import type { ClaimedPush } from './push-outbox';
import type { VapidKeys } from './vapid';

/** What became of one try. */
export type PushOutcome =
  | { kind: 'sent' }
  /** 404/410: the subscription expired or was withdrawn; 403: it belongs to another application server key. */
  | { kind: 'gone'; status: number }
  /** The service refused this message for good (413 too large, 400 malformed…): trying again changes nothing. */
  | { kind: 'refused'; reason: string }
  /** 429, 5xx, no answer in time, the connection failed: worth another try later. */
  | { kind: 'retry'; reason: string; retryAfterMs?: number };

export interface PushSendOptions {
  keys: VapidKeys;
  subject: string;
  /** The whole exchange, connection to last byte. */
  timeoutMs: number;
  /** Let endpoints reach loopback and private addresses (tests). */
  allowPrivate: boolean;
  now: Date;
}

const ANSWER_MAX_BYTES = 16 * 1024;

function retryAfter(header: string | string[] | undefined, now: Date): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now.getTime()) : undefined;
}

export async function sendPush(push: Pick<ClaimedPush, 'payload' | 'urgency' | 'expiresAt' | 'subscription'>, options: PushSendOptions): Promise<PushOutcome> {
  const ttl = Math.floor((push.expiresAt.getTime() - options.now.getTime()) / 1000);
  if (ttl <= 0) return { kind: 'refused', reason: 'expired before it could be delivered' };
  let endpoint: URL;
  try {
    endpoint = new URL(push.subscription.endpoint);
  } catch {
    return { kind: 'refused', reason: 'the endpoint is not a URL' };
  }
  if (endpoint.protocol !== 'https:') return { kind: 'refused', reason: 'the endpoint is not https' };
  let request: webpush.RequestDetails;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: push.subscription.endpoint, keys: { p256dh: push.subscription.p256dh, auth: push.subscription.auth } },
      JSON.stringify(push.payload),
      {
        vapidDetails: { subject: options.subject, publicKey: options.keys.publicKey, privateKey: options.keys.privateKey },
        TTL: ttl,
        urgency: push.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
  } catch (error) {
    // Keys the browser gave that do not make a message (checked at subscription; kept for rows written before).
    return { kind: 'refused', reason: `cannot encrypt for this device (${(error as Error).message})` };
  }
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
  let answer;
  try {
    answer = await safeFetch(push.subscription.endpoint, {
      method: 'POST',
      body: request.body ?? Buffer.alloc(0),
      headers: { ...headers, 'user-agent': 'guesthouse-push', accept: '*/*' },
      timeoutMs: options.timeoutMs,
      maxBytes: ANSWER_MAX_BYTES,
      allowPrivate: options.allowPrivate,
    });
  } catch (error) {
    return { kind: 'retry', reason: error instanceof FetchRefused ? error.message : String(error) };
  }
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410 || status === 403) return { kind: 'gone', status };
  if (status === 429 || status >= 500)
    return { kind: 'retry', reason: `the push service answered ${status}`, retryAfterMs: retryAfter(answer.headers['retry-after'], options.now) };
  return { kind: 'refused', reason: `the push service answered ${status}: ${answer.body.toString('utf8', 0, 200)}` };
}
