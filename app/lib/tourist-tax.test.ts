import { describe, expect, it } from 'vitest';
import { ofTaxPeriod, parseTaxPeriod, periodsOverlap, shiftTaxPeriod, taxPeriodDueDate, taxPeriodOf, touristTaxPerNightCents } from './tourist-tax';

describe('the amount per person and per night', () => {
  it('adds the surcharges to the base and rounds to the cent once, half a cent up', () => {
    const rate = (baseCents: number, regionalPercent = 34, departmentalPercent = 0) =>
      touristTaxPerNightCents({ baseCents, regionalPercent, departmentalPercent });
    expect(rate(100)).toBe(134);
    // 0,83 × 1,34 = 1,1122
    expect(rate(83)).toBe(111);
    // 0,82 × 1,34 = 1,0988
    expect(rate(82)).toBe(110);
    // 0,75 × 1,34 = 1,005: half a cent goes up
    expect(rate(75)).toBe(101);
    // Both surcharges are shares of the base: 0,80 × (1 + 0,34 + 0,10) = 1,152
    expect(rate(80, 34, 10)).toBe(115);
    expect(rate(110, 0, 0)).toBe(110);
    expect(rate(0)).toBe(0);
  });

  it('rounds once: never the sum of two rounded surcharges', () => {
    // 0,25 × 34 % = 0,085 and × 10 % = 0,025: rounded apart 0,09 + 0,03 → 0,37; once: 0,36.
    expect(touristTaxPerNightCents({ baseCents: 25, regionalPercent: 34, departmentalPercent: 10 })).toBe(36);
  });
});

describe('declaration periods', () => {
  it('reads the three kinds of key and refuses anything else', () => {
    expect(parseTaxPeriod('2026-T1')).toEqual({ key: '2026-T1', frequency: 'quarterly', start: '2026-01-01', end: '2026-04-01', label: '1er trimestre 2026' });
    expect(parseTaxPeriod('2026-T4')).toMatchObject({ start: '2026-10-01', end: '2027-01-01', label: '4e trimestre 2026' });
    expect(parseTaxPeriod('2026-S2')).toMatchObject({ frequency: 'half-yearly', start: '2026-07-01', end: '2027-01-01', label: '2e semestre 2026' });
    expect(parseTaxPeriod('2026-03')).toMatchObject({ frequency: 'monthly', start: '2026-03-01', end: '2026-04-01', label: 'mars 2026' });
    expect(parseTaxPeriod('2026-12')).toMatchObject({ end: '2027-01-01', label: 'décembre 2026' });
    for (const bad of ['', '2026', '2026-T5', '2026-S3', '2026-13', '2026-00', '1999-T1', '2100-T1', '2026-T1x', '2026-t1', ' 2026-T1', 'x'.repeat(10_000)])
      expect(parseTaxPeriod(bad), bad.slice(0, 20)).toBeNull();
  });

  it('finds the period of a night, the next and the previous one, and when each is due', () => {
    const q = taxPeriodOf('2026-05-14', 'quarterly');
    expect(q.key).toBe('2026-T2');
    expect(shiftTaxPeriod(q, 1).key).toBe('2026-T3');
    expect(shiftTaxPeriod(taxPeriodOf('2026-02-01', 'quarterly'), -1).key).toBe('2025-T4');
    expect(shiftTaxPeriod(taxPeriodOf('2026-12-31', 'monthly'), 1).key).toBe('2027-01');
    expect(taxPeriodOf('2026-07-01', 'half-yearly').key).toBe('2026-S2');
    expect(taxPeriodDueDate(q, 20)).toBe('2026-07-20');
    expect(taxPeriodDueDate(parseTaxPeriod('2026-T4')!, 5)).toBe('2027-01-05');
  });

  it('names a period after a noun', () => {
    expect(ofTaxPeriod(parseTaxPeriod('2026-T1')!)).toBe('du 1er trimestre 2026');
    expect(ofTaxPeriod(parseTaxPeriod('2026-S2')!)).toBe('du 2e semestre 2026');
    expect(ofTaxPeriod(parseTaxPeriod('2026-03')!)).toBe('de mars 2026');
    expect(ofTaxPeriod(parseTaxPeriod('2026-04')!)).toBe("d'avril 2026");
    expect(ofTaxPeriod(parseTaxPeriod('2026-08')!)).toBe("d'août 2026");
  });

  it('says whether two periods share a night', () => {
    const t1 = parseTaxPeriod('2026-T1')!;
    expect(periodsOverlap(t1, parseTaxPeriod('2026-03')!)).toBe(true);
    expect(periodsOverlap(t1, parseTaxPeriod('2026-04')!)).toBe(false);
    expect(periodsOverlap(t1, parseTaxPeriod('2026-S1')!)).toBe(true);
  });
});
