// The one Stripe client (official SDK), built from STRIPE_SECRET_KEY. STRIPE_API_URL
// points it at a local stand-in in tests; in production it is unset (api.stripe.com).
import Stripe from 'stripe';
import { config } from '../environment';

let client: Stripe | undefined;

/** True when both Stripe keys are set: only then may the owner turn the online deposit on. */
export const stripeConfigured = () => Boolean(config().STRIPE_SECRET_KEY && config().STRIPE_WEBHOOK_SECRET);

export function stripe(): Stripe {
  const { STRIPE_SECRET_KEY, STRIPE_API_URL } = config();
  if (!STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  if (!client) {
    const target = STRIPE_API_URL ? new URL(STRIPE_API_URL) : null;
    client = new Stripe(STRIPE_SECRET_KEY, {
      // A request that hangs must not hold a guest's page or a webhook's answer for long.
      timeout: 10_000,
      maxNetworkRetries: 1,
      ...(target
        ? { host: target.hostname, port: target.port || (target.protocol === 'https:' ? 443 : 80), protocol: target.protocol === 'https:' ? 'https' : 'http' }
        : {}),
    });
  }
  return client;
}

/** Tests change the configuration between cases. */
export function forgetStripeClient() {
  client = undefined;
}

export type { Stripe };
