// Fixture feeds in the shapes Airbnb, Booking.com and other sites publish, with
// dates written relative to today ({{+N}} = today + N days, as YYYYMMDD) so that
// they stay inside the import window whatever day the tests run.
import fs from 'node:fs';
import path from 'node:path';
import { addDays, type IsoDate } from '~/lib/nights';

export function icalFixture(name: string, today: IsoDate): string {
  const text = fs.readFileSync(path.resolve('tests/fixtures/ical', name), 'utf8');
  return text.replace(/\{\{\+(\d+)\}\}/g, (_, days: string) => addDays(today, Number(days)).replaceAll('-', ''));
}

/** The night `days` after today, as stored. */
export const night = (today: IsoDate, days: number): IsoDate => addDays(today, days);
