// Numbers taken in order within a year (a note's, a booking's reference): the counter row
// of the series and year is locked and advanced in the caller's transaction, so that a
// rollback gives the number back and two instances taking one at once wait for each
// other — chronological, without a gap or a repeat (FRENCH-RULES §4 for the notes).
import { sql } from 'drizzle-orm';
import type { Executor } from './client';
import { sequenceCounters } from './schema';

export type Series = 'note' | 'booking';

/** The next number of `series` in `year` (1 for the first), taken in the caller's transaction. */
export async function takeNextNumber(tx: Executor, series: Series, year: number): Promise<number> {
  const [row] = await tx
    .insert(sequenceCounters)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({ target: [sequenceCounters.series, sequenceCounters.year], set: { last: sql`${sequenceCounters.last} + 1` } })
    .returning({ last: sequenceCounters.last });
  return row!.last;
}

/** A number written with at least four digits: 7 → "0007". */
export const fourDigits = (n: number) => String(n).padStart(4, '0');
