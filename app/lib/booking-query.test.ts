import { describe, expect, it } from 'vitest';
import { languageHref } from './booking-query';

describe('languageHref', () => {
  it('keeps the chosen stay across a change of language, nothing else', () => {
    expect(languageHref({ pathname: '/room/x', search: '?lang=en&arrival=2027-01-06&departure=2027-01-09&guests=2&utm=a', hash: '#reserver' }, 'de')).toBe(
      '/room/x?lang=de&arrival=2027-01-06&departure=2027-01-09&guests=2#reserver',
    );
    expect(languageHref({ pathname: '/', search: '', hash: '' }, 'es')).toBe('/?lang=es');
  });

  it('keeps adults, children and a promo code', () => {
    expect(languageHref({ pathname: '/room/x', search: '?arrival=2027-07-10&departure=2027-07-17&adults=2&children=1&code=BIENVENUE', hash: '' }, 'en')).toBe(
      '/room/x?lang=en&arrival=2027-07-10&departure=2027-07-17&adults=2&children=1&code=BIENVENUE',
    );
  });

  it('drops values that are not short dates or numbers', () => {
    expect(
      languageHref(
        { pathname: '/room/x', search: `?arrival=${encodeURIComponent('"><script>')}&guests=${'9'.repeat(40)}&code=${encodeURIComponent('a"b')}`, hash: '' },
        'fr',
      ),
    ).toBe('/room/x?lang=fr');
  });
});
