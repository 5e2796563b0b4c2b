// Every redirect target the app takes from a request (a form's `redirectTo`, the
// Referer) goes through here: only a path of this site under an allowed prefix, in a
// strict character set, percent-encoded where needed; anything else gives the fallback.
// A raw CR/LF, a non-ASCII character or `//host` must never reach a Location header.

/** Unreserved and sub-delimiter characters, `%XX` escapes, `/`, `:` and `@` in the path; a query in the same set plus `?`. */
const SAFE_PATH = /^\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/;
const SAFE_QUERY = /^(?:\?(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?$/;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007F-\u009F\u2028\u2029\\]/;
const BASE = 'http://same.site.invalid';

export interface RedirectRule {
  /** The target's path must be this prefix or below it (`/admin` → `/admin`, `/admin/…`). */
  under: string;
  fallback: string;
  /** Absolute targets (a Referer) are accepted only from this origin. */
  origin?: string;
}

/** A safe Location for `target`, or `rule.fallback`. */
export function safeRedirectTarget(target: unknown, rule: RedirectRule): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return rule.fallback;
  // Control characters, spaces and backslashes are refused, not cleaned: the URL parser
  // would silently drop tabs/newlines and read `\` as `/`, changing what was asked.
  if (CONTROL_OR_SPACE.test(target)) return rule.fallback;
  let url: URL;
  try {
    if (target.startsWith('/')) {
      if (target.startsWith('//')) return rule.fallback;
      url = new URL(target, BASE);
      if (url.origin !== BASE) return rule.fallback;
    } else {
      url = new URL(target);
      if (!rule.origin || url.origin !== rule.origin) return rule.fallback;
    }
  } catch {
    return rule.fallback;
  }
  // The parser has percent-encoded non-ASCII characters and resolved dot segments.
  const { pathname, search } = url;
  const under = rule.under.replace(/\/+$/, '');
  if (pathname !== under && !pathname.startsWith(`${under}/`)) return rule.fallback;
  if (!SAFE_PATH.test(pathname) || !SAFE_QUERY.test(search)) return rule.fallback;
  return pathname + search;
}
