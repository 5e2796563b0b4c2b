import { describe, expect, it } from 'vitest';
import type { CalendarMonth } from '~/lib/calendar-month';
import { firstTakenFrom } from './booking-panel';
import { languageHref } from './site-header';

const month = (name: string, states: string): CalendarMonth => ({
  month: name,
  title: name,
  offset: 0,
  states,
  labels: [...states].map((_, i) => `${name}-${i + 1}`),
  rules: [],
  ruleOf: '-'.repeat(states.length),
});

describe('firstTakenFrom', () => {
  const months = [month('2027-01', 'ppfffffftttfffffffffffffffffff'), month('2027-02', 'ffffftffffffffffffffffffffff')];

  it('is the first taken night on or after the arrival, across the months shown', () => {
    expect(firstTakenFrom(months, '2027-01-04')).toBe('2027-01-09');
    expect(firstTakenFrom(months, '2027-01-12')).toBe('2027-02-06');
    expect(firstTakenFrom(months, '2027-01-10')).toBe('2027-01-10');
  });

  it('is null when no taken night follows in view', () => {
    expect(firstTakenFrom(months, '2027-02-07')).toBeNull();
  });
});

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
