// The one zod rule of an amount typed in euros (prices, tourist tax, payments, refunds):
// read by `parseAmount` (a comma accepted: "115,50"), at most two decimals, within bounds,
// and handed to the action in integer cents.
import { z } from '~/lib/zod';
import { parseAmount } from '~/lib/money';

export interface AmountMessages {
  /** Not an amount (or missing). */
  invalid: string;
  /** Below `minCents`. */
  tooSmall: string;
  /** Above `maxCents`. */
  tooLarge: string;
  /** More than two decimals. */
  decimals: string;
}

/** Euros typed in a field → cents, between `minCents` and `maxCents` included. */
export function amountInCents(messages: AmountMessages, bounds: { minCents: number; maxCents: number }) {
  return z.union([z.string(), z.number()], { error: messages.invalid }).transform((typed, ctx) => {
    const cents = parseAmount(String(typed));
    const problem =
      cents === 'invalid'
        ? messages.invalid
        : cents === 'decimals'
          ? messages.decimals
          : cents < bounds.minCents
            ? messages.tooSmall
            : cents > bounds.maxCents
              ? messages.tooLarge
              : null;
    if (problem !== null) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return cents as number;
  });
}
