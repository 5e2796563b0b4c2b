// The one Drizzle client of the process. Importing it opens the database first
// (top-level await), so no query can run before migrations are applied.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase } from './open';
import * as schema from './schema';

const { url } = await openDatabase();

const holder = globalThis as typeof globalThis & { __guesthousePool?: pg.Pool };
export const pool = (holder.__guesthousePool ??= new pg.Pool({ connectionString: url, max: 10 }));
pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));

export const db = drizzle(pool, { schema });
export type Db = typeof db;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the client or an open transaction: domain functions accept both. */
export type Executor = Db | Tx;
