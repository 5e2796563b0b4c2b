import { describe, expect, it } from 'vitest';
import { ALL_DAYS, allowsDay, daysOfMask, maskOfDays, mergeRules, NO_OVERRIDE, unsatisfiableReason, weekdayOf, type StayRules } from './stay-rules';

const open: StayRules = { minNights: 1, maxNights: 30, arrivalDays: ALL_DAYS, departureDays: ALL_DAYS, minNoticeDays: 0 };
const SAT = 5;

describe('weekdays', () => {
  it('counts Monday as 0 and Sunday as 6, before 1970 too', () => {
    expect(weekdayOf('2026-07-04')).toBe(SAT);
    expect(weekdayOf('2024-01-01')).toBe(0);
    expect(weekdayOf('1969-12-28')).toBe(6);
    expect(allowsDay(maskOfDays([SAT]), '2026-07-04')).toBe(true);
    expect(allowsDay(maskOfDays([SAT]), '2026-07-07')).toBe(false);
    expect(daysOfMask(maskOfDays([6, 0, 5]))).toEqual([0, 5, 6]);
  });
});

describe('mergeRules', () => {
  it('takes each level where it sets a rule, the level above where it does not', () => {
    const season = { ...NO_OVERRIDE, minNights: 3, arrivalDays: maskOfDays([SAT]) };
    const room = { ...NO_OVERRIDE, minNights: 5 };
    expect(mergeRules(open, season, room)).toEqual({ ...open, minNights: 5, arrivalDays: maskOfDays([SAT]) });
    expect(mergeRules(open, null, undefined)).toEqual(open);
  });
});

describe('unsatisfiableReason: a rule set no stay can meet', () => {
  it('names each way rules can shut every stay out', () => {
    expect(unsatisfiableReason(open)).toBeNull();
    expect(unsatisfiableReason({ ...open, minNights: 8, maxNights: 7 })).toBe('min_over_max');
    expect(unsatisfiableReason({ ...open, arrivalDays: 0 })).toBe('no_arrival_day');
    expect(unsatisfiableReason({ ...open, departureDays: 0 })).toBe('no_departure_day');
    // Saturday to Saturday takes 7 nights: impossible between 3 and 6.
    const saturdays = { ...open, arrivalDays: maskOfDays([SAT]), departureDays: maskOfDays([SAT]) };
    expect(unsatisfiableReason({ ...saturdays, minNights: 3, maxNights: 6 })).toBe('no_departure_reachable');
    expect(unsatisfiableReason({ ...saturdays, minNights: 3, maxNights: 7 })).toBeNull();
    expect(unsatisfiableReason({ ...saturdays, minNights: 8, maxNights: 20 })).toBeNull();
  });
});
