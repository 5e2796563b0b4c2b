// Reads a backup archive entry by entry, straight from the .tar.gz file.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';

/** No single part may exceed this (a manifest, a slice of rows, one image). */
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

export interface ArchiveEntry {
  name: string;
  size: number;
  /** The entry's bytes, read in chunks; must be consumed (or drained) before the next entry. */
  chunks: AsyncIterable<Buffer>;
}

/** Calls `onEntry` for each file of the archive, in order; rejects on a damaged archive. */
export async function readArchive(file: string, onEntry: (entry: ArchiveEntry) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  const source = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  source.catch(() => {}); // reported through the iteration below, and awaited at the end
  try {
    for await (const entry of extract) {
      const { name, size = 0, type } = entry.header;
      if (type !== 'file') throw new Error(`unexpected ${type} entry ${name}`);
      if (size > MAX_ENTRY_BYTES) throw new Error(`entry ${name} is too large (${size} bytes)`);
      let consumed = false;
      const chunks = {
        async *[Symbol.asyncIterator]() {
          consumed = true;
          for await (const chunk of entry) yield chunk as Buffer;
        },
      };
      await onEntry({ name, size, chunks });
      if (!consumed) entry.resume();
    }
  } catch (error) {
    extract.destroy(error instanceof Error ? error : undefined);
    await source.catch(() => {});
    throw error;
  }
  await source;
}

/** The whole entry in memory (parts are bounded: PART_BYTES of rows, or one image). */
export async function entryBody(entry: ArchiveEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry.chunks) chunks.push(chunk);
  return Buffer.concat(chunks);
}
