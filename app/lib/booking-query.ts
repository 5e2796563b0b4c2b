// The booking panel's query parameters on a room page: a stay (arrival, departure,
// guests) and the calendar's month. Each value makes another view of the same page —
// ~30,000 per room and language — so they are never cached (the room route's delivery
// declaration), never indexed (its robots meta) and disallowed to crawlers (robots.txt);
// a change of language keeps them (the header's language links).
export const BOOKING_QUERY_PARAMS = ['arrival', 'departure', 'guests', 'month'] as const;

/** This page in another language, keeping the chosen stay (short date and number values only). */
export function languageHref(location: { pathname: string; search: string; hash: string }, code: string): string {
  const params = new URLSearchParams(location.search);
  let query = `?lang=${code}`;
  for (const name of BOOKING_QUERY_PARAMS) {
    const value = params.get(name);
    if (value && /^[0-9-]{1,10}$/.test(value)) query += `&${name}=${value}`;
  }
  return `${location.pathname}${query}${location.hash}`;
}
