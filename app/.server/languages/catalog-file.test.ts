import { describe, expect, it } from 'vitest';
import { resolveCatalog } from '~/lib/i18n';
import { catalogAt } from '~/lib/page-catalog';
import { catalogHref, readCatalogFile } from './catalog-file';

describe('the file of a page’s texts', () => {
  it('is named after its chain of catalogs and its content, and the server renders from it at once', () => {
    const href = catalogHref('de', 'en');
    expect(href).toMatch(/^\/i18n\/de-en-fr\.[0-9a-f]{10}\.json$/);
    expect(catalogHref('de', 'en')).toBe(href);
    expect(catalogAt(href)).toBe(resolveCatalog('de', 'en'));
    // A language without a catalog of ours reads its fallback's file.
    expect(catalogHref('it', 'en')).toBe(catalogHref('en', 'en'));
    expect(catalogHref('fr', 'fr')).toMatch(/^\/i18n\/fr\.[0-9a-f]{10}\.json$/);
  });

  it('serves every chain a page can name, French pages of a site whose default is another language included', () => {
    for (const [language, defaultLanguage] of [
      ['fr', 'fr'],
      ['fr', 'en'],
      ['de', 'en'],
      ['it', 'es'],
      ['en', 'it'],
    ] as const) {
      const href = catalogHref(language, defaultLanguage);
      expect(readCatalogFile(href.slice('/i18n/'.length))?.current, href).toBe(true);
    }
  });

  it('serves this build’s text as current, another build’s address with today’s text', () => {
    const href = catalogHref('es', 'fr');
    const name = href.slice('/i18n/'.length);
    const file = readCatalogFile(name);
    expect(file?.current).toBe(true);
    expect(JSON.parse(file!.text)).toEqual(resolveCatalog('es', 'fr'));
    const old = readCatalogFile(name.replace(/\.[0-9a-f]{10}\./, '.0000000000.'));
    expect(old).toEqual({ text: file!.text, current: false });
  });

  it('knows no other name', () => {
    for (const name of [
      'es-fr.json',
      'en-de.0123456789.json',
      'fr-en-fr.0123456789.json',
      'xx-fr.0123456789.json',
      'fr-fr.0123456789.json',
      'constructor.0123456789.json',
      'fr.0123456789.json.map',
      '../fr.0123456789.json',
      'FR.0123456789.json',
    ]) {
      expect(readCatalogFile(name), name).toBeNull();
    }
  });
});
