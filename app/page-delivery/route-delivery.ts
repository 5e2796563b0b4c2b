// How a route module declares what the page cache may do with its answers:
//
//   export const handle = { delivery: { kind: 'document', variants: ['month'] } } satisfies DeliveryHandle;
//
// Read on the server from the build (delivery-policy.server.ts); a route that declares
// no kind is answered as not a page (never cached), whatever its path looks like.

export interface RouteDelivery {
  /**
   * What the route answers; the deepest matched route that says so decides:
   * - document: a public page in the visitor's language (kept for anonymous visitors);
   * - file: a resource alike for everyone (robots.txt), kept with its own Cache-Control and Vary;
   * - personal: one visitor's (back office, sign-in), never kept;
   * - not-a-page: media, feeds, texts… with their own HTTP caching, never kept.
   */
  kind?: 'document' | 'file' | 'personal' | 'not-a-page';
  /** Query parameters the route reads that make another page worth keeping (`lang`). */
  params?: readonly string[];
  /** Query parameters the route reads that make a page rendered every time and never kept (a calendar month, a quote). */
  variants?: readonly string[];
}

/** What a route module exports as `handle` to declare its delivery. */
export interface DeliveryHandle {
  delivery?: RouteDelivery;
}
