// Security headers and the same-origin rule for state-changing requests.
import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { logRefusal } from '~/.server/refusal-log';

/** Only the embedded map's origin may be framed. */
export const MAP_FRAME_ORIGINS = ['https://www.google.com', 'https://maps.google.com'];

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes come from React (style props) and sonner.
    "style-src 'self' 'unsafe-inline'",
    // Rich text may embed images from http(s) or data: URLs (SPEC §2, rich-text editor).
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${MAP_FRAME_ORIGINS.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(options: { https: boolean }): MiddlewareHandler<{ Variables: { cspNonce: string } }> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString('base64');
    c.set('cspNonce', nonce);
    await next();
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', contentSecurityPolicy(nonce));
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
    if (options.https) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every non-GET request must come from our own origin: the browser's Origin header
 * (or Sec-Fetch-Site) must name this site. Requests without either (curl, tests,
 * old browsers) carry no ambient credentials risk from another site and pass.
 */
export function sameOriginWrites(publicUrl: string): MiddlewareHandler<{ Variables: { clientIp: string } }> {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const own = new URL(c.req.url).origin;
    const originOk = !origin || origin === allowed || origin === own;
    const siteOk = !site || site === 'same-origin' || site === 'none';
    if (!originOk || (!origin && !siteOk)) {
      logRefusal({ status: 403, method: c.req.method, path: c.req.path, client: c.get('clientIp'), reason: `cross-origin ${origin ?? site}` });
      return c.text('Forbidden: cross-origin request', 403);
    }
    return next();
  };
}
