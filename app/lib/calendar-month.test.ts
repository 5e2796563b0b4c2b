import { describe, expect, it } from 'vitest';
import { calendarDay, dayStateLetter, ruleIndexLetter, type CalendarMonth } from './calendar-month';

const december: CalendarMonth = {
  month: '2026-12',
  title: 'décembre 2026',
  offset: 1,
  states: [dayStateLetter('past'), dayStateLetter('taken'), ...Array<string>(29).fill(dayStateLetter('free'))].join(''),
  labels: Array.from({ length: 31 }, (_, i) => `jour ${i + 1}`),
  rules: ['En Haute saison : 3 nuits minimum'],
  ruleOf: ['-', '-', ...Array<string>(29).fill(ruleIndexLetter(0))].join(''),
};

describe('calendarDay', () => {
  it('reads a night back from its position: date, number, label and state', () => {
    expect(calendarDay(december, 1)).toEqual({ date: '2026-12-01', day: 1, label: 'jour 1', state: 'past', rules: '' });
    expect(calendarDay(december, 2)).toEqual({ date: '2026-12-02', day: 2, label: 'jour 2', state: 'taken', rules: '' });
    expect(calendarDay(december, 3).state).toBe('free');
    expect(calendarDay(december, 31)).toEqual({ date: '2026-12-31', day: 31, label: 'jour 31', state: 'free', rules: 'En Haute saison : 3 nuits minimum' });
  });

  it('gives each state its own letter', () => {
    const letters = (['past', 'taken', 'free', 'closed'] as const).map(dayStateLetter);
    expect(new Set(letters).size).toBe(4);
    expect(letters.every((l) => l.length === 1)).toBe(true);
  });
});
