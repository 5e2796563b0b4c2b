// The stay rules a host sets (issue 45): fewest and most nights, the weekdays a guest may
// arrive and leave on, how many days ahead a stay must be asked for, and how far ahead one
// may book. Configuration holds the general rules; a season may set its own, and a room may
// set its own in a season. A stay is judged by the rules of its arrival night's season
// (decision 0029). Pure and safe in the browser: the price engine, the settings' checks and
// forms, and the room page's calendar use it.
import { dayNumber, type IsoDate } from './nights';

/** Weekdays as bits, Monday first (bit 0) to Sunday (bit 6), like the calendar's columns. */
export const ALL_DAYS = 0b1111111;
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Monday 0 … Sunday 6 (1970-01-01 was a Thursday). */
export const weekdayOf = (date: IsoDate): number => (((dayNumber(date) + 3) % 7) + 7) % 7;

export const allowsDay = (mask: number, date: IsoDate): boolean => (mask & (1 << weekdayOf(date))) !== 0;

/** The weekdays (0–6) of a mask, Monday first. */
export const daysOfMask = (mask: number): number[] => WEEKDAYS.filter((day) => (mask & (1 << day)) !== 0);

export const maskOfDays = (days: readonly number[]): number => days.reduce((mask, day) => mask | (1 << day), 0);

/** The weekdays as the back office names them, Monday first. */
export const WEEKDAY_NAMES_FR = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const;

export interface StayRules {
  minNights: number;
  maxNights: number;
  /** Weekdays one may arrive on (bits, Monday first). */
  arrivalDays: number;
  /** Weekdays one may leave on. */
  departureDays: number;
  /** Days between today and the arrival, at least (0: arriving today is fine). */
  minNoticeDays: number;
}

/** A season's or a room's own rules: null where it follows the level above. */
export type RulesOverride = { [K in keyof StayRules]: StayRules[K] | null };

export const NO_OVERRIDE: RulesOverride = { minNights: null, maxNights: null, arrivalDays: null, departureDays: null, minNoticeDays: null };

/** Configuration's rules, with how far ahead an arrival may be (general only: it counts from today, not from a season). */
export interface GeneralRules extends StayRules {
  horizonDays: number;
}

/** The longest stay the engine prices at all, whatever the rules: a bound on its work. */
export const STAY_NIGHTS_LIMIT = 365;

/** Each level's rule where it sets one, the level above's where it does not. */
export function mergeRules(base: StayRules, ...overrides: Array<RulesOverride | null | undefined>): StayRules {
  const rules = { ...base };
  for (const override of overrides) {
    if (!override) continue;
    for (const key of Object.keys(rules) as Array<keyof StayRules>) {
      const value = override[key];
      if (value !== null && value !== undefined) rules[key] = value;
    }
  }
  return rules;
}

/** True when the override sets nothing (the level follows the one above). */
export const isEmptyOverride = (override: RulesOverride | null | undefined): boolean =>
  !override || Object.values(override).every((value) => value === null || value === undefined);

/**
 * Why no stay can satisfy these rules, or null when some can: too few nights allowed,
 * no arrival or departure day, or no departure day reachable from any arrival day within
 * the nights allowed (arrival on Saturday, departure on Saturday, 3 to 6 nights).
 */
export function unsatisfiableReason(rules: StayRules): 'min_over_max' | 'no_arrival_day' | 'no_departure_day' | 'no_departure_reachable' | null {
  if (rules.minNights > rules.maxNights) return 'min_over_max';
  if ((rules.arrivalDays & ALL_DAYS) === 0) return 'no_arrival_day';
  if ((rules.departureDays & ALL_DAYS) === 0) return 'no_departure_day';
  // A week covers every offset: more nights than that adds no new departure weekday.
  const longest = Math.min(rules.maxNights, rules.minNights + 6);
  for (const arrival of daysOfMask(rules.arrivalDays)) {
    for (let nights = rules.minNights; nights <= longest; nights++) {
      if ((rules.departureDays & (1 << ((arrival + nights) % 7))) !== 0) return null;
    }
  }
  return 'no_departure_reachable';
}

/** What the owner reads when a set of rules can never be met (Configuration, Saisons, a room's rules). */
export const UNSATISFIABLE_MESSAGES: Record<NonNullable<ReturnType<typeof unsatisfiableReason>>, string> = {
  min_over_max: 'Le minimum de nuits dépasse le maximum : aucun séjour ne serait possible',
  no_arrival_day: "Choisissez au moins un jour d'arrivée",
  no_departure_day: 'Choisissez au moins un jour de départ',
  no_departure_reachable: "Aucun jour de départ ne suit un jour d'arrivée dans le nombre de nuits permis : aucun séjour ne serait possible",
};
