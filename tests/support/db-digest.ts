// A fingerprint of every application table, to prove that a refused request changed nothing.
import { sql } from 'drizzle-orm';
import { db } from '~/.server/db/client';

/** Tables that legitimately change on refused requests (sessions touched, limit counters). */
const VOLATILE = ['session', 'rate_limit', 'submission_limits', 'verification', '__drizzle_migrations'];

export async function databaseDigest(): Promise<string> {
  const { rows } = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts: string[] = [];
  for (const { table_name } of rows) {
    if (VOLATILE.includes(table_name)) continue;
    const result = await db.execute<{ h: string | null }>(
      sql.raw(`select md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as h from "${table_name}" t`),
    );
    parts.push(`${table_name}:${result.rows[0]!.h}`);
  }
  return parts.join('\n');
}
