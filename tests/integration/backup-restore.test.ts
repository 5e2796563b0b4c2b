// Backup and restore, end to end (issue 16): the archive holds every table of the
// schema and every original image; restoring it into a fresh DATA_DIR (embedded
// PostgreSQL, disk), into a DATABASE_URL server and into S3 gives identical tables,
// identical image bytes, the same pages and the same admin password; damaged,
// newer-schema archives and non-empty targets are refused without any change.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '~/.server/backup/create-backup';
import { MANIFEST_NAME, type Manifest } from '~/.server/backup/manifest';
import { restoreBackup, verifyArchive } from '~/.server/backup/restore-backup';
import { pool } from '~/.server/db/client';
import { applyMigrationsInTransaction, listMigrations } from '~/.server/db/migrations';
import { diskStorage, s3Storage, storage } from '~/.server/media/storage';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { createDatabase, fillEveryTable, imageDigest, rewriteArchive, runScript } from '../support/backup';
import { fullDigestAt } from '../support/db-digest';
import { startLocalS3, type LocalS3 } from '../support/s3';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-backup-'));
const archive = path.join(work, 'site.tar.gz');
const restoredDir = path.join(work, 'restored');
const apps: AppProcess[] = [];
let s3: LocalS3 | undefined;
let admin: { email: string; password: string };
let sourceDigest: Record<string, string>;
let sourceImages: Record<string, string>;

beforeAll(async () => {
  const filled = await fillEveryTable();
  admin = filled.admin;
  expect(filled.empty, 'tables without a row: give them one in fillEveryTable').toEqual([]);
  sourceDigest = await fullDigestAt(process.env.DATABASE_URL!);
  sourceImages = await imageDigest(storage());
  expect(Object.keys(sourceImages).length).toBeGreaterThan(1);
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.kill();
  await s3?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** The embedded database of a DATA_DIR whose app is stopped: its URL while `use` runs. */
async function withEmbedded<T>(dataDir: string, body: (url: string) => Promise<T>): Promise<T> {
  const { lockDataDir, startEmbeddedPostgres } = await import('~/.server/db/embedded');
  const release = lockDataDir(dataDir);
  const server = await startEmbeddedPostgres(dataDir, () => {});
  try {
    return await body(server.url('guesthouse'));
  } finally {
    await server.stop();
    release();
  }
}

async function signIn(app: AppProcess, email: string, password: string) {
  const response = await fetch(`${app.url}/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
    body: new URLSearchParams({ intent: 'signin', email, password }),
    redirect: 'manual',
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: response.status, location: response.headers.get('location'), cookie };
}

/** A page as HTML with what differs between two processes (origin, CSP nonces) made equal. */
async function page(app: AppProcess, pathname: string) {
  const response = await fetch(`${app.url}${pathname}`, { headers: { 'accept-language': 'fr' } });
  const html = await response.text();
  return { status: response.status, html: html.replaceAll(app.url, 'ORIGIN').replace(/nonce="[^"]*"/g, 'nonce=""') };
}

describe('backup archive', () => {
  let manifest: Manifest;

  it('holds every table of the schema with its row count, every original image and no variant', async () => {
    // A variant in the cache must not travel.
    const [someKey] = Object.keys(sourceImages);
    await storage().put(`variants/${someKey}/w150-h80-q70.webp`, Buffer.from('cached'), 'image/webp');
    const result = await writeBackup({ pool, storage: storage() }, fs.createWriteStream(archive));
    manifest = result.manifest;
    expect(result.bytes).toBe(fs.statSync(archive).size);
    expect(await verifyArchive(archive)).toEqual(manifest);

    const schemaTables = Object.values(await import('~/.server/db/schema'))
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable));
    const archived = manifest.tables.map((t) => t.name);
    expect(
      schemaTables.filter((t) => !archived.includes(t)),
      'schema tables missing from the archive',
    ).toEqual([]);
    expect(archived.sort()).toEqual(Object.keys(sourceDigest).sort());
    for (const table of manifest.tables) expect(sourceDigest[table.name], table.name).toMatch(new RegExp(`^${table.rows} rows `));

    expect(manifest.images.map((i) => i.key).sort()).toEqual(Object.keys(sourceImages));
    expect(manifest.images.every((i) => !i.key.startsWith('variants/'))).toBe(true);
    expect(manifest.migration.tag).toBe(listMigrations().at(-1)!.tag);
    expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(60_000);
    // Referenced tables load first.
    const order = manifest.tables.map((t) => t.name);
    expect(order.indexOf('user')).toBeLessThan(order.indexOf('profiles'));
    expect(order.indexOf('rooms')).toBeLessThan(order.indexOf('room_season_prices'));
    expect(order.indexOf('contact_messages')).toBeLessThan(order.indexOf('mail_outbox'));
  });

  it('round trip into a fresh DATA_DIR (embedded PostgreSQL, disk): same tables, images, pages and admin password', { timeout: 600_000 }, async () => {
    const restore = await runScript('restore', [archive], { DATA_DIR: restoredDir, DATABASE_URL: undefined });
    expect(restore.output).toContain('Restored');
    expect(restore.code, restore.output).toBe(0);

    await withEmbedded(restoredDir, async (url) => expect(await fullDigestAt(url)).toEqual(sourceDigest));
    expect(await imageDigest(diskStorage(path.join(restoredDir, 'uploads')))).toEqual(sourceImages);

    const source = await startAppProcess({ DATA_DIR: process.env.DATA_DIR });
    const restored = await startAppProcess({ DATA_DIR: restoredDir, DATABASE_URL: '' });
    apps.push(source, restored);
    const [room] = (await pool.query<{ id: string }>('select id from rooms order by position limit 1')).rows;
    for (const pathname of ['/', '/livre-dor', '/mentions-legales', `/room/${room!.id}`, '/?lang=en', '/sitemap.xml']) {
      const [a, b] = [await page(source, pathname), await page(restored, pathname)];
      expect(b.status, pathname).toBe(200);
      expect(b.html, pathname).toBe(a.html);
    }
    const [someImage] = Object.keys(sourceImages);
    const image = await fetch(`${restored.url}/media/${someImage}`);
    expect(image.status).toBe(200);

    const signedIn = await signIn(restored, admin.email, admin.password);
    expect(signedIn).toMatchObject({ status: 302, location: '/admin/today' });
    const adminPage = await fetch(`${restored.url}/admin`, { headers: { cookie: signedIn.cookie }, redirect: 'manual' });
    expect(adminPage.status).toBe(200);
    expect((await signIn(restored, admin.email, 'not-the-password')).status).toBe(401);
  });

  it('round trip from the embedded server of a running site to a DATABASE_URL server and S3', { timeout: 600_000 }, async () => {
    // The restored site of the previous test is still running: back it up while it serves.
    const second = path.join(work, 'from-embedded.tar.gz');
    const backup = await runScript('backup', [second], { DATA_DIR: restoredDir, DATABASE_URL: undefined });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('Backup written');

    s3 = await startLocalS3('restored-bucket');
    const targetUrl = await createDatabase();
    const s3Env = { S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey };
    const restore = await runScript('restore', [second], { DATABASE_URL: targetUrl, DATA_DIR: path.join(work, 'unused'), ...s3Env });
    expect(restore.code, restore.output).toBe(0);

    const target = await fullDigestAt(targetUrl);
    // The running site may have sent the outbox mail, and signing in touched sessions and
    // limits, since the first restore; every other table is as in the original.
    for (const table of Object.keys(sourceDigest)) {
      if (['mail_outbox', 'session', 'rate_limit', 'submission_limits', 'sign_in_accounts', 'sign_in_networks'].includes(table)) continue;
      expect(target[table], table).toBe(sourceDigest[table]);
    }
    // A backup is recorded once written (so the archive holds the runs before it), in the site it read.
    const { runningEmbeddedUrl } = await import('~/.server/db/embedded');
    const running = await fullDigestAt(runningEmbeddedUrl(restoredDir)!('guesthouse'));
    expect(running.backup_runs).toMatch(/^2 rows/);
    const s3Target = s3Storage({ ...s3, region: undefined });
    expect(await imageDigest(s3Target)).toEqual(sourceImages);
  });
});

describe('refusals change nothing', () => {
  const target = path.join(work, 'restored'); // holds the first round trip's site

  async function targetState() {
    return withEmbedded(target, async (url) => ({
      tables: await fullDigestAt(url),
      images: await imageDigest(diskStorage(path.join(target, 'uploads'))),
    }));
  }

  it('a corrupted archive, a newer-schema archive and a non-empty target are refused', { timeout: 300_000 }, async () => {
    for (const app of apps.splice(0)) await app.kill();
    const before = await targetState();
    const env = { DATA_DIR: target, DATABASE_URL: undefined };

    const corrupted = path.join(work, 'corrupted.tar.gz');
    await rewriteArchive(archive, corrupted, (name, body) => {
      if (!name.startsWith('images/')) return body;
      const copy = Buffer.from(body);
      copy[copy.length >> 1]! ^= 0xff;
      return copy;
    });
    const r1 = await runScript('restore', [corrupted, '--force'], env);
    expect(r1.code).toBe(3);
    expect(r1.output).toMatch(/Restore refused: The archive .* is corrupted: images\/.* does not match its checksum/);

    const truncated = path.join(work, 'truncated.tar.gz');
    fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, fs.statSync(archive).size >> 1));
    const r2 = await runScript('restore', [truncated, '--force'], env);
    expect(r2.code).toBe(3);
    expect(r2.output).toMatch(/Restore refused: The archive .* is damaged/);

    const newer = path.join(work, 'newer.tar.gz');
    await rewriteArchive(archive, newer, (name, body) => {
      if (name !== MANIFEST_NAME) return body;
      const m = JSON.parse(body.toString()) as Manifest;
      m.migration = { tag: '9999_from_the_future', when: m.migration.when + 1_000_000, hash: 'x' };
      return Buffer.from(JSON.stringify(m));
    });
    const r3 = await runScript('restore', [newer, '--force'], env);
    expect(r3.code).toBe(3);
    expect(r3.output).toContain('This backup comes from a newer version of the site (schema migration 9999_from_the_future');

    const r4 = await runScript('restore', [archive], env);
    expect(r4.code).toBe(3);
    expect(r4.output).toMatch(/Restore refused: The target is not empty \(tables with rows: .*\). .*--force/);

    expect(await targetState()).toEqual(before);

    // With --force the same target is replaced by the archive.
    const forced = await runScript('restore', [archive, '--force'], env);
    expect(forced.code, forced.output).toBe(0);
    const after = await targetState();
    expect(after.tables).toEqual(sourceDigest);
    expect(after.images).toEqual(sourceImages);
  });

  it('an archive from an older schema is restored, then migrated', { timeout: 120_000 }, async () => {
    const migrations = listMigrations();
    expect(migrations.length).toBeGreaterThan(1);
    const oldUrl = await createDatabase();
    const oldPool = new pg.Pool({ connectionString: oldUrl, max: 2 });
    const client = await oldPool.connect();
    await client.query('begin');
    await applyMigrationsInTransaction(client, migrations.slice(0, 1));
    await client.query('commit');
    await client.query(`insert into seasons (name) values ('Ancienne saison')`);
    client.release();
    const oldArchive = path.join(work, 'old.tar.gz');
    const emptyStorage = diskStorage(path.join(work, 'old-uploads'));
    const { manifest } = await writeBackup({ pool: oldPool, storage: emptyStorage }, fs.createWriteStream(oldArchive));
    await oldPool.end();
    expect(manifest.migration.tag).toBe(migrations[0]!.tag);

    const newUrl = await createDatabase();
    const result = await restoreBackup({ file: oldArchive, url: newUrl, storage: diskStorage(path.join(work, 'new-uploads')) });
    expect(result.migrated).toEqual(migrations.slice(1).map((m) => m.tag));
    const check = new pg.Client({ connectionString: newUrl });
    await check.connect();
    expect((await check.query('select name from seasons')).rows).toEqual([{ name: 'Ancienne saison' }]);
    expect((await check.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n).toBe(migrations.length);
    await check.end();
  });
});
