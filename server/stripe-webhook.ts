// POST /webhooks/stripe (issue 36): answered here, before the form-body guard and the
// same-origin check (Stripe posts JSON, without an Origin), and never by the page cache.
// The raw body is read bounded, its signature verified with STRIPE_WEBHOOK_SECRET; a
// body that fails is refused 400 and changes nothing. A non-2xx answer makes Stripe
// deliver the event again later.
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { config } from '~/.server/environment';
import { handleStripeEvent, RetryLater } from '~/.server/booking/stays/deposit';
import { stripe, stripeConfigured } from '~/.server/payments/stripe-client';
import { logRefusal } from '~/.server/http/refusal-log';

/** Stripe's events are a few kilobytes; far more is not one of them. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;
export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';
/** How far a signature's time may be from ours, either way: the SDK's default, which it applies to the past only. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The latest `t=` of a Stripe-Signature header (the time Stripe signed at, in seconds). */
function signedAt(header: string): number {
  const times = header
    .split(',')
    .map((part) => /^\s*t=(\d{1,12})\s*$/.exec(part)?.[1])
    .filter((value) => value !== undefined)
    .map(Number);
  return times.length ? Math.max(...times) : Number.NaN;
}

const noStore = { 'Cache-Control': 'no-store' };

export const limitWebhookBody = bodyLimit({
  maxSize: MAX_WEBHOOK_BYTES,
  onError: (c) => {
    logRefusal({ status: 413, method: c.req.method, path: c.req.path, client: c.get('clientIp') ?? 'unknown', reason: 'webhook body over 256 KB' });
    return c.text('Payload too large.', 413, { ...noStore, Connection: 'close' });
  },
});

export async function stripeWebhook(c: Context) {
  if (!stripeConfigured()) return c.text('Not found.', 404, noStore);
  const signature = c.req.header('stripe-signature');
  const refuse = (reason: string) => {
    logRefusal({ status: 400, method: c.req.method, path: c.req.path, client: c.get('clientIp') ?? 'unknown', reason });
    return c.text('Invalid webhook.', 400, noStore);
  };
  if (!signature || signature.length > 2048) return refuse('webhook without a usable Stripe-Signature');
  const raw = await c.req.text();
  let event;
  try {
    event = stripe().webhooks.constructEvent(raw, signature, config().STRIPE_WEBHOOK_SECRET!, SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    return refuse('webhook signature does not verify');
  }
  // A signature from the future is a replay prepared in advance, or a clock gone wrong.
  if (!(signedAt(signature) <= Date.now() / 1000 + SIGNATURE_TOLERANCE_SECONDS)) return refuse('webhook signed in the future');
  try {
    const outcome = await handleStripeEvent(event);
    return c.json({ received: true, outcome }, 200, noStore);
  } catch (error) {
    if (error instanceof RetryLater) return c.text('Retry later.', 503, noStore);
    console.error(`[stripe] event ${event.id} (${event.type}) failed:`, error);
    return c.text('Failed.', 500, noStore);
  }
}
