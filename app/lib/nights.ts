// Nights as calendar dates ('YYYY-MM-DD'), never instants. Day arithmetic goes
// through UTC day numbers, where every day has 24 hours, so a stay across a
// daylight-saving change still counts its nights right. Safe in the browser.

import { dateTimeFormat } from './date-time-format';

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar date written YYYY-MM-DD (1900–2999), e.g. not 2025-02-30. */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days since 1970-01-01 of a calendar date. */
export function dayNumber(date: IsoDate): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

export function fromDayNumber(days: number): IsoDate {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

export const addDays = (date: IsoDate, days: number): IsoDate => fromDayNumber(dayNumber(date) + days);

/** The calendar date as a Date at 00:00 UTC: what Intl (with timeZone UTC) and iCalendar's all-day events read. */
export const utcMidnight = (date: IsoDate): Date => new Date(dayNumber(date) * DAY_MS);

/** Nights from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDate, to: IsoDate): number => dayNumber(to) - dayNumber(from);

/** Each night of the stay [arrival, departure), in order. */
export function eachNight(arrival: IsoDate, departure: IsoDate): IsoDate[] {
  const nights: IsoDate[] = [];
  for (let day = dayNumber(arrival); day < dayNumber(departure); day++) nights.push(fromDayNumber(day));
  return nights;
}

/** The calendar date an instant falls on in a time zone (e.g. Europe/Paris). */
export function dateInZone(instant: Date, timeZone: string): IsoDate {
  // en-CA writes dates as YYYY-MM-DD.
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** First day of the month of a date, and the month after it. */
export const monthStart = (date: IsoDate): IsoDate => `${date.slice(0, 7)}-01`;
export function nextMonth(date: IsoDate): IsoDate {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The `day`-th (1-based) of a month written "2026-12". */
export const dayOfMonth = (month: string, day: number): IsoDate => `${month}-${day < 10 ? '0' : ''}${day}`;

/** A night as the back office writes it: '2026-07-01' → '01/07/2026'. */
export const formatNightFr = (night: IsoDate) => night.split('-').reverse().join('/');
