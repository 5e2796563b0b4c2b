// The page's built-in texts (the merged catalog of app/lib/i18n.ts) travel as a file of
// their own, not inside every page: ~14 KB of JSON, escaped twice in the loader data,
// was an eighth of each document. The root loader names the file (its address changes
// with its content, so the browser keeps it for good: app/.server/languages/catalog-file.ts); the
// server renders from the catalog it holds, the browser fetches it once before React
// hydrates the page (entry.client.tsx) and again only for another language (the root's
// clientLoader).
import type { Catalog } from './i18n';

const catalogs = new Map<string, Catalog>();

/** Makes `catalog` the one of `href` (the server registers those it names; the browser those it fetched). */
export function provideCatalog(href: string, catalog: Catalog): void {
  catalogs.set(href, catalog);
}

/** The catalog of `href`, which must have been provided or loaded. */
export function catalogAt(href: string): Catalog {
  const catalog = catalogs.get(href);
  if (!catalog) throw new Error(`The catalog ${href} was not loaded`);
  return catalog;
}

/** Fetches the catalog of `href` unless the page has it (one retry: a phone's network may drop a request). */
export async function loadCatalog(href: string): Promise<void> {
  if (catalogs.has(href)) return;
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(href);
      if (!response.ok) throw new Error(`${href}: ${response.status}`);
      provideCatalog(href, (await response.json()) as Catalog);
      return;
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
}
