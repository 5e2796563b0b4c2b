// The nightly purge of personal data (retention.ts): once a night, after 04:00 in the
// guesthouse's time zone (after the nightly backup's hour, so that a backup never holds
// what the purge removed the same night only in part), exactly once across instances.
// As for the nightly backup, due-ness is read from the record (personal_data_log), not
// from a timer: an advisory lock lets one instance at a time look, the purge and its
// record are one transaction, and the record's unique night is the last guard.
import { and, desc, eq } from 'drizzle-orm';
import { LOCKS, whenLockFree } from '../db/advisory-lock';
import { db, pool } from '../db/client';
import { startPeriodicPass } from '../db/periodic-pass';
import { personalDataLog } from '../db/schema';
import { config } from '../environment';
import { dateTimeFormat } from '~/lib/date-time-format';
import { dateInZone } from '~/lib/nights';
import { purgePersonalData, type PurgeCounts } from './retention';

const CHECK_EVERY_MS = 10 * 60 * 1000;
/** The hour (guesthouse time) from which the night's purge is due. */
export const PURGE_HOUR = 4;

const hourInZone = (instant: Date, timeZone: string) => Number(dateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(instant));

/**
 * Purges if tonight's purge is due at `now` and has not run; returns its counts, or null
 * when not due, already done, or under way on another instance.
 */
export async function runNightlyPurgeIfDue(now = new Date()): Promise<PurgeCounts | null> {
  const timeZone = config().GUESTHOUSE_TIME_ZONE;
  if (hourInZone(now, timeZone) < PURGE_HOUR) return null;
  const night = dateInZone(now, timeZone);
  const done = await whenLockFree(pool, LOCKS.personalDataPurge, () =>
    db.transaction(async (tx) => {
      const [already] = await tx
        .select({ id: personalDataLog.id })
        .from(personalDataLog)
        .where(and(eq(personalDataLog.kind, 'purge'), eq(personalDataLog.night, night)))
        .limit(1);
      if (already) return null;
      const counts = await purgePersonalData(now, tx);
      await tx.insert(personalDataLog).values({ kind: 'purge', night, counts, createdAt: now });
      return counts;
    }),
  );
  return done ?? null;
}

/** The last nightly purge, for Configuration (when, and what it did). */
export async function readLastPurge(): Promise<{ createdAt: Date; counts: Record<string, number> } | null> {
  const [last] = await db
    .select({ createdAt: personalDataLog.createdAt, counts: personalDataLog.counts })
    .from(personalDataLog)
    .where(eq(personalDataLog.kind, 'purge'))
    .orderBy(desc(personalDataLog.createdAt))
    .limit(1);
  return last ?? null;
}

/** Checks every ten minutes; returns the stop function. */
export function startNightlyPurge(): () => Promise<void> {
  return startPeriodicPass({
    firstDelayMs: 90_000,
    intervalMs: CHECK_EVERY_MS,
    failure: 'The nightly purge of personal data failed:',
    work: async () => {
      const counts = await runNightlyPurgeIfDue();
      if (counts)
        console.log(
          `Personal data purged: ${Object.entries(counts)
            .map(([kind, n]) => `${kind} ${n}`)
            .join(', ')}`,
        );
    },
  });
}
