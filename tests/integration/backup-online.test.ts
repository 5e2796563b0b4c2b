// Backups of a site that is serving: the download from the configuration screen
// (streamed, admin only, recorded), a consistent snapshot while writes go on, and the
// nightly archive of BACKUP_DIR with its retention.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readLastBackupRun } from '~/.server/backup/backup-runs';
import { writeBackup } from '~/.server/backup/create-backup';
import { ARCHIVE_FILE_NAME } from '~/.server/backup/manifest';
import { runNightlyBackupIfDue } from '~/.server/backup/nightly';
import { verifyArchive } from '~/.server/backup/restore-backup';
import { db, pool } from '~/.server/db/client';
import { backupRuns } from '~/.server/db/schema';
import { storage } from '~/.server/media/storage';
import { action as backupAction } from '~/routes/resources/backup';
import { formRequest, run, signedInAs } from '../support/requests';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-online-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const callAction = (request: Request) => backupAction({ request, params: {}, context: {} } as never) as Promise<Response>;

async function openTransactions() {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state in ('idle in transaction', 'active')`,
  );
  return rows[0]!.n;
}

describe('download from the configuration screen', () => {
  it('streams a complete archive to an admin and records it as the last backup', async () => {
    const admin = await signedInAs('admin');
    const response = await callAction(formRequest('/api/backup', { intent: 'download-backup' }, admin.cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="sauvegarde-[\d-]+\.tar\.gz"$/);
    const file = path.join(work, 'download.tar.gz');
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const manifest = await verifyArchive(file);
    expect(manifest.tables.find((t) => t.name === 'user')!.rows).toBeGreaterThan(0);

    await expect.poll(() => readLastBackupRun(pool), { timeout: 10_000 }).toMatchObject({ kind: 'download', bytes: fs.statSync(file).size });
  });

  it('is refused to visitors and users; a bad intent is a 400', async () => {
    const user = await signedInAs('user');
    for (const cookie of [undefined, user.cookie]) {
      const refused = await run(backupAction, formRequest('/api/backup', { intent: 'download-backup' }, cookie));
      expect([401, 403]).toContain(refused.status);
    }
    const admin = await signedInAs('admin');
    expect((await run(backupAction, formRequest('/api/backup', { intent: 'nope' }, admin.cookie))).status).toBe(400);
  });

  it('a download dropped half-way ends its snapshot and is not recorded', async () => {
    await db.delete(backupRuns);
    // Enough rows for the archive to span many stream chunks.
    await db.execute(
      sql`insert into distances (city, duration_minutes) select 'Ville ' || g || repeat('x', 200), 1 + g % 500 from generate_series(1, 20000) g`,
    );
    const admin = await signedInAs('admin');
    const controller = new AbortController();
    const response = await callAction(new Request(formRequest('/api/backup', { intent: 'download-backup' }, admin.cookie), { signal: controller.signal }));
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.cancel();
    await expect.poll(openTransactions, { timeout: 10_000 }).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(await db.select().from(backupRuns).where(eq(backupRuns.kind, 'download'))).toEqual([]);
    await db.execute(sql`delete from distances`);
  });
});

describe('consistent snapshot', () => {
  it('tables written together while the backup runs are archived at one instant', { timeout: 60_000 }, async () => {
    // A big table copied between `distances` and `seasons` (load order is alphabetical
    // among unrelated tables) leaves time for the writer to commit pairs meanwhile.
    await db.execute(
      sql`insert into multilingual_content (content_key, content_value, language_code, content_type)
          select 'bulk_' || g, repeat('texte ', 40), 'fr', 'general' from generate_series(1, 30000) g`,
    );
    const writer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await writer.connect();
    let pairs = 0;
    let writing = true;
    const loop = (async () => {
      while (writing) {
        await writer.query('begin');
        await writer.query(`insert into distances (city, duration_minutes) values ('Paire', 10)`);
        await writer.query(`insert into seasons (name) values ('Paire')`);
        await writer.query('commit');
        pairs++;
      }
    })();
    while (pairs < 5) await new Promise((r) => setTimeout(r, 5));
    const before = pairs;
    const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    const { manifest } = await writeBackup({ pool, storage: storage() }, sink);
    const during = pairs - before;
    writing = false;
    await loop;
    await writer.end();

    const rows = (table: string) => manifest.tables.find((t) => t.name === table)!.rows;
    expect(during, 'the writer committed while the backup ran').toBeGreaterThan(0);
    expect(rows('distances')).toBe(rows('seasons'));
    expect(rows('distances')).toBeGreaterThanOrEqual(before);
  });
});

describe('nightly archive (BACKUP_DIR, BACKUP_KEEP)', () => {
  it('writes one archive a night after 03:00 Paris time, once across instances, and keeps the newest N', { timeout: 60_000 }, async () => {
    const dir = path.join(work, 'nightly');
    const settings = { pool, storage: storage(), dir, keep: 1 };
    // 23 November 2026, 04:00 in Paris (UTC+1): due; two instances at once write one archive.
    const first = await Promise.all([
      runNightlyBackupIfDue(settings, new Date('2026-11-23T03:00:00Z')),
      runNightlyBackupIfDue(settings, new Date('2026-11-23T03:00:00Z')),
    ]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await runNightlyBackupIfDue(settings, new Date('2026-11-23T22:00:00Z'))).toBeNull(); // same night done
    expect(await runNightlyBackupIfDue(settings, new Date('2026-11-24T01:00:00Z'))).toBeNull(); // 02:00: not yet
    const second = await runNightlyBackupIfDue(settings, new Date('2026-11-24T02:30:00Z'));
    expect(second).toBe(path.join(dir, 'sauvegarde-2026-11-24-023000.tar.gz'));
    expect(fs.readdirSync(dir)).toEqual(['sauvegarde-2026-11-24-023000.tar.gz']); // keep = 1
    expect(ARCHIVE_FILE_NAME.test(path.basename(second!))).toBe(true);
    await verifyArchive(second!);
    const runs = await db.select().from(backupRuns).where(eq(backupRuns.kind, 'nightly'));
    expect(runs.map((r) => r.file).sort()).toEqual([first.find(Boolean), second]);
  });

  it('an instance that dies while writing the night leaves it to another, which writes it', { timeout: 60_000 }, async () => {
    const dir = path.join(work, 'nightly-crash');
    const night = new Date('2026-11-26T03:30:00Z');
    // The dying instance: its own pool (sessions we can end), its backup held half-way.
    const dying = new pg.Pool({ connectionString: process.env.DATABASE_URL, application_name: 'dying-instance' });
    dying.on('error', () => {});
    let reachStorage: () => void = () => {};
    let resume: () => void = () => {};
    const reached = new Promise<void>((resolve) => (reachStorage = resolve));
    const held = new Promise<void>((resolve) => (resume = resolve));
    const real = storage();
    const stalled = Object.create(real, {
      listKeys: {
        value: async () => {
          reachStorage();
          await held;
          return real.listKeys();
        },
      },
    }) as typeof real;
    const crashed = runNightlyBackupIfDue({ pool: dying, storage: stalled, dir, keep: 3 }, night).catch((error: Error) => error);
    await reached;
    // Meanwhile the lock is taken: another instance skips its turn.
    expect(await runNightlyBackupIfDue({ pool, storage: real, dir, keep: 3 }, night)).toBeNull();
    // The process dies: its sessions end, and its lock and snapshot with them.
    await pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'dying-instance'`);
    resume();
    expect(await crashed).toBeInstanceOf(Error);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]); // no half archive
    await dying.end().catch(() => {});

    const written = await runNightlyBackupIfDue({ pool, storage: real, dir, keep: 3 }, night);
    expect(written).toBe(path.join(dir, 'sauvegarde-2026-11-26-033000.tar.gz'));
    await verifyArchive(written!);
  });
});
