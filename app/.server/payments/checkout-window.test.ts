import { describe, expect, it } from 'vitest';
import { CHECKOUT_MAX_SECONDS, CHECKOUT_MIN_SECONDS, checkoutExpiresAt } from './checkout-window';

const now = new Date('2026-07-01T10:00:00.123Z');
const nowSeconds = Math.floor(now.getTime() / 1000);
const hoursLater = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe('checkoutExpiresAt', () => {
  it('lies within Stripe’s 30 minutes to 24 hours for every payment window the owner may choose (1 to 720 hours)', () => {
    for (let hours = 1; hours <= 720; hours++) {
      const ends = checkoutExpiresAt(hoursLater(hours), now) - nowSeconds;
      expect(ends, `${hours} h`).toBeGreaterThanOrEqual(CHECKOUT_MIN_SECONDS);
      expect(ends, `${hours} h`).toBeLessThanOrEqual(CHECKOUT_MAX_SECONDS);
    }
  });

  it('ends with the hold when Stripe allows it, within a day otherwise, and never sooner than Stripe allows', () => {
    expect(checkoutExpiresAt(hoursLater(5), now)).toBe(Math.floor(hoursLater(5).getTime() / 1000));
    expect(checkoutExpiresAt(hoursLater(48), now) - nowSeconds).toBe(CHECKOUT_MAX_SECONDS - 5 * 60);
    // A hold ending in ten minutes, or already past: Stripe's floor, with a margin for the clocks.
    expect(checkoutExpiresAt(new Date(now.getTime() + 10 * 60_000), now) - nowSeconds).toBe(CHECKOUT_MIN_SECONDS + 5 * 60);
    expect(checkoutExpiresAt(hoursLater(-1), now) - nowSeconds).toBe(CHECKOUT_MIN_SECONDS + 5 * 60);
  });
});
