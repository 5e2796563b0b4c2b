// A stand-in app process for the crash-recovery test: opens the database the way the
// app does (DATA_DIR lock, embedded server, migrations), records one visit, reports.
import { sql } from 'drizzle-orm';

try {
  const { db } = await import('../../app/.server/db/client');
  await db.execute(sql`insert into seasons (name) values ('visit')`);
  const { rows } = await db.execute(sql`select count(*)::int as visits from seasons where name = 'visit'`);
  console.log(`READY ${JSON.stringify(rows[0])}`);
  setInterval(() => {}, 1 << 30);
} catch (error) {
  console.error(`FAILED ${(error as Error).message}`);
  process.exit(1);
}
