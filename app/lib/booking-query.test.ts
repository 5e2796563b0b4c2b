import { describe, expect, it } from 'vitest';
import { languageHref } from './booking-query';

describe('languageHref', () => {
  it('keeps the chosen stay across a change of language, nothing else', () => {
    expect(languageHref({ pathname: '/room/x', search: '?lang=en&arrival=2027-01-06&departure=2027-01-09&guests=2&utm=a', hash: '#reserver' }, 'de')).toBe(
      '/room/x?lang=de&arrival=2027-01-06&departure=2027-01-09&guests=2#reserver',
    );
    expect(languageHref({ pathname: '/', search: '', hash: '' }, 'es')).toBe('/?lang=es');
  });

  it('drops values that are not short dates or numbers', () => {
    expect(languageHref({ pathname: '/room/x', search: `?arrival=${encodeURIComponent('"><script>')}&guests=${'9'.repeat(40)}`, hash: '' }, 'fr')).toBe(
      '/room/x?lang=fr',
    );
  });
});
