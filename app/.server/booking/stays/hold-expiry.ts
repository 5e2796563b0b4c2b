// The background pass that releases unpaid holds (issue 36): every 15 seconds, on one
// instance at a time (advisory lock), each hold past its window becomes cancelled, its
// nights reopen (public calendar, export feed) and the guest and the owners are told.
import { LOCKS } from '../../db/advisory-lock';
import { pool } from '../../db/client';
import { startPeriodicPass } from '../../db/periodic-pass';
import { HOLD_BATCH, releaseExpiredHolds } from './deposit';

/**
 * A hold's nights reopen within 15 s of its deadline, not a minute later: a guest may be
 * looking at them. A pass with nothing due is one indexed query on one instance.
 */
export const HOLD_EXPIRY_INTERVAL_MS = 15_000;

export function startHoldExpiryWorker(): () => Promise<void> {
  return startPeriodicPass({
    lock: { pool, name: LOCKS.expiredHolds },
    firstDelayMs: 3_000,
    intervalMs: HOLD_EXPIRY_INTERVAL_MS,
    failure: 'Releasing expired holds failed:',
    // Batches of HOLD_BATCH: a backlog drains within one pass, each batch its own transaction.
    work: async (stopped) => {
      while (!stopped() && (await releaseExpiredHolds()) === HOLD_BATCH);
    },
  });
}
