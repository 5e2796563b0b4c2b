// What the app believes about a request that may have crossed a reverse proxy: the
// visitor's address and the origin the browser used. Forwarded headers are believed
// only with TRUST_PROXY, since anyone can send them to an exposed port.

/**
 * The address our own proxy saw: the LAST X-Forwarded-For entry. Proxies append the
 * address they received the request from, so earlier entries are whatever the client
 * chose to send (a forged first entry would give every request a fresh "IP").
 */
export function forwardedClientIp(headers: Headers): string | undefined {
  const entries = headers.get('x-forwarded-for')?.split(',') ?? [];
  const last = entries[entries.length - 1]?.trim();
  return last || undefined;
}

/**
 * The one rule for the visitor's address: our proxy's view when TRUST_PROXY says
 * there is one, else the connection's. The server entry computes it once per request
 * (load context `clientIp`); `clientIpOf` falls back to it where there is no context.
 */
export function clientAddress(headers: Headers, options: { trustProxy: boolean; connection?: string }): string {
  return (options.trustProxy ? forwardedClientIp(headers) : undefined) ?? options.connection ?? 'unknown';
}

/** A host name (or bracketed IPv6 address) and an optional port: all a forwarded host may be. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** Thrown for a forwarded host that is not a host (`a@evil`, a path, spaces): the request is a 400. */
export class MalformedForwardedHost extends Error {
  constructor() {
    super('Malformed X-Forwarded-Host');
  }
}

/** The forwarded host the request names, when TRUST_PROXY believes it; throws MalformedForwardedHost for one that is not a host. */
function forwardedHost(headers: Headers): string | undefined {
  const host = firstValue(headers.get('x-forwarded-host'));
  if (host === undefined) return undefined;
  if (host.length > 261 || !HOST.test(host)) throw new MalformedForwardedHost();
  return host;
}

function firstValue(header: string | null): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}

/**
 * The URL of the request as the browser addressed it, for React Router's action origin
 * check and our same-origin guard. Behind a TLS proxy Node sees `http://` while the
 * browser's Origin says `https://`.
 *  - The host the browser addressed: X-Forwarded-Host (only with TRUST_PROXY), else Host.
 *  - When that is PUBLIC_URL's host name, the origin is PUBLIC_URL's (scheme and port: a
 *    proxy's `$host` carries no port).
 *  - Another host (a second name, 127.0.0.1): with TRUST_PROXY the scheme comes from
 *    X-Forwarded-Proto; without, the URL stays as Node saw it.
 * Throws MalformedForwardedHost when a believed X-Forwarded-Host is not a host.
 */
export function publicRequestUrl(nodeUrl: string, headers: Headers, options: { publicUrl: string; trustProxy: boolean }): string {
  const url = new URL(nodeUrl);
  let addressed = url;
  if (options.trustProxy) {
    const proto = firstValue(headers.get('x-forwarded-proto'))?.toLowerCase();
    const scheme = proto === 'http' || proto === 'https' ? `${proto}:` : url.protocol;
    const host = forwardedHost(headers) ?? url.host;
    try {
      // A fresh URL: the port comes from the forwarded host alone (or the scheme's default).
      addressed = atOrigin(url, `${scheme}//${host}`);
    } catch {
      throw new MalformedForwardedHost();
    }
  }
  const publicOrigin = new URL(options.publicUrl);
  if (addressed.hostname === publicOrigin.hostname) return atOrigin(url, publicOrigin.origin).toString();
  return addressed.toString();
}

/**
 * The request's path and query at another origin. Never `new URL(path, origin)`: a path
 * of `//evil.example/x` would be read as another host (issue 51).
 */
function atOrigin(url: URL, origin: string): URL {
  const moved = new URL(origin);
  moved.pathname = url.pathname;
  moved.search = url.search;
  return moved;
}
