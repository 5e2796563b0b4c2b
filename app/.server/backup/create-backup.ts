// Writes a backup archive to a stream, from one consistent snapshot: every table is
// read in a single REPEATABLE READ transaction, so a site serving traffic meanwhile
// yields an archive of one instant. Nothing is written to disk on the way (the
// download streams it), and memory holds at most one part (≤ PART_BYTES of rows, or
// one image) at a time.
import { createHash } from 'node:crypto';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import type pg from 'pg';
import { listMigrations, readAppliedMigration } from '../db/migrations';
import { isValidKey, type Storage } from '../media/storage';
import { listCatalogTables, quoteIdentifier, readSequences } from './postgres-catalog';
import { FORMAT, FORMAT_VERSION, imageEntryName, MANIFEST_NAME, tablePartName, type Manifest, type ManifestPart } from './manifest';

/** Rows of one table are cut into parts of about this size (at row ends). */
export const PART_BYTES = 8 * 1024 * 1024;

const NEWLINE = 0x0a;

export interface BackupSource {
  pool: pg.Pool;
  storage: Storage;
}

export interface BackupResult {
  manifest: Manifest;
  /** Size of the compressed archive. */
  bytes: number;
}

const sha256Of = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** Writes the archive of `source` into `output` (ended when done); rejects and destroys it on failure. */
export async function writeBackup(source: BackupSource, output: Writable, options: { signal?: AbortSignal } = {}): Promise<BackupResult> {
  const pack = tar.pack();
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  const written = pipeline(pack, zlib.createGzip(), counter, output, options.signal ? { signal: options.signal } : {});
  // A failed or aborted pipeline must also stop the producer below, wherever it waits.
  let stop: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  stopped.catch(() => {});
  written.catch((error: Error) => stop(error));

  const mtime = new Date();
  const addEntry = (name: string, body: Buffer): Promise<ManifestPart> =>
    Promise.race([
      new Promise<ManifestPart>((resolve, reject) => {
        pack.entry({ name, size: body.length, mtime }, body, (error) =>
          error ? reject(error) : resolve({ file: name, bytes: body.length, sha256: sha256Of(body) }),
        );
      }),
      stopped,
    ]);

  const client = await source.pool.connect();
  // A connection lost while idle between two reads (the server restarted, the session was
  // ended) is an 'error' event, not a rejection: without a listener it would end the
  // process. The next read fails instead, and the backup with it.
  const lost = () => {};
  client.on('error', lost);
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.off('error', lost);
    client.release(error);
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    const applied = await readAppliedMigration(client); // the first read fixes the snapshot
    const migration = applied && listMigrations().find((m) => m.when === applied.when);
    if (!applied || !migration) {
      throw new Error(
        applied
          ? `The database is at a schema migration this version does not know (${applied.when}); update the site first.`
          : 'The database has no schema yet: there is nothing to back up.',
      );
    }
    const tables = await listCatalogTables(client);
    const sequences = await readSequences(client);
    const imageKeys = (await source.storage.listKeys()).filter(isValidKey).sort();

    const manifestTables: Manifest['tables'] = [];
    for (const table of tables) {
      const columns = table.columns.map(quoteIdentifier).join(', ');
      const stream = client.query(copyTo(`copy (select ${columns} from public.${quoteIdentifier(table.name)}) to stdout`));
      const parts: ManifestPart[] = [];
      let rows = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async (body: Buffer) => {
        for (let i = body.indexOf(NEWLINE); i !== -1; i = body.indexOf(NEWLINE, i + 1)) rows++;
        parts.push(await addEntry(tablePartName(table.name, parts.length), body));
      };
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes < PART_BYTES) continue;
        const joined = Buffer.concat(pending);
        const cut = joined.lastIndexOf(NEWLINE) + 1; // a part holds whole rows only
        if (cut === 0) continue;
        await flush(joined.subarray(0, cut));
        pending = [joined.subarray(cut)];
        pendingBytes = pending[0]!.length;
      }
      if (pendingBytes) await flush(Buffer.concat(pending));
      manifestTables.push({ name: table.name, columns: table.columns, rows, parts });
    }
    await client.query('commit');
    release();

    const images: Manifest['images'] = [];
    for (const key of imageKeys) {
      const object = await source.storage.get(key);
      if (!object) continue; // deleted since the listing: its row is gone from the snapshot's future too
      images.push({ key, ...(await addEntry(imageEntryName(key), object.body)) });
    }

    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migration: { tag: migration.tag, when: migration.when, hash: migration.hash },
      tables: manifestTables,
      sequences,
      images,
    };
    await addEntry(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)));
    pack.finalize();
    await written;
    return { manifest, bytes };
  } catch (error) {
    release(error instanceof Error ? error : new Error(String(error)));
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
    await written.catch(() => {});
    throw error;
  }
}
