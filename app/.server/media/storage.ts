// Where uploaded and generated images live. One interface; the disk backend keeps
// objects under DATA_DIR/uploads. Keys follow SPEC §7's buckets and folders:
// `room-images/{roomId}/…`, `homepage-images/hero/…`, `homepage-images/{sectionId}/…`.
import fs from 'node:fs/promises';
import path from 'node:path';
import { config } from '../config';

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^(room-images|homepage-images)\/[A-Za-z0-9_-]+\/[A-Za-z0-9._-]+$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..');
}

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

export function diskStorage(root: string): Storage {
  const fileFor = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, body);
      await fs.rename(temp, file); // readers never see a half-written image
    },
    async get(key) {
      try {
        const body = await fs.readFile(fileFor(key));
        return { body, contentType: CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
  };
}

let current: Storage | undefined;

export function storage(): Storage {
  current ??= diskStorage(path.join(config().DATA_DIR, 'uploads'));
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
