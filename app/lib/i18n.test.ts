import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries';
import { bundledChain, CATALOGS, chainCatalog, createTranslator, languageChain, resolveCatalog } from './i18n';

describe('language chain and catalogs', () => {
  it('orders current, default, then French without repeats', () => {
    expect(languageChain('de', 'en')).toEqual(['de', 'en', 'fr']);
    expect(languageChain('fr', 'fr')).toEqual(['fr']);
    expect(languageChain('es', undefined)).toEqual(['es', 'fr']);
  });

  it('fills keys missing in the current language from the next ones', () => {
    const catalog = resolveCatalog('xx', 'fr');
    expect(createTranslator('xx', catalog)('auth.submit')).toBe('Se connecter');
  });

  it('skips, in the chain of catalogs, a language the site added without one of ours', () => {
    expect(bundledChain('it', 'de')).toEqual(['de', 'fr']);
    expect(bundledChain('constructor', 'en')).toEqual(['en', 'fr']);
    // Merged once per chain: a language without a catalog shares its fallback's.
    expect(resolveCatalog('it', 'de')).toBe(resolveCatalog('de', 'de'));
    expect(chainCatalog(['de', 'en', 'fr'])).toBe(resolveCatalog('de', 'en'));
  });
});

describe('t', () => {
  const t = createTranslator('fr', {
    a: { b: 'Bonjour {{name}}' },
    items_one: '{{count}} élément',
    items_other: '{{count}} éléments',
  });

  it('reads nested keys and interpolates', () => {
    expect(t('a.b', { name: 'Marie' })).toBe('Bonjour Marie');
  });

  it('picks the plural form', () => {
    expect(t('items', { count: 1 })).toBe('1 élément');
    expect(t('items', { count: 5 })).toBe('5 éléments');
  });

  it('answers the same after many different keys (what it keeps is bounded)', () => {
    for (let n = 0; n < 5000; n++) t(`countries.X${n}`, { defaultValue: 'x' });
    expect(t('a.b', { name: 'Marie' })).toBe('Bonjour Marie');
    expect(t('countries.X1', { defaultValue: 'Autre' })).toBe('Autre');
  });

  it('falls back to the default value, then the key', () => {
    expect(t('missing.key', { defaultValue: 'Défaut' })).toBe('Défaut');
    expect(t('missing.key')).toBe('missing.key');
  });
});

describe('the French catalog', () => {
  // Pages name a guest's country through the catalog alone (home-blocks.tsx): French fills every language's gaps.
  it('names every country a guest can choose', () => {
    const countries = CATALOGS.fr!.countries as Record<string, string>;
    for (const code of COUNTRY_CODES) expect(countries[code], code).toBeTruthy();
  });
});
