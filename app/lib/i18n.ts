// One i18n lookup for the whole app, server and browser: our bundled catalogs, the
// fallback chain of DESIGN.md resolved on the server into one merged catalog for the
// page's language, and a small `t` with i18next-style keys (`a.b`), `{{name}}`
// interpolation and `_one`/`_other` plurals. See docs/decisions/0003-i18n-lookup.md.
import de from '~/locales/de.json';
import en from '~/locales/en.json';
import es from '~/locales/es.json';
import fr from '~/locales/fr.json';
import { remember } from './remember';

export type Catalog = { [key: string]: string | Catalog };
export type TranslateOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TranslateOptions) => string;

export const CATALOGS: Record<string, Catalog> = { fr, en, es, de };
export const FALLBACK_LANGUAGE = 'fr';

function merge(base: Catalog, over: Catalog): Catalog {
  const out: Catalog = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return out;
}

/** The language chain of DESIGN.md: current, then the site's default, then French. */
export function languageChain(current: string, defaultLanguage: string | undefined): string[] {
  return [...new Set([current, defaultLanguage ?? FALLBACK_LANGUAGE, FALLBACK_LANGUAGE])];
}

/** What a guest's mails and a booking's texts read: the guest's language, then French (the house's). */
export const guestChain = (language: string): string[] => languageChain(language, FALLBACK_LANGUAGE);

/** What the owners read, in the back office and in their mails: French. */
export const OWNER_CHAIN: string[] = [FALLBACK_LANGUAGE];

/** The bundled catalogs a page's texts come from, in the chain's order (a language the site added without one of ours is skipped). */
export function bundledChain(current: string, defaultLanguage: string | undefined): string[] {
  return languageChain(current, defaultLanguage).filter((code) => Object.hasOwn(CATALOGS, code));
}

// One merged catalog per chain of bundled catalogs, made once: every render asks for it.
// The chains are orderings of our four catalogs, so the map stays small.
const merged = new Map<string, Catalog>();

/** The merged catalog of a chain bundledChain made (callers never pass another): each missing key filled from the next catalog. */
export function chainCatalog(chain: readonly string[]): Catalog {
  const key = chain.join('-');
  let catalog = merged.get(key);
  if (!catalog) {
    catalog = [...chain].reverse().reduce<Catalog>((acc, code) => merge(acc, CATALOGS[code] ?? {}), {});
    merged.set(key, catalog);
  }
  return catalog;
}

/** Built-in texts for `current`, each missing key filled from the next language of the chain. */
export function resolveCatalog(current: string, defaultLanguage: string | undefined): Catalog {
  return chainCatalog(bundledChain(current, defaultLanguage));
}

// What each key of a catalog led to, kept per catalog object (the server's are made once
// per chain of catalogs): a page asks for the same few hundred keys on every render. A key
// made from stored data (`countries.${code}`) could be anything, hence the bound.
const looked = new WeakMap<Catalog, Map<string, string | null>>();

function lookup(catalog: Catalog, key: string): string | undefined {
  let known = looked.get(catalog);
  if (!known) looked.set(catalog, (known = new Map()));
  const text = remember(known, key, 4096, () => {
    let node: string | Catalog | undefined = catalog;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : null;
  });
  return text ?? undefined;
}

// Every server render builds its translators afresh: plural rules, costly to make, are made once per language.
const pluralRules = new Map<string, Intl.PluralRules>();

// Languages are the site's few codes; a malformed one throws and is never kept.
const pluralRulesOf = (language: string) => remember(pluralRules, language, 32, (code) => new Intl.PluralRules(code));

/** `t` over a merged catalog; an unknown key falls back to defaultValue, then to the key itself. */
export function createTranslator(language: string, catalog: Catalog): TFunction {
  const plurals = pluralRulesOf(language);
  return (key, options = {}) => {
    const { count, defaultValue } = options;
    const text =
      (count !== undefined ? lookup(catalog, `${key}_${plurals.select(count)}`) : undefined) ??
      (count !== undefined ? lookup(catalog, `${key}_other`) : undefined) ??
      lookup(catalog, key) ??
      defaultValue ??
      key;
    // Most texts have nothing to fill in: they skip the pattern (t runs hundreds of times per page).
    if (!text.includes('{{')) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (options[name] === undefined ? match : String(options[name])));
  };
}
