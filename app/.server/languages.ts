// Site languages (SPEC §3 `languages`) and the request-language rule of DESIGN.md:
// ?lang=xx → cookie selectedLanguage → Accept-Language prefix → default → fr.
import { asc, eq } from 'drizzle-orm';
import { FALLBACK_LANGUAGE } from '~/lib/i18n';
import { db } from './db/client';
import { languages } from './db/schema';

export interface ActiveLanguage {
  code: string;
  name: string;
  isDefault: boolean;
}

export async function listActiveLanguages(): Promise<ActiveLanguage[]> {
  return db
    .select({ code: languages.code, name: languages.name, isDefault: languages.isDefault })
    .from(languages)
    .where(eq(languages.isActive, true))
    .orderBy(asc(languages.position));
}

export const LANGUAGE_COOKIE = 'selectedLanguage';

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export interface RequestLanguage {
  language: string;
  defaultLanguage: string;
  /** Set when ?lang= chose a language: the cookie that remembers the choice. */
  setCookie?: string;
}

export function resolveRequestLanguage(request: Request, active: ActiveLanguage[]): RequestLanguage {
  const codes = new Set(active.map((l) => l.code));
  const defaultLanguage = active.find((l) => l.isDefault)?.code ?? FALLBACK_LANGUAGE;
  const fallback = codes.has(defaultLanguage) ? defaultLanguage : (active[0]?.code ?? FALLBACK_LANGUAGE);
  const url = new URL(request.url);
  const asked = url.searchParams.get('lang')?.toLowerCase();
  if (asked && codes.has(asked)) {
    return {
      language: asked,
      defaultLanguage,
      setCookie: `${LANGUAGE_COOKIE}=${asked}; Path=/; Max-Age=31536000; SameSite=Lax`,
    };
  }
  const stored = readCookie(request, LANGUAGE_COOKIE)?.toLowerCase();
  if (stored && codes.has(stored)) return { language: stored, defaultLanguage };
  const accepted = (request.headers.get('accept-language') ?? '')
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
