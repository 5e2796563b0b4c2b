// One contract, two backends: the same suite runs against the disk backend and
// against the S3 backend talking to a real S3-protocol server (s3rver) on loopback.
// One database pass: its subject is the storage backends (disk and a local S3 server), no database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../tests/support/s3';
import { diskStorage, isStorageKey, isValidKey, keyFromUrl, newStagingArea, publicUrl, s3Storage, type Storage } from './storage';

let s3: LocalS3;
let diskRoot: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'));
});

afterAll(async () => {
  await s3?.stop();
  fs.rmSync(diskRoot, { recursive: true, force: true });
});

const backends: Array<[string, () => Storage]> = [
  ['disk', () => diskStorage(diskRoot)],
  ['s3 (s3rver)', () => s3Storage(s3)],
];

describe.each(backends)('storage contract: %s', (_name, make) => {
  let store: Storage;
  const room = `r${Math.random().toString(36).slice(2, 10)}`;
  beforeAll(() => {
    store = make();
  });

  it('stores, reads back and deletes an object with its content type', async () => {
    const key = `room-images/${room}/1700000000000-abc123.jpg`;
    const body = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
    await store.put(key, body, 'image/jpeg');
    const read = await store.get(key);
    expect(read?.body.equals(body)).toBe(true);
    expect(read?.contentType).toBe('image/jpeg');
    expect(await store.exists(key)).toBe(true);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.exists(key)).toBe(false);
  });

  it('answers null for a missing object and deletes missing objects without error', async () => {
    expect(await store.get(`homepage-images/hero/missing-${room}.png`)).toBeNull();
    await expect(store.delete(`homepage-images/hero/missing-${room}.png`)).resolves.toBeUndefined();
  });

  it('stages objects out of sight, promotes one onto its key with its content type, discards the rest', async () => {
    const area = newStagingArea();
    const [kept, dropped] = [`room-images/${room}/staged-1.png`, `room-images/${room}/staged-2.png`];
    await store.put(kept, Buffer.from('live'), 'image/png');
    await store.stage(area, kept, Buffer.from('staged'), 'image/png');
    await store.stage(area, dropped, Buffer.from('never'), 'image/png');
    // Staged objects are nowhere a reader, a backup or a restore looks.
    expect((await store.get(kept))?.body.toString()).toBe('live');
    expect(await store.exists(dropped)).toBe(false);
    expect((await store.listKeys()).filter((k) => k.includes('staged-'))).toEqual([kept]);

    await store.promote(area, kept);
    const read = await store.get(kept);
    expect(read?.body.toString()).toBe('staged');
    expect(read?.contentType).toBe('image/png');
    await store.discard(area);
    await store.discard(area); // twice is harmless
    const stopped = newStagingArea();
    await store.stage(stopped, dropped, Buffer.from('left by a restore stopped half-way'), 'image/png');
    await store.discard();
    await expect(store.promote(stopped, dropped)).rejects.toThrow();
    await expect(store.promote(area, dropped)).rejects.toThrow();
    expect(await store.exists(dropped)).toBe(false);
    await store.delete(kept);
    await expect(store.stage('../escape', kept, Buffer.from('x'), 'image/png')).rejects.toThrow(/Invalid staging area/);
    await expect(store.stage(area, '../../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow(/Invalid storage key/);
  });

  it('overwrites an object in place', async () => {
    const key = `homepage-images/hero/${room}.webp`;
    await store.put(key, Buffer.from('one'), 'image/webp');
    await store.put(key, Buffer.from('two'), 'image/webp');
    expect((await store.get(key))?.body.toString()).toBe('two');
    await store.delete(key);
  });

  it('lists and deletes by prefix, including cached variants, without touching neighbours', async () => {
    const original = `room-images/${room}/1700000000001-def456.png`;
    const neighbour = `room-images/${room}/1700000000002-aaa111.png`;
    const variants = [`variants/${original}/800x400-q80-cover.avif`, `variants/${original}/800x400-q80-cover.webp`];
    const neighbourVariant = `variants/${neighbour}/200x128-q75-cover.webp`;
    for (const key of [original, neighbour, ...variants, neighbourVariant]) await store.put(key, Buffer.from(key), 'image/png');

    expect((await store.list(`variants/${original}/`)).sort()).toEqual([...variants].sort());
    expect((await store.list(`room-images/${room}/`)).sort()).toEqual([original, neighbour].sort());
    expect(await store.list(`room-images/${room}/1700000000001`)).toEqual([original]);

    await store.deletePrefix(`variants/${original}/`);
    expect(await store.list(`variants/${original}/`)).toEqual([]);
    expect(await store.list(`variants/${neighbour}/`)).toEqual([neighbourVariant]);
    expect(await store.get(original)).not.toBeNull();

    await store.deletePrefix(`room-images/${room}/`);
    await store.deletePrefix(`variants/${neighbour}/`);
    expect(await store.list(`room-images/${room}/`)).toEqual([]);
  });

  it('refuses keys outside the spec folders and path tricks', async () => {
    for (const key of ['../etc/passwd', 'room-images/../../x.jpg', 'other/a/b.jpg', 'room-images/a/b/c.jpg', 'room-images/a/..']) {
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Invalid storage key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid storage key/);
    }
    await expect(store.list('')).rejects.toThrow(/Invalid storage prefix/);
    await expect(store.deletePrefix('variants/')).rejects.toThrow(/Invalid storage prefix/);
  });
});

describe('keys and URLs', () => {
  it('maps keys to /media URLs and back, refusing foreign URLs', () => {
    const key = 'homepage-images/hero/1700000000000-abc.jpg';
    expect(publicUrl(key)).toBe(`/media/${key}`);
    expect(keyFromUrl(`/media/${key}?w=800&h=400&q=80`)).toBe(key);
    expect(keyFromUrl('https://example.com/media/x.jpg')).toBeNull();
    expect(keyFromUrl('/media/variants/room-images/a/b.jpg/800x400-q80-cover.avif')).toBeNull();
    expect(isValidKey(`variants/${key}/x.avif`)).toBe(false);
    expect(isStorageKey(`variants/${key}/x.avif`)).toBe(true);
  });
});
