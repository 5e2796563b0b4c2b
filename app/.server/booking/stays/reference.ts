// A booking's short reference (issue 52): "R26-0042", the year it was made at the
// guesthouse and its rank among that year's bookings. The guest quotes it on a transfer and
// the notes carry it; unique (a per-year counter, db/sequence-counters.ts).
import { addDays, type IsoDate } from '~/lib/nights';
import type { Executor } from '../../db/client';
import { fourDigits, takeNextNumber } from '../../db/sequence-counters';
import { guesthouseToday } from '../../guesthouse-time';

/** The next reference, taken in the caller's transaction (the one that inserts the booking). */
export async function newBookingReference(tx: Executor, now = new Date()): Promise<string> {
  const year = Number(guesthouseToday(now).slice(0, 4));
  return `R${String(year % 100).padStart(2, '0')}-${fourDigits(await takeNextNumber(tx, 'booking', year))}`;
}

/**
 * The day a deposit is due, decided when the stay is confirmed: Configuration's days after
 * today, but never after the balance is due (a stay booked at the last minute) nor before today.
 */
export function depositDueDate(today: IsoDate, dueDays: number, balanceDueDate: IsoDate | null, arrival: IsoDate): IsoDate {
  const latest = balanceDueDate ?? arrival;
  const due = addDays(today, dueDays);
  return due < latest ? due : latest < today ? today : latest;
}
