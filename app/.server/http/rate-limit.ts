// Fixed-window counters in Postgres (table submission_limits), shared by every app
// instance: the contact and guest-book limits and the sign-in / sign-up limits.
import { eq, sql } from 'drizzle-orm';
import { db, type Executor } from '../db/client';
import { submissionLimits } from '../db/schema';

const expired = (windowMinutes: number) => sql`${submissionLimits.windowStartedAt} <= now() - make_interval(mins => ${windowMinutes})`;

/**
 * Counts one hit on `key` and tells whether it is within `limit` per window. One atomic
 * upsert, so concurrent requests cannot both take the last slot. Inside a transaction
 * (`executor`), the hit is given back if the transaction rolls back.
 */
export async function takeRateLimitSlot(key: string, limit: number, windowMinutes: number, executor: Executor = db): Promise<boolean> {
  const [row] = await executor
    .insert(submissionLimits)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: submissionLimits.key,
      set: {
        count: sql`case when ${expired(windowMinutes)} then 1 else ${submissionLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired(windowMinutes)} then now() else ${submissionLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: submissionLimits.count });
  return (row?.count ?? 1) <= limit;
}

/** Gives one hit back (an attempt that turned out not to count, e.g. a successful sign-in). */
export async function releaseRateLimitSlot(key: string) {
  await db
    .update(submissionLimits)
    .set({ count: sql`greatest(${submissionLimits.count} - 1, 0)` })
    .where(eq(submissionLimits.key, key));
}

export async function clearRateLimit(key: string) {
  await db.delete(submissionLimits).where(eq(submissionLimits.key, key));
}
