// A background pass of the app (calendar refresh, unpaid holds, nightly backup), run every
// so often on one instance at a time (an advisory lock): the others skip their turn, and
// when the instance running it stops (or dies, which ends its session and lock), the next
// tick anywhere takes over. Within an instance a tick that comes while a pass is still
// running is skipped, so a long pass never runs twice and stopping waits for the real one.
//
// The lock's pool is given by the caller, not imported from ./client: importing the app's
// pool opens the database, and the backup command (which shares a running site's embedded
// server) reaches this module through the nightly backup.
import type pg from 'pg';
import { whenLockFree, type LockName } from './advisory-lock';

export interface PeriodicPass {
  /** The advisory lock the pass runs under; none when `work` takes its own (the nightly backup). */
  lock?: { pool: pg.Pool; name: LockName };
  /** The first pass after start, then one every `intervalMs`. */
  firstDelayMs: number;
  intervalMs: number;
  /** Logged, with the error, when a pass fails (the next tick tries again). */
  failure: string;
  /** One pass; `stopped()` turns true when the server stops, for a long pass to end early. */
  work: (stopped: () => boolean) => Promise<unknown>;
}

/** Starts the pass; returns its stop function, which waits for a pass under way. */
export function startPeriodicPass({ lock, firstDelayMs, intervalMs, failure, work }: PeriodicPass): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let inFlight = false;
  let stopped = false;
  const pass = () => work(() => stopped);
  const tick = () => {
    if (stopped || inFlight) return;
    inFlight = true;
    running = (lock ? whenLockFree(lock.pool, lock.name, pass) : pass())
      .catch((error: unknown) => console.error(failure, error))
      .finally(() => (inFlight = false));
  };
  const first = setTimeout(tick, firstDelayMs);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
