// The one Drizzle client of the process. Importing it opens the database first
// (top-level await), so no query can run before migrations are applied.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase } from './open';
import * as schema from './schema';

const { url } = await openDatabase();

const holder = globalThis as typeof globalThis & { __guesthousePool?: pg.Pool };
// Named after the process, so that pg_stat_activity and pg_locks tell the instances apart.
export const pool = (holder.__guesthousePool ??= new pg.Pool({ connectionString: url, max: 10, application_name: `guesthouse-${process.pid}` }));
let stopping = false;
/**
 * Called on the first shutdown signal: PostgreSQL (embedded, it may get the same
 * signal from the terminal) then terminates our idle connections, which is the
 * expected end of a clean stop, not an error to log.
 */
export function expectDatabaseShutdown() {
  stopping = true;
}
const ADMIN_SHUTDOWN = '57P01';
pool.on('error', (error: Error & { code?: string }) => {
  if (stopping && error.code === ADMIN_SHUTDOWN) return;
  console.error('PostgreSQL pool error:', error.message);
});

export const db = drizzle(pool, { schema });
export type Db = typeof db;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the client or an open transaction: domain functions accept both. */
export type Executor = Db | Tx;
