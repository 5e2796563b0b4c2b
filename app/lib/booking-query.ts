// The booking panel's query parameters on a room page: a stay (arrival, departure,
// guests) and the calendar's month. Each value makes another view of the same page —
// ~30,000 per room and language — so they are never cached (the room route's delivery
// declaration), never indexed (its robots meta) and disallowed to crawlers (robots.txt).
export const BOOKING_QUERY_PARAMS = ['arrival', 'departure', 'guests', 'month'] as const;
