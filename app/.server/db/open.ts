// Resolves the database this process uses: DATABASE_URL when set, otherwise the
// embedded server in DATA_DIR (started here). Then applies pending migrations.
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { config } from '../environment';
import { acquireLock, LOCKS } from './advisory-lock';
import { DataDirInUseError, lockDataDir, runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedServer } from './embedded';
import { listMigrations, readAppliedMigration } from './migrations';

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

/** An instance whose build is older than the database's schema: it must not serve on it. */
export class SchemaTooNewError extends Error {}

/**
 * Brings the schema up to this build's last migration, once however many instances start
 * together: each waits for the migration lock, and those after the first find nothing to
 * apply. An older build (the database holds a migration it does not know) refuses to
 * start rather than serve on a schema it was not written for. Returns how many
 * migrations this call applied.
 */
export async function applyMigrations(url: string): Promise<number> {
  // Runs from the project root (npm scripts, tests and the server all do).
  const folder = path.resolve('drizzle');
  const known = listMigrations(folder);
  const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'guesthouse migrate' });
  await client.connect();
  try {
    await acquireLock(client, LOCKS.migrate);
    const before = await readAppliedMigration(client);
    const newest = known.at(-1);
    if (before && newest && before.when > newest.when) {
      throw new SchemaTooNewError(
        `The database's schema is newer than this version of the site: its last migration dates from ${new Date(before.when).toISOString()}, ` +
          `this build knows migrations up to ${newest.tag} (${new Date(newest.when).toISOString()}).\n` +
          'Start the newer version of the site on this database (or restore a backup made by this version into an empty one).',
      );
    }
    await migrate(drizzle(client), { migrationsFolder: folder });
    return known.filter((migration) => !before || migration.when > before.when).length;
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {});
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
  try {
    const applied = await applyMigrations(database.url);
    if (applied) console.log(`Database schema migrated (${applied} migration${applied > 1 ? 's' : ''} applied).`);
  } catch (error) {
    // This process started the embedded server: it must not outlive a refused start.
    await database.embedded?.stop().catch(() => {});
    throw error;
  }
  return database;
}

// Kept on globalThis so that the dev server's module reloads reuse the one server.
const holder = globalThis as typeof globalThis & { __guesthouseDatabase?: Promise<OpenDatabase> };

export function openDatabase(): Promise<OpenDatabase> {
  holder.__guesthouseDatabase ??= open();
  return holder.__guesthouseDatabase;
}
