// Responses that depend on who asks must never be kept by a browser, proxy or CDN
// cache: admin pages and their `.data` (users' emails, guests' messages), the auth API,
// anything answered to a signed-in visitor, and anything that sets a cookie. Which
// requests are personal is the delivery policy's decision (app/page-delivery), made from
// the routes' own declarations on the normalised path, not from a pattern here.
import type { MiddlewareHandler } from 'hono';
import { isPersonalRequest, PRIVATE_CACHE_CONTROL } from '~/page-delivery/server-entry.server';

/** Marks personal responses, and every response that sets a cookie, `private, no-store`. */
export function privateWhenPersonal(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (isPersonalRequest(new URL(c.req.url), c.req.header('cookie')) || c.res.headers.has('set-cookie')) {
      c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    }
  };
}
