// One i18n lookup for the whole app: i18next over our bundled catalogs. The server
// resolves the fallback chain (current → default → fr) into one merged catalog,
// so the browser receives a single dictionary for the page's language.
import i18next, { type i18n as I18n } from 'i18next';
import de from '~/locales/de.json';
import en from '~/locales/en.json';
import es from '~/locales/es.json';
import fr from '~/locales/fr.json';

export type Catalog = { [key: string]: string | Catalog };

export const CATALOGS: Record<string, Catalog> = { fr, en, es, de };
export const FALLBACK_LANGUAGE = 'fr';

function merge(base: Catalog, over: Catalog): Catalog {
  const out: Catalog = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const existing = out[key];
    out[key] =
      typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return out;
}

/** The language chain of DESIGN.md: current, then the site's default, then French. */
export function languageChain(current: string, defaultLanguage: string | undefined): string[] {
  return [...new Set([current, defaultLanguage ?? FALLBACK_LANGUAGE, FALLBACK_LANGUAGE])];
}

/** Built-in texts for `current`, each missing key filled from the next language of the chain. */
export function resolveCatalog(current: string, defaultLanguage: string | undefined): Catalog {
  return languageChain(current, defaultLanguage)
    .reverse()
    .reduce<Catalog>((acc, code) => merge(acc, CATALOGS[code] ?? {}), {});
}

export function createI18n(language: string, catalog: Catalog): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources: { [language]: { translation: catalog } },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}
