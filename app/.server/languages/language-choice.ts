// Which language a visitor reads, from what the request says: ?lang=, the selectedLanguage
// cookie, Accept-Language, then the default language. Pure (no database): the page
// cache's key is worked out from it before any framework work.
import { FALLBACK_LANGUAGE } from '~/lib/i18n';
import { declareCookie, readCookieHeader, serializeCookie } from '../http/cookies';

export interface ActiveLanguage {
  code: string;
  name: string;
  isDefault: boolean;
}

/** Shared: the same for every visitor of a `?lang=` URL, so a page setting it may still be cached. */
export const LANGUAGE_COOKIE = declareCookie('selectedLanguage', 'shared');
const ONE_YEAR = 31_536_000;

export interface RequestLanguage {
  language: string;
  defaultLanguage: string;
  /** Set when ?lang= chose a language: the cookie that remembers the choice. */
  setCookie?: string;
}

/** What a request's language depends on: ?lang=, the selectedLanguage cookie, Accept-Language. */
export interface LanguageSignals {
  asked: string | null;
  cookieHeader: string | null;
  acceptLanguage: string | null;
}

export function resolveRequestLanguage(request: Request, active: ActiveLanguage[]): RequestLanguage {
  return resolveLanguage(
    {
      asked: new URL(request.url).searchParams.get('lang'),
      cookieHeader: request.headers.get('cookie'),
      acceptLanguage: request.headers.get('accept-language'),
    },
    active,
  );
}

export function resolveLanguage(signals: LanguageSignals, active: ActiveLanguage[]): RequestLanguage {
  const codes = new Set(active.map((l) => l.code));
  const defaultLanguage = active.find((l) => l.isDefault)?.code ?? FALLBACK_LANGUAGE;
  const fallback = codes.has(defaultLanguage) ? defaultLanguage : (active[0]?.code ?? FALLBACK_LANGUAGE);
  const asked = signals.asked?.toLowerCase();
  if (asked && codes.has(asked)) {
    return {
      language: asked,
      defaultLanguage,
      // Not HttpOnly: as before, the browser may read the visitor's choice.
      setCookie: serializeCookie(LANGUAGE_COOKIE, asked, { maxAge: ONE_YEAR, httpOnly: false }),
    };
  }
  const stored = readCookieHeader(signals.cookieHeader, LANGUAGE_COOKIE)?.toLowerCase();
  if (stored && codes.has(stored)) return { language: stored, defaultLanguage };
  const accepted = (signals.acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, q] = part.trim().split(';q=');
      return { prefix: (tag ?? '').split('-')[0]!.toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.prefix && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  const match = accepted.find((entry) => codes.has(entry.prefix));
  return { language: match?.prefix ?? fallback, defaultLanguage };
}
