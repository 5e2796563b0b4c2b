// The Stripe stand-in as a process, for the e2e web servers (playwright.config.ts):
// STANDIN_PORT, STRIPE_WEBHOOK_SECRET and WEBHOOK_URL (the app's /webhooks/stripe).
import { startStripeStandIn } from './stripe-stand-in';

const port = Number(process.env.STANDIN_PORT);
const stand = await startStripeStandIn({ webhookSecret: process.env.STRIPE_WEBHOOK_SECRET!, port, webhookUrl: () => process.env.WEBHOOK_URL });
console.log(`Stripe stand-in on ${stand.url}`);
const stop = () => void stand.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
