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

function firstValue(header: string | null): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}

/**
 * The URL of the request as the browser addressed it, for React Router's action origin
 * check and our same-origin guard. Behind a TLS proxy Node sees `http://` while the
 * browser's Origin says `https://`.
 *  - TRUST_PROXY: scheme from X-Forwarded-Proto, host from X-Forwarded-Host or Host.
 *  - otherwise: a request addressed to PUBLIC_URL's host name gets PUBLIC_URL's origin;
 *    any other (127.0.0.1, an internal name) keeps the URL Node saw.
 */
export function publicRequestUrl(nodeUrl: string, headers: Headers, options: { publicUrl: string; trustProxy: boolean }): string {
  const url = new URL(nodeUrl);
  if (options.trustProxy) {
    const proto = firstValue(headers.get('x-forwarded-proto'))?.toLowerCase();
    const scheme = proto === 'http' || proto === 'https' ? `${proto}:` : url.protocol;
    const host = firstValue(headers.get('x-forwarded-host')) ?? url.host;
    try {
      // A fresh URL: the port comes from the forwarded host alone (or the scheme's default).
      return new URL(`${url.pathname}${url.search}`, `${scheme}//${host}`).toString();
    } catch {
      return url.toString(); // a forwarded host that does not parse
    }
  }
  const publicOrigin = new URL(options.publicUrl);
  if (url.hostname !== publicOrigin.hostname) return url.toString();
  return new URL(`${url.pathname}${url.search}`, publicOrigin.origin).toString();
}
