// The file of a page's built-in texts (app/lib/page-catalog.ts): one per chain of
// bundled catalogs, named after its languages and a hash of its text
// (`/i18n/de-en-fr.3f9a1c2b7d.json`), so the browser may keep it for good and a new
// build's texts get a new address. Made once per chain in this process.
import { createHash } from 'node:crypto';
import { bundledChain, chainCatalog } from '~/lib/i18n';
import { provideCatalog } from '~/lib/page-catalog';

interface CatalogFile {
  href: string;
  hash: string;
  text: string;
}

const files = new Map<string, CatalogFile>();

function fileOf(chain: string[]): CatalogFile {
  const key = chain.join('-');
  let file = files.get(key);
  if (!file) {
    const catalog = chainCatalog(chain);
    const text = JSON.stringify(catalog);
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
    file = { href: `/i18n/${key}.${hash}.json`, hash, text };
    provideCatalog(file.href, catalog);
    files.set(key, file);
  }
  return file;
}

/** The address of the texts of a page in `language` (the root loader's `catalog`); the server can render from it at once. */
export function catalogHref(language: string, defaultLanguage: string | undefined): string {
  return fileOf(bundledChain(language, defaultLanguage)).href;
}

const FILE_NAME = /^([a-z]{2,3}(?:-[a-z]{2,3})*)\.([0-9a-f]{10})\.json$/;

/**
 * The text of the file `name` (`de-en-fr.<hash>.json`), or null when it names a language
 * we have no catalog for. `current` is false when the hash is not this build's (a page
 * rendered before a deploy): it then gets today's texts, not to be kept.
 */
export function readCatalogFile(name: string): { text: string; current: boolean } | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const chain = match[1]!.split('-');
  // Only a chain bundledChain makes, i.e. the chain of its own first two languages
  // (French first on a site whose default is another language: `fr-en`).
  if (bundledChain(chain[0]!, chain[1]).join('-') !== match[1]) return null;
  const file = fileOf(chain);
  return { text: file.text, current: file.hash === match[2] };
}
