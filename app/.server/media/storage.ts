// Where uploaded and generated images live. One interface, two backends: local disk
// under DATA_DIR/uploads (the default) and any S3-compatible object store when the
// S3_* settings are present. Keys follow SPEC §7's buckets and folders:
// `room-images/{roomId}/…`, `homepage-images/hero/…`, `homepage-images/{sectionId}/…`;
// cached variants live beside them under `variants/{original key}/…` so that they
// follow the originals to whichever backend holds them.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { config, type Config } from '../environment';

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when no object has this key. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing object is not an error (retries are safe). */
  delete(key: string): Promise<void>;
  /** Every key starting with `prefix`, in no particular order. */
  list(prefix: string): Promise<string[]>;
  deletePrefix(prefix: string): Promise<void>;
  /** Every key this storage holds, originals and variants (what a backup and a restore walk). */
  listKeys(): Promise<string[]>;
  /**
   * A restore's staging: `stage` writes an object for `key` beside the live ones, in a
   * staging area that nothing reads and `listKeys` never lists; `promote` moves it onto
   * `key` (on disk one rename, atomic); `discard` removes the whole area, or without
   * one every area (what a restore stopped half-way left behind).
   */
  stage(area: string, key: string, body: Buffer, contentType: string): Promise<void>;
  promote(area: string, key: string): Promise<void>;
  discard(area?: string): Promise<void>;
}

/** Where staged objects live: outside every top-level folder of keys. */
const STAGING_FOLDER = 'restore-staging';
const STAGING_AREA = /^[a-z0-9-]{1,64}$/;

function checkArea(area: string) {
  if (!STAGING_AREA.test(area)) throw new Error(`Invalid staging area: ${area}`);
}

/** A staging area's name, unique to one restore. */
export function newStagingArea(): string {
  return `restore-${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
}

/** The top-level folders our keys live in (SPEC §7's buckets, then the variants cache). */
const TOP_FOLDERS = ['room-images/', 'homepage-images/', 'variants/'];

const SEGMENT = '[A-Za-z0-9_-]+';
const NAME = '[A-Za-z0-9._-]+';
const ORIGINAL = `(?:room-images|homepage-images)/${SEGMENT}/${NAME}`;
const ORIGINAL_KEY = new RegExp(`^${ORIGINAL}$`);
const VARIANT_KEY = new RegExp(`^variants/${ORIGINAL}/${NAME}$`);
// Prefixes stop at a folder boundary or inside the last name: never a bare bucket root.
const PREFIX = new RegExp(`^(?:variants/)?(?:room-images|homepage-images)/${SEGMENT}/[A-Za-z0-9._/-]*$`);

/** A key of an uploaded original (what the media URLs name). */
export function isValidKey(key: string): boolean {
  return ORIGINAL_KEY.test(key) && !key.includes('..');
}

/** Any key the backends accept: originals and their cached variants. */
export function isStorageKey(key: string): boolean {
  return (ORIGINAL_KEY.test(key) || VARIANT_KEY.test(key)) && !key.includes('..');
}

function isValidPrefix(prefix: string): boolean {
  return PREFIX.test(prefix) && !prefix.includes('..');
}

function checkKey(key: string) {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

function checkPrefix(prefix: string) {
  if (!isValidPrefix(prefix)) throw new Error(`Invalid storage prefix: ${prefix}`);
}

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

export function diskStorage(root: string): Storage {
  const fileFor = (key: string) => {
    checkKey(key);
    return path.join(root, key);
  };

  async function walk(dir: string): Promise<string[]> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const files: string[] = [];
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) files.push(...(await walk(full)));
      else if (!entry.name.endsWith('.tmp')) files.push(full);
    }
    return files;
  }

  const storage: Storage = {
    async put(key, body) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(temp, body);
      await fs.rename(temp, file); // readers never see a half-written image
    },
    async get(key) {
      try {
        const body = await fs.readFile(fileFor(key));
        return { body, contentType: contentTypeOf(key) };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await fs.stat(fileFor(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
    async list(prefix) {
      checkPrefix(prefix);
      // Walk the deepest folder the prefix names, then filter on the full prefix.
      const folder = prefix.endsWith('/') ? prefix : path.posix.dirname(prefix) + '/';
      const files = await walk(path.join(root, folder));
      return files.map((file) => path.relative(root, file).split(path.sep).join('/')).filter((key) => key.startsWith(prefix));
    },
    async deletePrefix(prefix) {
      checkPrefix(prefix);
      if (prefix.endsWith('/')) {
        await fs.rm(path.join(root, prefix), { recursive: true, force: true });
        return;
      }
      for (const key of await storage.list(prefix)) await storage.delete(key);
    },
    async listKeys() {
      const files = (await Promise.all(TOP_FOLDERS.map((folder) => walk(path.join(root, folder))))).flat();
      return files.map((file) => path.relative(root, file).split(path.sep).join('/')).filter(isStorageKey);
    },
    async stage(area, key, body) {
      checkArea(area);
      const file = path.join(root, STAGING_FOLDER, area, key);
      fileFor(key); // checks the key
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, body);
    },
    async promote(area, key) {
      checkArea(area);
      const target = fileFor(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Same file system (both under root): the live file is replaced at once, never half-written.
      await fs.rename(path.join(root, STAGING_FOLDER, area, key), target);
    },
    async discard(area) {
      if (area === undefined) {
        await fs.rm(path.join(root, STAGING_FOLDER), { recursive: true, force: true });
        return;
      }
      checkArea(area);
      await fs.rm(path.join(root, STAGING_FOLDER, area), { recursive: true, force: true });
      await fs.rmdir(path.join(root, STAGING_FOLDER)).catch(() => {}); // only when no other area is left
    },
  };
  return storage;
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
}

type S3Sdk = typeof import('@aws-sdk/client-s3');

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export function s3Storage(settings: S3Settings): Storage {
  // The AWS SDK is megabytes of modules: only a process that talks to a bucket loads it.
  let connecting: Promise<{ s3: S3Sdk; client: S3Client }> | undefined;
  const connect = () => (connecting ??= import('@aws-sdk/client-s3').then((s3) => ({ s3, client: createClient(s3) })));
  const createClient = (s3: S3Sdk) =>
    new s3.S3Client({
      endpoint: settings.endpoint,
      region: settings.region ?? 'us-east-1',
      // Path-style addressing is what S3-compatible stores (MinIO, R2, s3rver…) all accept.
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // The SDK's default CRC checksums are not understood by every S3-compatible store.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const Bucket = settings.bucket;

  async function listUnder(prefix: string): Promise<string[]> {
    const { s3, client } = await connect();
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys;
  }

  const storage: Storage = {
    async put(key, body, contentType) {
      checkKey(key);
      const { s3, client } = await connect();
      await client.send(new s3.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      checkKey(key);
      const { s3, client } = await connect();
      try {
        const result = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
        const bytes = await result.Body!.transformToByteArray();
        return { body: Buffer.from(bytes), contentType: result.ContentType ?? contentTypeOf(key) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      checkKey(key);
      const { s3, client } = await connect();
      try {
        await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      checkKey(key);
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      checkPrefix(prefix);
      return listUnder(prefix);
    },
    async listKeys() {
      const keys = (await Promise.all(TOP_FOLDERS.map(listUnder))).flat();
      return keys.filter(isStorageKey); // a shared bucket may hold other things too
    },
    async stage(area, key, body, contentType) {
      checkArea(area);
      checkKey(key);
      const { s3, client } = await connect();
      await client.send(new s3.PutObjectCommand({ Bucket, Key: `${STAGING_FOLDER}/${area}/${key}`, Body: body, ContentType: contentType }));
    },
    async promote(area, key) {
      checkArea(area);
      checkKey(key);
      const { s3, client } = await connect();
      const staged = `${STAGING_FOLDER}/${area}/${key}`;
      // S3 has no rename: a server-side copy (content type kept), then the staged copy goes.
      await client.send(new s3.CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${staged}` }));
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: staged }));
    },
    async discard(area) {
      if (area !== undefined) checkArea(area);
      await deleteKeys(await listUnder(area === undefined ? `${STAGING_FOLDER}/` : `${STAGING_FOLDER}/${area}/`));
    },
    async deletePrefix(prefix) {
      await deleteKeys(await storage.list(prefix));
    },
  };

  async function deleteKeys(keys: string[]) {
    const { s3, client } = await connect();
    // DeleteObjects takes at most 1000 keys per call.
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
      const result = await client.send(new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      if (result.Errors?.length) {
        throw new Error(`S3 delete failed for ${result.Errors.map((e) => e.Key).join(', ')}`);
      }
    }
  }
  return storage;
}

/** The storage a configuration names: S3 when configured, else DATA_DIR/uploads. */
export function configuredStorage(c: Config): Storage {
  return c.S3_ENDPOINT && c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
    ? s3Storage({
        endpoint: c.S3_ENDPOINT,
        bucket: c.S3_BUCKET,
        accessKeyId: c.S3_ACCESS_KEY_ID,
        secretAccessKey: c.S3_SECRET_ACCESS_KEY,
        region: c.S3_REGION,
      })
    : diskStorage(path.join(c.DATA_DIR, 'uploads'));
}

let current: Storage | undefined;

/** The process's storage. */
export function storage(): Storage {
  current ??= configuredStorage(config());
  return current;
}

/** The public URL of a stored object, served by the media endpoint. */
export function publicUrl(key: string): string {
  return `/media/${key}`;
}

/** The storage key behind one of our media URLs (null for foreign URLs). */
export function keyFromUrl(url: string): string | null {
  const match = /^\/media\/(.+?)(\?.*)?$/.exec(url);
  return match && isValidKey(match[1]!) ? match[1]! : null;
}
