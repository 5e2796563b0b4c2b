// The same upload → deliver → delete path with S3_* set: the app's storage() must
// pick the S3 backend (a real s3rver on loopback) and keep originals and cached
// variants in the bucket, not on disk.
// One database pass: its subject is the S3 storage backend; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { file, makeJpeg } from '../../../tests/support/images';
import { startLocalS3 } from '../../../tests/support/s3';

const s3 = await startLocalS3('guesthouse-media');
process.env.S3_ENDPOINT = s3.endpoint;
process.env.S3_BUCKET = s3.bucket;
process.env.S3_ACCESS_KEY_ID = s3.accessKeyId;
process.env.S3_SECRET_ACCESS_KEY = s3.secretAccessKey;

// Imported only now: config() is read once, on first use.
const { db } = await import('~/.server/db/client');
const { rooms } = await import('~/.server/db/schema');
const { action } = await import('~/routes/resources/media-upload');
const { loader } = await import('~/routes/resources/media');
const { s3Storage, keyFromUrl } = await import('./storage');
const { variantStats } = await import('./variants');
const { formRequest, getRequest, run, signedInAs } = await import('../../../tests/support/requests');

afterAll(() => s3.stop());

describe('media on the S3 backend', () => {
  it('uploads into the bucket, serves variants cached in the bucket, and deletes both', async () => {
    const { cookie } = await signedInAs('admin');
    const [room] = await db.insert(rooms).values({ position: 0 }).returning({ id: rooms.id });
    const id = room!.id;
    const bucket = s3Storage(s3);

    const upload = await run(
      action,
      formRequest('/api/media', { intent: 'upload', kind: 'room', id, files: [file(await makeJpeg(), 'a.jpg')] }, cookie, {
        accept: 'application/json',
      }),
    );
    expect(upload.status).toBe(200);
    const url = upload.data.urls[0] as string;
    const key = keyFromUrl(url)!;
    expect(await bucket.exists(key)).toBe(true);
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, 'uploads'))).toBe(false);

    const get = () =>
      loader({
        request: getRequest(`${url}?w=800&h=400&q=80`, undefined, { accept: 'image/webp' }),
        params: { '*': key },
        context: {},
      } as never) as Promise<Response>;
    const before = variantStats.encodes;
    expect((await get()).headers.get('content-type')).toBe('image/webp');
    expect((await get()).status).toBe(200);
    expect(variantStats.encodes - before).toBe(1);
    expect(await bucket.list(`variants/${key}/`)).toEqual([`variants/${key}/800x400-q80-cover.webp`]);

    const deleted = await run(action, formRequest('/api/media', { intent: 'delete', kind: 'room', id, url }, cookie, { accept: 'application/json' }));
    expect(deleted.data.message).toBe('Image supprimée avec succès');
    expect(await bucket.exists(key)).toBe(false);
    expect(await bucket.list(`variants/${key}/`)).toEqual([]);
  });
});
