// One i18n lookup for the whole app, server and browser: our bundled catalogs, the
// fallback chain of DESIGN.md resolved on the server into one merged catalog for the
// page's language, and a small `t` with i18next-style keys (`a.b`), `{{name}}`
// interpolation and `_one`/`_other` plurals. See docs/decisions/0003-i18n-lookup.md.
import de from '~/locales/de.json';
import en from '~/locales/en.json';
import es from '~/locales/es.json';
import fr from '~/locales/fr.json';

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

const merged = new Map<string, Catalog>();

/** Built-in texts for `current`, each missing key filled from the next language of the chain (merged once per pair). */
export function resolveCatalog(current: string, defaultLanguage: string | undefined): Catalog {
  const key = `${current}|${defaultLanguage ?? ''}`;
  let catalog = merged.get(key);
  if (!catalog) {
    catalog = languageChain(current, defaultLanguage)
      .reverse()
      .reduce<Catalog>((acc, code) => merge(acc, CATALOGS[code] ?? {}), {});
    // Only known languages are remembered: the map stays as small as the catalogs.
    if (CATALOGS[current]) merged.set(key, catalog);
  }
  return catalog;
}

// The merged catalog crosses to the browser in the root loader's data as one JSON string
// rather than an object: React Router's encoding (turbo-stream) indexes every key and
// text of an object one by one, and the catalog's ~600 made half of every page's data.
// The server keeps the text made for each pair and the catalog it came from, so that
// rendering a page parses nothing.
const serialized = new Map<string, string>();
const parsedText = new Map<string, Catalog>();

/** resolveCatalog's catalog as JSON text, made once per pair. */
export function serializeCatalog(current: string, defaultLanguage: string | undefined): string {
  const key = `${current}|${defaultLanguage ?? ''}`;
  let text = serialized.get(key);
  if (!text) {
    const catalog = resolveCatalog(current, defaultLanguage);
    text = JSON.stringify(catalog);
    if (CATALOGS[current]) {
      serialized.set(key, text);
      parsedText.set(text, catalog);
    }
  }
  return text;
}

/** The catalog of serializeCatalog's text: the server's own object, the browser parses it. */
export function parseCatalog(text: string): Catalog {
  return parsedText.get(text) ?? (JSON.parse(text) as Catalog);
}

// What each key of a catalog led to, kept per catalog object (the server's are made once
// per language pair): a page asks for the same few hundred keys on every render. A key
// made from stored data (`countries.${code}`) could be anything, hence the bound.
const LOOKUP_BOUND = 4096;
const looked = new WeakMap<Catalog, Map<string, string | null>>();

function lookup(catalog: Catalog, key: string): string | undefined {
  let known = looked.get(catalog);
  if (!known) looked.set(catalog, (known = new Map()));
  let text = known.get(key);
  if (text === undefined) {
    let node: string | Catalog | undefined = catalog;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    text = typeof node === 'string' ? node : null;
    if (known.size >= LOOKUP_BOUND) known.clear();
    known.set(key, text);
  }
  return text ?? undefined;
}

// Every server render builds its translators afresh: plural rules, costly to make, are made once per language.
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralRulesOf(language: string): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    // Languages are the site's few codes; a malformed one throws above and is never kept.
    pluralRules.set(language, rules);
  }
  return rules;
}

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
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
      options[name] === undefined ? match : String(options[name]),
    );
  };
}
