// A promo code as the house stores it and a guest may type it: capitals, no spaces, no
// accents (« été 26 » is ETE26), letters, digits, - and _. Safe in the browser.

/** What a typed code becomes, for storing and for looking up; '' when nothing is left. */
export function normalisePromoCode(typed: string): string {
  return typed
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s\u00a0\u202f]+/g, '')
    .toUpperCase();
}

/** The shape a stored code has (and what the database checks). */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{2,40}$/;
