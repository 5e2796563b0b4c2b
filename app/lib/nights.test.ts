import { describe, expect, it } from 'vitest';
import { addDays, dateInZone, dayOfMonth, daysBetween, eachNight, isIsoDate, nextMonth } from './nights';

describe('calendar nights', () => {
  it('accepts only real dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('9999-01-01')).toBe(false);
    expect(isIsoDate('26-01-01')).toBe(false);
    expect(isIsoDate(20260101)).toBe(false);
  });

  it('counts nights across daylight-saving changes in Paris', () => {
    // Clocks go forward on 2026-03-29 and back on 2026-10-25.
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(eachNight('2026-10-24', '2026-10-27')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(nextMonth('2026-12-15')).toBe('2027-01-01');
    expect(dayOfMonth('2026-12', 1)).toBe('2026-12-01');
    expect(dayOfMonth('2026-12', 31)).toBe('2026-12-31');
  });

  it('takes the date of an instant in the given time zone', () => {
    const instant = new Date('2026-07-01T22:30:00Z');
    expect(dateInZone(instant, 'Europe/Paris')).toBe('2026-07-02');
    expect(dateInZone(instant, 'America/New_York')).toBe('2026-07-01');
  });
});
