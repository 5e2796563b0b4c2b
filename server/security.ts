// Security headers and the same-origin rule for state-changing requests.
import type { MiddlewareHandler } from 'hono';
import { logRefusal } from '~/.server/http/refusal-log';

/** Only the embedded map's origin may be framed. */
export const MAP_FRAME_ORIGINS = ['https://www.google.com', 'https://maps.google.com'];

/**
 * The policy of a page: its inline scripts are allowed by this response's nonce, or, for
 * a page served from the page cache (where one body serves many responses), by the
 * sha256 hashes of exactly those scripts. Never 'unsafe-inline' for scripts.
 */
export function contentSecurityPolicy(scripts: string | { hashes: string[] }): string {
  const inline = typeof scripts === 'string' ? `'nonce-${scripts}'` : scripts.hashes.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self'${inline ? ` ${inline}` : ''}`,
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

/** Every response's security headers but the CSP (also written by the page cache's fast path). */
export function securityHeaderEntries(options: { https: boolean }): [string, string][] {
  const entries: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'],
  ];
  if (options.https) entries.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return entries;
}

/**
 * A header a route may set for itself, stricter than ours: a payment link asks for
 * `Referrer-Policy: no-referrer`, so that its token never leaves in a Referer (issue 51).
 */
export const ownHeaderWins = (name: string) => name.toLowerCase() === 'referrer-policy';

/**
 * The headers of every response. `nonce` draws a response's CSP nonce (page delivery's
 * pool, handed in by server/http-pipeline.ts, which also hands this module's policy to the
 * page cache: neither imports the other).
 */
export function securityHeaders(options: { https: boolean; nonce: () => string }): MiddlewareHandler<{ Variables: { cspNonce: string } }> {
  const entries = securityHeaderEntries(options);
  return async (c, next) => {
    const nonce = options.nonce();
    c.set('cspNonce', nonce);
    await next();
    const headers = c.res.headers;
    // A page rendered for the page cache already carries its hash-based policy.
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', contentSecurityPolicy(nonce));
    for (const [name, value] of entries) {
      if (!ownHeaderWins(name) || !headers.has(name)) headers.set(name, value);
    }
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
