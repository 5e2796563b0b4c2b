// Every cookie the app itself writes (language choice, editing language, toasts) is
// serialised here, so all of them carry the same attributes: Path=/, SameSite=Lax, and
// Secure whenever the site is served over https (PUBLIC_URL). better-auth's session
// cookies get the same through its own `advanced.defaultCookieAttributes`.
import { config } from './config';

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  /** Default true; only a cookie the browser's scripts must read goes without it. */
  httpOnly?: boolean;
}

export function isSecureSite(): boolean {
  return config().PUBLIC_URL.startsWith('https:');
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`, 'SameSite=Lax'];
  if (options.httpOnly !== false) parts.push('HttpOnly');
  if (isSecureSite()) parts.push('Secure');
  return parts.join('; ');
}

/** The value of cookie `name` in the request, decoded; undefined when absent or unreadable. */
export function readCookie(request: Request, name: string): string | undefined {
  return readCookieHeader(request.headers.get('cookie'), name);
}

/** The value of cookie `name` in a Cookie header, decoded; undefined when absent or unreadable. */
export function readCookieHeader(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
