// A fingerprint of every application table: to prove that a refused request changed
// nothing (`databaseDigest`), and that a restored database equals its source
// (`fullDigestAt`, every table, any database).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { db } from '~/.server/db/client';

/**
 * Tables that legitimately change on refused requests (sessions touched, limit counters),
 * or on the app's own clock whatever the requests (the nightly purge's record of its night).
 */
const VOLATILE = [
  'session',
  'rate_limit',
  'submission_limits',
  'sign_in_accounts',
  'sign_in_networks',
  'verification',
  'personal_data_log',
  '__drizzle_migrations',
];

const TABLES = `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`;
const tableHash = (table: string) => `select md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as h from "${table}" t`;

let digestStatement: string | undefined;

/**
 * One statement, one round trip (the bad-input suite takes two digests per case, over a
 * thousand cases): the tables are listed once per process, every test file's database
 * being a clone of the same migrated template.
 */
export async function databaseDigest(): Promise<string> {
  if (!digestStatement) {
    const { rows } = await db.execute<{ table_name: string }>(sql.raw(TABLES));
    const tables = rows.map((r) => r.table_name).filter((table) => !VOLATILE.includes(table));
    digestStatement = tables.map((table) => `select '${table}' as name, (${tableHash(table)}) as h`).join(' union all ');
  }
  const { rows } = await db.execute<{ name: string; h: string | null }>(sql.raw(digestStatement));
  return rows
    .map((r) => `${r.name}:${r.h}`)
    .sort()
    .join('\n');
}

/** Every table of the database at `url`, volatile ones included, with its row count. */
export async function fullDigestAt(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set timezone = 'UTC'`); // two servers may differ in their default
    const digest: Record<string, string> = {};
    for (const { table_name } of (await client.query<{ table_name: string }>(TABLES)).rows) {
      const { rows } = await client.query<{ h: string; n: string }>(`select (${tableHash(table_name)}) as h, (select count(*) from "${table_name}") as n`);
      digest[table_name] = `${rows[0]!.n} rows ${rows[0]!.h}`;
    }
    return digest;
  } finally {
    await client.end();
  }
}
