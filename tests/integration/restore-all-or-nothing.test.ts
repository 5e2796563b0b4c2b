// Issue 38 (item 1): `npm run restore -- file --force` that fails after the images step
// (here: a table's rows do not match the manifest, found once everything is loaded)
// leaves every existing image byte-identical and the database unchanged, on disk and on
// S3, and says so truly; the same restore of a sound archive then replaces everything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '~/.server/backup/create-backup';
import { MANIFEST_NAME, type Manifest } from '~/.server/backup/manifest';
import { RestoreIncompleteError, restoreBackup } from '~/.server/backup/restore-backup';
import { pool } from '~/.server/db/client';
import { diskStorage, s3Storage, storage, type Storage } from '~/.server/media/storage';
import { createDatabase, fillEveryTable, imageDigest, rewriteArchive, runScript } from '../support/backup';
import { fullDigestAt } from '../support/db-digest';
import { makePng } from '../support/images';
import { startLocalS3, type LocalS3 } from '../support/s3';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-restore-'));
const archive = path.join(work, 'site.tar.gz');
const failing = path.join(work, 'fails-late.tar.gz');
let sourceImages: Record<string, string>;
let s3: LocalS3 | undefined;

beforeAll(async () => {
  await fillEveryTable();
  sourceImages = await imageDigest(storage());
  expect(Object.keys(sourceImages).length).toBeGreaterThan(1);
  await writeBackup({ pool, storage: storage() }, fs.createWriteStream(archive));
  // Sound parts, a manifest that promises one more season: the restore loads every
  // table and stages every image, then finds the count wrong and must undo it all.
  await rewriteArchive(archive, failing, (name, body) => {
    if (name !== MANIFEST_NAME) return body;
    const manifest = JSON.parse(body.toString()) as Manifest;
    manifest.tables.find((t) => t.name === 'seasons')!.rows += 1;
    return Buffer.from(JSON.stringify(manifest));
  });
}, 120_000);

afterAll(async () => {
  await s3?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/**
 * A target site restored from the archive, then changed: every original rewritten with
 * other bytes, one image and one cached variant the archive does not hold.
 */
async function changedSite(url: string, target: Storage) {
  await restoreBackup({ file: archive, url, storage: target });
  const other = await makePng(32, 32);
  for (const key of Object.keys(sourceImages)) await target.put(key, other, 'image/png');
  const [someKey] = Object.keys(sourceImages);
  await target.put('room-images/not-in-archive/extra.png', other, 'image/png');
  await target.put(`variants/${someKey}/w150-q70.webp`, other, 'image/webp');
}

/** Every object of a storage, variants included, by key: sha256 of its bytes. */
async function everyObject(target: Storage) {
  const digest: Record<string, string> = {};
  const { createHash } = await import('node:crypto');
  for (const key of (await target.listKeys()).sort())
    digest[key] = createHash('sha256')
      .update((await target.get(key))!.body)
      .digest('hex');
  return digest;
}

async function failThenSucceed(env: NodeJS.ProcessEnv, url: string, target: Storage, leftovers: () => Promise<string[]>) {
  await changedSite(url, target);
  const before = { rows: await fullDigestAt(url), objects: await everyObject(target) };
  expect(before.objects['room-images/not-in-archive/extra.png']).toBeDefined();
  expect(Object.keys(sourceImages).every((key) => before.objects[key] !== sourceImages[key])).toBe(true);

  const failed = await runScript('restore', [failing, '--force'], env);
  expect(failed.code, failed.output).toBe(1);
  expect(failed.output).toMatch(/The restore failed, nothing was changed: table seasons holds \d+ rows after loading, the archive \d+/);
  expect(await everyObject(target)).toEqual(before.objects);
  expect(await fullDigestAt(url)).toEqual(before.rows);
  expect(await leftovers(), 'staged images left behind').toEqual([]);

  const forced = await runScript('restore', [archive, '--force'], env);
  expect(forced.code, forced.output).toBe(0);
  expect(await imageDigest(target)).toEqual(sourceImages);
  const after = await everyObject(target);
  expect(after['room-images/not-in-archive/extra.png']).toBeUndefined();
  expect(await leftovers(), 'staged images left behind').toEqual([]);
}

describe('a forced restore that fails late changes nothing', () => {
  it('on disk (DATA_DIR/uploads)', { timeout: 300_000 }, async () => {
    const url = await createDatabase();
    const dataDir = path.join(work, 'disk-site');
    const uploads = path.join(dataDir, 'uploads');
    const staging = () => fs.promises.readdir(path.join(uploads, 'restore-staging')).catch(() => []);
    await failThenSucceed({ DATABASE_URL: url, DATA_DIR: dataDir }, url, diskStorage(uploads), staging);
  });

  it('on S3', { timeout: 300_000 }, async () => {
    s3 = await startLocalS3('restore-target');
    const settings = { endpoint: s3.endpoint, bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
    const env = {
      DATABASE_URL: await createDatabase(),
      DATA_DIR: path.join(work, 's3-site'),
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    };
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const staging = async () => {
      const page = await client.send(new ListObjectsV2Command({ Bucket: s3!.bucket, Prefix: 'restore-staging/' }));
      return (page.Contents ?? []).map((o) => o.Key!);
    };
    await failThenSucceed(env, env.DATABASE_URL, s3Storage(settings), staging);
    client.destroy();
  });
});

describe('a restore whose images cannot all be put in place after the commit', () => {
  it('says the database was restored and what is left, and the same restore again finishes it', { timeout: 120_000 }, async () => {
    const url = await createDatabase();
    const uploads = path.join(work, 'switch-site', 'uploads');
    const disk = diskStorage(uploads);
    let promoted = 0;
    // The disk fills up after the first image is moved into place.
    const failing: Storage = { ...disk, promote: async (area, key) => (++promoted > 1 ? Promise.reject(new Error('ENOSPC')) : disk.promote(area, key)) };
    const count = Object.keys(sourceImages).length;
    const error = await restoreBackup({ file: archive, url, storage: failing }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(RestoreIncompleteError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^The database was restored, but 1 of ${count} images are in place, the others wait in the staging area restore-[a-z0-9-]+ \\(ENOSPC\\)\\. Run the same restore again with --force to finish\\.$`,
      ),
    );
    expect(Object.keys(await imageDigest(disk))).toHaveLength(1);

    await restoreBackup({ file: archive, url, storage: disk, force: true });
    expect(await imageDigest(disk)).toEqual(sourceImages);
    expect(fs.existsSync(path.join(uploads, 'restore-staging')), 'every staging area removed').toBe(false);
  });
});
