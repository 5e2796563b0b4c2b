// The migrations of this code base (drizzle/), read the way drizzle's migrator reads
// them, for what the migrator cannot do: tell which migration a database is at, and
// apply migrations up to a given one inside a transaction the caller owns (restore
// rebuilds the schema of an archive, loads its rows, then migrates the rest, all in
// one transaction).
import fs from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

export interface Migration {
  /** The file name without .sql, e.g. `0000_init`. */
  tag: string;
  /** drizzle's `folderMillis`: what the migrations table records and orders by. */
  when: number;
  hash: string;
  statements: string[];
}

// drizzle-orm's defaults (migrationsSchema, migrationsTable).
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/** Every migration of drizzle/, oldest first. Runs from the project root, as the app does. */
export function listMigrations(folder = path.resolve('drizzle')): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, index) => ({
    tag: entry.tag,
    when: entry.when,
    hash: files[index]!.hash,
    statements: files[index]!.sql,
  }));
}

/** The last migration applied to a database (its `when` and hash), or null when none is. */
export async function readAppliedMigration(client: pg.ClientBase): Promise<{ when: number; hash: string } | null> {
  const { rows } = await client.query<{ exists: boolean }>(`select to_regclass($1) is not null as exists`, [MIGRATIONS_TABLE]);
  if (!rows[0]!.exists) return null;
  const last = await client.query<{ created_at: string; hash: string }>(`select created_at, hash from ${MIGRATIONS_TABLE} order by created_at desc limit 1`);
  return last.rows[0] ? { when: Number(last.rows[0].created_at), hash: last.rows[0].hash } : null;
}

/** Applies `migrations` in the caller's open transaction and records them as drizzle does. */
export async function applyMigrationsInTransaction(client: pg.ClientBase, migrations: Migration[]): Promise<void> {
  await client.query('create schema if not exists drizzle');
  await client.query(`create table if not exists ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`);
  for (const migration of migrations) {
    for (const statement of migration.statements) await client.query(statement);
    await client.query(`insert into ${MIGRATIONS_TABLE} (hash, created_at) values ($1, $2)`, [migration.hash, migration.when]);
  }
}
