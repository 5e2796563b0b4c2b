// The booking panel's query parameters on a room page: a stay (arrival, departure,
// adults, children, a promo code; `guests` from links made before adults and children were
// asked apart) and the calendar's month. Each value makes another view of the same page —
// ~30,000 per room and language — so they are never cached (the room route's delivery
// declaration), never indexed (its robots meta) and disallowed to crawlers (robots.txt);
// a change of language keeps them (the header's language links).
export const BOOKING_QUERY_PARAMS = ['arrival', 'departure', 'adults', 'children', 'code', 'guests', 'month'] as const;

/** The shape each kept value may have: dates and numbers, a promo code's letters. */
const KEPT_SHAPE: Record<(typeof BOOKING_QUERY_PARAMS)[number], RegExp> = {
  arrival: /^[0-9-]{1,10}$/,
  departure: /^[0-9-]{1,10}$/,
  adults: /^[0-9]{1,2}$/,
  children: /^[0-9]{1,2}$/,
  code: /^[A-Za-z0-9_-]{1,40}$/,
  guests: /^[0-9]{1,2}$/,
  month: /^[0-9-]{1,10}$/,
};

/** This page in another language, keeping the chosen stay (short date, number and code values only). */
export function languageHref(location: { pathname: string; search: string; hash: string }, code: string): string {
  const params = new URLSearchParams(location.search);
  let query = `?lang=${code}`;
  for (const name of BOOKING_QUERY_PARAMS) {
    const value = params.get(name);
    if (value && KEPT_SHAPE[name].test(value)) query += `&${name}=${value}`;
  }
  return `${location.pathname}${query}${location.hash}`;
}
