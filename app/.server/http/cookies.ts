// Every cookie the app itself writes (language choice, editing language, toasts) is
// serialised here, so all of them carry the same attributes: Path=/, SameSite=Lax, and
// Secure whenever the site is served over https (PUBLIC_URL). better-auth's session
// cookies get the same through its own `advanced.defaultCookieAttributes`.
//
// Every cookie the app can set is declared by the module that sets it, as personal (it
// changes the page for its visitor alone: a session, a pending toast) or shared (the
// same for everyone asking the same URL: the language `?lang=` chose). The page cache
// reads the declarations (app/page-delivery/delivery-policy.server.ts): a request with a
// personal cookie is never answered from it, and a response setting a cookie that is
// not declared shared is never kept. serializeCookie refuses an undeclared name.
import { config } from '../environment';

export type CookieScope = 'personal' | 'shared';

const declaredCookies = new Map<string, CookieScope>();
const declaredPrefixes = new Map<string, CookieScope>();

/** Declares a cookie this module sets; returns its name. */
export function declareCookie(name: string, scope: CookieScope): string {
  declaredCookies.set(name, scope);
  return name;
}

/** Declares every cookie whose name starts with `prefix` (a library's family, such as better-auth's). */
export function declareCookiePrefix(prefix: string, scope: CookieScope): void {
  declaredPrefixes.set(prefix, scope);
}

/** How a cookie was declared; undefined when nobody declared it. `__Secure-`/`__Host-` are the browser's, not part of the name. */
export function cookieScope(name: string): CookieScope | undefined {
  const bare = name.replace(/^__(?:Secure|Host)-/, '');
  const exact = declaredCookies.get(bare);
  if (exact) return exact;
  for (const [prefix, scope] of declaredPrefixes) if (bare.startsWith(prefix)) return scope;
  return undefined;
}

/** The names of the cookies in a Cookie header. */
export function cookieNames(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter(Boolean);
}

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
  if (!declaredCookies.has(name)) throw new Error(`Cookie ${name} is not declared (declareCookie): the page cache could not tell whether it is personal`);
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
