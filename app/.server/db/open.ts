// Resolves the database this process uses: DATABASE_URL when set, otherwise the
// embedded server in DATA_DIR (started here). Then applies pending migrations.
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { config } from '../config';
import { DataDirInUseError, lockDataDir, runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedServer } from './embedded';

const APP_DATABASE = 'guesthouse';

export interface OpenDatabase {
  url: string;
  embedded?: EmbeddedServer;
}

async function ensureDatabaseExists(maintenanceUrl: string, name: string) {
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

export async function applyMigrations(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    // Runs from the project root (npm scripts, tests and the server all do).
    await migrate(drizzle(pool), { migrationsFolder: path.resolve('drizzle') });
  } finally {
    await pool.end();
  }
}

/**
 * The configured database without migrating it: DATABASE_URL, or the embedded server
 * in DATA_DIR (locked and started here). Restore needs it unmigrated: it rebuilds the
 * schema itself at the archive's migration.
 */
export async function connectDatabase(options: { shareRunningServer?: boolean } = {}): Promise<OpenDatabase> {
  const { DATABASE_URL, DATA_DIR } = config();
  if (DATABASE_URL) return { url: DATABASE_URL };
  try {
    lockDataDir(DATA_DIR);
  } catch (error) {
    // A backup may read the embedded server of the app running on this DATA_DIR.
    const running = options.shareRunningServer && error instanceof DataDirInUseError ? runningEmbeddedUrl(DATA_DIR) : null;
    if (!running) throw error;
    return { url: running(APP_DATABASE) };
  }
  const embedded = await startEmbeddedPostgres(DATA_DIR);
  await ensureDatabaseExists(embedded.url(), APP_DATABASE);
  return { url: embedded.url(APP_DATABASE), embedded };
}

async function open(): Promise<OpenDatabase> {
  const database = await connectDatabase();
  await applyMigrations(database.url);
  return database;
}

// Kept on globalThis so that the dev server's module reloads reuse the one server.
const holder = globalThis as typeof globalThis & { __guesthouseDatabase?: Promise<OpenDatabase> };

export function openDatabase(): Promise<OpenDatabase> {
  holder.__guesthouseDatabase ??= open();
  return holder.__guesthouseDatabase;
}
