import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-time-format';
import { headingCase } from './heading-case';

const monthTitle = (language: string, locale: string) =>
  headingCase(dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date('2027-01-15T00:00:00Z')), language);

describe('headingCase', () => {
  it('capitalises only the first word of a calendar heading, per language', () => {
    expect(monthTitle('es', 'es-ES')).toBe('Enero de 2027');
    expect(monthTitle('fr', 'fr-FR')).toBe('Janvier 2027');
    expect(monthTitle('de', 'de-DE')).toBe('Januar 2027');
    expect(monthTitle('en', 'en-GB')).toBe('January 2027');
  });

  it('leaves the words after the first as the formatter wrote them', () => {
    expect(headingCase('septiembre de 2027', 'es')).toBe('Septiembre de 2027');
    expect(headingCase('août 2027', 'fr')).toBe('Août 2027');
    expect(headingCase('été à Grasse', 'fr')).toBe('Été à Grasse');
  });

  it("follows the language's own capitals: Turkish dotted İ, Dutch IJ", () => {
    expect(headingCase('ilkbahar 2027', 'tr')).toBe('İlkbahar 2027');
    expect(headingCase('ijsselmeer', 'nl')).toBe('IJsselmeer');
    expect(headingCase('ilkbahar', 'en')).toBe('Ilkbahar');
  });

  it('keeps an empty text empty', () => {
    expect(headingCase('', 'fr')).toBe('');
  });
});
