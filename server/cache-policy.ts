// Responses that depend on who asks must never be kept by a browser, proxy or CDN
// cache: admin pages and their `.data` (users' emails, guests' messages), the auth API,
// anything answered to a signed-in visitor, and anything that sets a cookie.
import type { MiddlewareHandler } from 'hono';
import { hasSessionCookie } from '~/.server/auth/session-cookie';

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const PRIVATE_PATHS = /^\/(?:admin(?:[/.]|$)|api\/|sign-out)/;

export function isPersonalRequest(path: string, cookieHeader: string | undefined): boolean {
  return PRIVATE_PATHS.test(path) || hasSessionCookie(cookieHeader);
}

/** Marks personal responses `private, no-store`; media keep their public immutable caching. */
export function privateWhenPersonal(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.path.startsWith('/media/')) return;
    if (isPersonalRequest(c.req.path, c.req.header('cookie')) || c.res.headers.has('set-cookie')) {
      c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    }
  };
}
