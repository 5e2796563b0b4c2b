// Responses that depend on who asks must never be kept by a browser, proxy or CDN
// cache: admin pages and their `.data` (users' emails, guests' messages), the auth API,
// anything answered to a signed-in visitor, and anything that sets a cookie. Which
// requests are personal is page delivery's decision (handed in by http-pipeline.ts),
// made from the routes' own declarations on the normalised path, not from a pattern here.
import type { MiddlewareHandler } from 'hono';

/** Marks personal responses, and every response that sets a cookie, private (`PRIVATE_CACHE_CONTROL`). */
export function privateWhenPersonal(delivery: {
  isPersonalRequest: (url: URL, cookieHeader: string | null | undefined) => boolean;
  PRIVATE_CACHE_CONTROL: string;
}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (delivery.isPersonalRequest(new URL(c.req.url), c.req.header('cookie')) || c.res.headers.has('set-cookie')) {
      c.res.headers.set('Cache-Control', delivery.PRIVATE_CACHE_CONTROL);
    }
  };
}
