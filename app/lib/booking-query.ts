// The booking panel's query parameters on a room page: a stay (arrival, departure,
// adults, children, a promo code; `guests` from links made before adults and children were
// asked apart) and the calendar's month. Each value makes another view of the same page —
// ~30,000 per room and language — so they are never cached (the room route's delivery
// declaration), never indexed (its robots meta) and disallowed to crawlers (robots.txt).
export const BOOKING_QUERY_PARAMS = ['arrival', 'departure', 'adults', 'children', 'code', 'guests', 'month'] as const;
