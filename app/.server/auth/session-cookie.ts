// Whether a request carries better-auth's session cookie at all: without one nobody is
// signed in, and the public hot path skips better-auth (and its database read) entirely.
import { declareCookiePrefix } from '../http/cookies';

// Every cookie better-auth sets (session token and data, its own state cookies) is one visitor's.
declareCookiePrefix('better-auth.', 'personal');

/** better-auth's session cookies, with or without the `__Secure-` prefix used under https. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_(?:token|data)=/;

export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? '');
}
