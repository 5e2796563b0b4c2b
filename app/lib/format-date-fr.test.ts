import { describe, expect, it } from 'vitest';
import { formatDateFr, formatDateTimeFr } from './format-date-fr';

describe('formatDateFr', () => {
  it('uses dd/mm/yyyy in Paris time', () => {
    expect(formatDateFr(new Date('2025-03-09T23:30:00Z'))).toBe('10/03/2025');
  });
});

describe('formatDateTimeFr', () => {
  it('writes the Paris date and time, summer and winter', () => {
    expect(formatDateTimeFr(new Date('2026-11-23T07:05:00Z'))).toBe('23/11/2026 à 08:05');
    expect(formatDateTimeFr(new Date('2026-07-01T22:30:00Z'))).toBe('02/07/2026 à 00:30');
  });
});
