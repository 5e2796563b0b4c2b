// A month of a room's availability calendar, as the room loader sends it and the booking
// panel draws it. Its nights are told by position from the 1st — a string of state
// letters and a list of labels — rather than as an object per night: the month crosses to
// the browser with every room page, and per-night objects were a third of its loader data.
import { dayOfMonth, type IsoDate } from './nights';

/**
 * A night: before today or beyond the booking window, booked or blocked, open, or open but
 * not a day one may arrive on (the weekday, the notice or the horizon of its rules).
 */
export type DayState = 'past' | 'taken' | 'free' | 'closed';

export interface CalendarMonth {
  /** "2026-12" */
  month: string;
  title: string;
  /** Blank cells before the 1st (weeks start on Monday). */
  offset: number;
  /** One letter per night from the 1st (see dayStateLetter): "ppffftt…". */
  states: string;
  /** Each night's date in words, as a screen reader says it ("lundi 14 décembre 2026"). */
  labels: string[];
  /** The stay rules of the month's nights in words, each once (« En Haute saison : 3 nuits minimum, arrivée le samedi »). */
  rules: string[];
  /** One character per night: the index (base 36) of its rules in `rules`, '-' when none restricts. */
  ruleOf: string;
}

export interface CalendarDay {
  date: IsoDate;
  day: number;
  label: string;
  state: DayState;
  /** The rules of this night in words ('' when none restricts). */
  rules: string;
}

const LETTERS: Record<DayState, string> = { past: 'p', taken: 't', free: 'f', closed: 'c' };
const STATES: Record<string, DayState> = { p: 'past', t: 'taken', f: 'free', c: 'closed' };

/** The character `ruleOf` holds for a night whose rules are `rules[index]` (-1: none). */
export const ruleIndexLetter = (index: number) => (index < 0 ? '-' : index.toString(36));

export function dayStateLetter(state: DayState): string {
  return LETTERS[state];
}

/** The night `day` (1-based) of the month. */
export function calendarDay(month: CalendarMonth, day: number): CalendarDay {
  return {
    date: dayOfMonth(month.month, day),
    day,
    label: month.labels[day - 1]!,
    state: STATES[month.states[day - 1]!]!,
    rules: month.rules[Number.parseInt(month.ruleOf[day - 1] ?? '-', 36)] ?? '',
  };
}
