import { describe, expect, it } from 'vitest';
import { formatOwnerTime } from './owner-time';

describe('formatOwnerTime', () => {
  it('writes the date as dd/mm/yyyy in the given time zone', () => {
    expect(formatOwnerTime(new Date('2025-03-09T23:30:00Z'), 'Europe/Paris', 'date')).toBe('10/03/2025');
    expect(formatOwnerTime(new Date('2025-03-09T23:30:00Z'), 'America/New_York', 'date')).toBe('09/03/2025');
  });

  it('writes the date and time of the zone, summer and winter', () => {
    expect(formatOwnerTime(new Date('2026-11-23T07:05:00Z'), 'Europe/Paris')).toBe('23/11/2026 à 08:05');
    expect(formatOwnerTime(new Date('2026-07-01T22:30:00Z'), 'Europe/Paris')).toBe('02/07/2026 à 00:30');
    expect(formatOwnerTime(new Date('2026-07-01T22:30:00Z'), 'Indian/Reunion')).toBe('02/07/2026 à 02:30');
  });

  it('writes the long forms in the language asked', () => {
    expect(formatOwnerTime(new Date('2026-11-23T07:05:00Z'), 'Europe/Paris', 'long')).toBe('23 novembre 2026 à 08:05');
    expect(formatOwnerTime(new Date('2026-11-23T07:05:00Z'), 'Europe/Paris', 'full', 'en')).toMatch(/^Monday,? 23 November 2026 at 08:05$/);
  });
});
