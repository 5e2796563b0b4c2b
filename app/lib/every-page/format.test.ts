import { describe, expect, it } from 'vitest';
import { formatDuration, formatCents, formatPrice } from './format';

describe('formatDuration', () => {
  it('shows minutes under an hour', () => {
    expect(formatDuration(1)).toBe('1 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(59)).toBe('59 min');
  });
  it('shows hours and minutes from 60 on', () => {
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(125)).toBe('2 h 5 min');
    expect(formatDuration(600)).toBe('10 h');
  });
});

describe('formatCents', () => {
  it('writes cents as formatPrice writes the euros they are', () => {
    expect(formatCents(14050)).toBe(formatPrice(140.5));
    expect(formatCents(9000, 'en')).toBe(formatPrice(90, 'en'));
  });
});

describe('formatPrice', () => {
  it('writes euros the French way', () => {
    expect(formatPrice(85)).toBe('85\u00a0€');
    expect(formatPrice(85.5)).toBe('85,50\u00a0€');
    expect(formatPrice(1200)).toBe('1\u00a0200\u00a0€');
  });
  it('writes euros the English way', () => {
    expect(formatPrice(85.5, 'en')).toBe('€85.50');
    expect(formatPrice(1200, 'en')).toBe('€1,200');
  });
  it('writes euros the German and Spanish ways, each with its own grouping', () => {
    expect(formatPrice(1050, 'de')).toBe('1.050\u00a0€');
    expect(formatPrice(1050.5, 'de')).toBe('1.050,50\u00a0€');
    expect(formatPrice(1050, 'es')).toBe('1050\u00a0€');
    expect(formatPrice(10500, 'es')).toBe('10.500\u00a0€');
    expect(formatPrice(1050, 'fr')).toBe('1\u00a0050\u00a0€');
    expect(formatPrice(1050, 'xx')).toBe('1\u00a0050\u00a0€');
  });
  it('agrees with Intl wherever the separators are the same characters', () => {
    for (const [language, locale] of [
      ['en', 'en-GB'],
      ['de', 'de-DE'],
      ['es', 'es-ES'],
    ] as const) {
      for (const amount of [5, 85.5, 999, 1050, 10500, 123456.78]) {
        const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(
          amount,
        );
        expect(formatPrice(amount, language), `${language} ${amount}`).toBe(intl);
      }
    }
  });
});
