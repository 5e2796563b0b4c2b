import { describe, expect, it } from 'vitest';
import { normalisePromoCode, PROMO_CODE_PATTERN } from './promo-code';

describe('normalisePromoCode', () => {
  it('accepts a code typed in another case, with spaces or accents', () => {
    expect(normalisePromoCode(' été 26 ')).toBe('ETE26');
    expect(normalisePromoCode('Printemps-2026')).toBe('PRINTEMPS-2026');
    expect(normalisePromoCode('a\u00a0b\tc')).toBe('ABC');
    expect(PROMO_CODE_PATTERN.test(normalisePromoCode('ete26'))).toBe(true);
    expect(PROMO_CODE_PATTERN.test(normalisePromoCode('€€'))).toBe(false);
    expect(normalisePromoCode('   ')).toBe('');
  });
});
