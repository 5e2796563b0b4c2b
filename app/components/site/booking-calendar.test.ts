import { describe, expect, it } from 'vitest';
import type { CalendarMonth } from '~/lib/calendar-month';
import { firstTakenFrom } from './booking-panel';

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
