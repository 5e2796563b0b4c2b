// The background pass that releases unpaid holds (issue 36): every minute, on one
// instance at a time (advisory lock), each hold past its window becomes cancelled, its
// nights reopen (public calendar, export feed) and the guest and the owners are told.
import { LOCKS, whenLockFree } from '../db/advisory-lock';
import { pool } from '../db/client';
import { releaseExpiredHolds } from './deposit';

export const HOLD_EXPIRY_INTERVAL_MS = 60_000;

export function startHoldExpiryWorker(): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = whenLockFree(pool, LOCKS.expiredHolds, async () => {
      // Batches of 100: a backlog drains within one pass, each batch its own transaction.
      while (!stopped && (await releaseExpiredHolds()) === 100);
    }).catch((error: unknown) => console.error('Releasing expired holds failed:', error));
  };
  const first = setTimeout(tick, 3_000);
  const timer = setInterval(tick, HOLD_EXPIRY_INTERVAL_MS);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
