import { describe, expect, it } from 'vitest';
import { decimalEuros, formatMoney, parseAmount } from './money';

describe('formatMoney', () => {
  it('writes cents the French way, whole euros without decimals', () => {
    expect(formatMoney(8500)).toBe('85\u00a0€');
    expect(formatMoney(8550)).toBe('85,50\u00a0€');
    expect(formatMoney(16200 + 5)).toBe('162,05\u00a0€');
    expect(formatMoney(120000)).toBe('1\u00a0200\u00a0€');
    expect(formatMoney(-1050)).toBe('-10,50\u00a0€');
  });
  it('writes cents the English way', () => {
    expect(formatMoney(8550, 'en')).toBe('€85.50');
    expect(formatMoney(120000, 'en')).toBe('€1,200');
  });
  it('writes cents the German and Spanish ways, each with its own grouping', () => {
    expect(formatMoney(105000, 'de')).toBe('1.050\u00a0€');
    expect(formatMoney(105050, 'de')).toBe('1.050,50\u00a0€');
    expect(formatMoney(105000, 'es')).toBe('1050\u00a0€');
    expect(formatMoney(1050000, 'es')).toBe('10.500\u00a0€');
    expect(formatMoney(105000, 'fr')).toBe('1\u00a0050\u00a0€');
    expect(formatMoney(105000, 'xx')).toBe('1\u00a0050\u00a0€');
  });
  it('agrees with Intl wherever the separators are the same characters', () => {
    for (const [language, locale] of [
      ['en', 'en-GB'],
      ['de', 'de-DE'],
      ['es', 'es-ES'],
    ] as const) {
      for (const cents of [500, 8550, 99900, 105000, 1050000, 12345678, 1]) {
        const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(
          cents / 100,
        );
        expect(formatMoney(cents, language), `${language} ${cents}`).toBe(intl);
      }
    }
  });
});

describe('parseAmount', () => {
  it('reads euros typed with a point or a comma, into cents without float drift', () => {
    expect(parseAmount('115')).toBe(11500);
    expect(parseAmount('115,50')).toBe(11550);
    expect(parseAmount('115.5')).toBe(11550);
    expect(parseAmount('0.29')).toBe(29);
    expect(parseAmount('112.35')).toBe(11235);
    expect(parseAmount(' 1 050,00 ')).toBe(105000);
    expect(parseAmount('9999.99')).toBe(999999);
    expect(parseAmount('-3')).toBe(-300);
    expect(parseAmount('12.3400')).toBe(1234);
  });
  it('tells more than two decimals from what is not an amount', () => {
    expect(parseAmount('12.345')).toBe('decimals');
    for (const typed of ['', 'abc', '1e3', '12,5,0', '€12', '0x10', 'Infinity']) expect(parseAmount(typed), typed).toBe('invalid');
  });
  it('round-trips what a form field shows', () => {
    for (const cents of [0, 1, 29, 9550, 11500, 999999]) expect(parseAmount(decimalEuros(cents))).toBe(cents);
    expect(decimalEuros(null)).toBe('');
    expect(decimalEuros(11550)).toBe('115.50');
  });
});
