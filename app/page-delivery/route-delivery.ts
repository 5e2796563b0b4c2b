// How a route module declares its delivery: what the page cache may do with its answers,
// and how its page is delivered:
//
//   export const handle = { delivery: { kind: 'document', page: 'public', variants: ['month'] } } satisfies DeliveryHandle;
//
// `kind` is read on the server from the build (delivery-policy.server.ts): a route that
// declares no kind is answered as not a page (never cached), whatever its path looks like.
// `page` is read by the document's head (delivery-head.tsx) and the rewrite of the
// rendered document (render-entry.server.tsx), from the matched routes' handles.

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
  /**
   * How the route's page is delivered; the deepest matched route that says so decides:
   * - public: the public site's stylesheet inline, hydrated after its first image (decision 0013);
   * - back-office: the whole app.css linked, hydrated at once (the back office, the sign-in page).
   * A page that no route declares is delivered as back-office: slower, never unstyled.
   */
  page?: 'public' | 'back-office';
}

/** What a route module exports as `handle` to declare its delivery. */
export interface DeliveryHandle {
  delivery?: RouteDelivery;
}

/** Whether the matched routes (their `handle`s, from the root down) render a public page. */
export function isPublicPage(handles: readonly unknown[]): boolean {
  let page: RouteDelivery['page'];
  for (const handle of handles) page = (handle as DeliveryHandle | undefined)?.delivery?.page ?? page;
  return page === 'public';
}
