// Search-engine data for a public page: canonical URL and hreflang alternates
// (?lang=xx per active language, x-default without), built from PUBLIC_URL.
// Every hreflang target is its own canonical (search engines discard a canonical that
// points to another alternate): `/?lang=en` → itself; `/`, the x-default, → `/`,
// whichever language the visitor's cookie or browser chose for it.
import { config } from '../environment';
import type { ActiveLanguage } from '../languages/language-choice';

export interface Seo {
  title: string;
  description: string;
  language: string;
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
  origin: string;
}

export function pageUrl(path: string, language?: string): string {
  const url = new URL(path, config().PUBLIC_URL);
  if (language) url.searchParams.set('lang', language);
  return url.toString();
}

/** The language a request names with `?lang=` (lower-cased), or null. */
function namedLanguage(request: Request): string | null {
  return new URL(request.url).searchParams.get('lang')?.toLowerCase() ?? null;
}

export function buildSeo(options: { request: Request; path: string; title: string; description: string; language: string; languages: ActiveLanguage[] }): Seo {
  const { path, language, languages } = options;
  return {
    title: options.title,
    description: options.description,
    language,
    canonical: namedLanguage(options.request) === language ? pageUrl(path, language) : pageUrl(path),
    alternates: [...languages.map((l) => ({ hreflang: l.code, href: pageUrl(path, l.code) })), { hreflang: 'x-default', href: pageUrl(path) }],
    origin: config().PUBLIC_URL,
  };
}
