// PostgreSQL advisory locks: how instances sharing one database take turns. They are
// plain SQL (managed PostgreSQL has them) and held by a session, so a lock dies with the
// connection of an instance that stops or crashes: nobody has to clean up after it.
// A session lock needs a session of its own: through PgBouncer in transaction mode,
// point DATABASE_URL at a session-mode port.
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';

/** Every lock of the app, by name: one place, so that two jobs never share one by accident. */
export const LOCKS = {
  /** Migrations, and the check that this build knows the database's schema. */
  migrate: 'guesthouse:migrate',
  /** The admin account of ADMIN_EMAIL (or the generated one) and the demo seed. */
  firstStart: 'guesthouse:first-start',
  /** One pass of the imported calendars' refresh. */
  feedSync: 'guesthouse:feed-sync',
  /** The nightly backup archive. */
  nightlyBackup: 'guesthouse:nightly-backup',
  /** One pass releasing the holds whose deposit was not paid in time (issue 36). */
  expiredHolds: 'guesthouse:expired-holds',
  /** The nightly purge of personal data past its retention period (issue 47). */
  personalDataPurge: 'guesthouse:personal-data-purge',
  /** Declaring or withdrawing a tourist-tax period (issue 44): one at a time, so that no correction is declared twice. */
  touristTaxDeclarations: 'guesthouse:tourist-tax-declarations',
} as const;

export type LockName = (typeof LOCKS)[keyof typeof LOCKS];

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Waits for the lock on this session. */
export async function acquireLock(session: Queryable, name: LockName): Promise<void> {
  await session.query('select pg_advisory_lock(hashtext($1))', [name]);
}

/** Takes the lock on this session if nobody holds it; false otherwise. */
export async function tryLock(session: Queryable, name: LockName): Promise<boolean> {
  const { rows } = await session.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [name]);
  return rows[0]!.locked;
}

/** Takes the lock until the end of the transaction `tx` runs in (waiting for its holder). */
export async function lockForTransaction(tx: { execute: (query: SQL) => Promise<unknown> }, name: LockName): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

export async function releaseLock(session: Queryable, name: LockName): Promise<void> {
  await session.query('select pg_advisory_unlock(hashtext($1))', [name]);
}

/**
 * Runs `work` while holding the lock on a connection of its own (to `url`), waiting for
 * another instance to finish first. `work` may use any other connection.
 */
export async function withLock<T>(url: string, name: LockName, work: () => Promise<T>): Promise<T> {
  const session = new pg.Client({ connectionString: url, keepAlive: true, application_name: `guesthouse lock ${name}` });
  // Idle while `work` runs: losing it is an 'error' event, which must not end the process.
  session.on('error', () => {});
  await session.connect();
  try {
    await acquireLock(session, name);
    return await work();
  } finally {
    // Ending the session releases the lock, even if the unlock itself failed.
    await session.end().catch(() => {});
  }
}

/**
 * Runs `work` holding the lock on a connection of `pool` when nobody else holds it;
 * resolves to null at once when another instance does.
 */
export async function whenLockFree<T>(pool: pg.Pool, name: LockName, work: () => Promise<T>): Promise<T | null> {
  const session = await pool.connect();
  let broken = false;
  // Idle while `work` runs: a lost connection is an 'error' event, which must not end the
  // process; the lock went with the session, and the unlock below fails.
  const lost = () => {
    broken = true;
  };
  session.on('error', lost);
  try {
    if (!(await tryLock(session, name))) return null;
    try {
      return await work();
    } finally {
      await releaseLock(session, name).catch(() => {
        broken = true;
      });
    }
  } finally {
    // A session whose unlock failed may still hold the lock: it must not go back to the pool.
    session.off('error', lost);
    session.release(broken);
  }
}
