// When a deposit's Checkout Session ends (issue 51). Stripe accepts an `expires_at` from 30
// minutes to 24 hours after the session's creation and answers 400 otherwise; a hold lasts
// 1 to 720 hours. A session therefore ends with its hold when it can, else within Stripe's
// day, and the payment link makes the next one when the guest comes back (payment-link.ts).

/** Stripe's bounds on a Checkout Session's `expires_at`: 30 minutes to 24 hours after its creation. */
export const CHECKOUT_MIN_SECONDS = 30 * 60;
export const CHECKOUT_MAX_SECONDS = 24 * 60 * 60;
/** Stripe's smallest charge in euros (0,50 €): a sum under it cannot be paid by card. */
export const CHECKOUT_MIN_AMOUNT_CENTS = 50;
/** Whether a sum can be paid by card at all (Stripe refuses a session under its smallest charge). */
export const payableByCard = (amountCents: number) => amountCents >= CHECKOUT_MIN_AMOUNT_CENTS;
/** Inside those bounds by this much: our clock and Stripe's never agree to the second. */
const CLOCK_MARGIN_SECONDS = 5 * 60;
/** An open session with less than this left is replaced rather than handed to the guest. */
export const CHECKOUT_REUSE_MIN_SECONDS = 15 * 60;

/**
 * When a session made now ends: with the hold, unless that is beyond Stripe's 24 hours
 * (a later session takes over) or nearer than its 30 minutes (a payment made after the
 * hold ended is refunded at once, as any late payment).
 */
export function checkoutExpiresAt(holdEndsAt: Date, now: Date): number {
  const seconds = Math.floor(now.getTime() / 1000);
  const earliest = seconds + CHECKOUT_MIN_SECONDS + CLOCK_MARGIN_SECONDS;
  const latest = seconds + CHECKOUT_MAX_SECONDS - CLOCK_MARGIN_SECONDS;
  return Math.min(latest, Math.max(earliest, Math.floor(holdEndsAt.getTime() / 1000)));
}
