// Restores a backup archive into a database and an image storage.
//
// Everything that can refuse is checked before anything is written: the archive is
// read once in full (every part against the manifest's sha256), its schema migration
// must be one this version knows, and the target must be empty unless forced. Then,
// in ONE transaction: drop and rebuild the schema up to the archive's migration, load
// every table with COPY (in the manifest's foreign-key order), check the counts, set
// the sequences, apply the newer migrations, commit. The archive's images are staged
// beside the live ones meanwhile (Storage.stage) and moved onto their keys only once
// the transaction has committed: a restore that fails before that leaves every
// existing image and row as it was, and removes what it staged.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';
import pg from 'pg';
import { applyMigrationsInTransaction, listMigrations, type Migration } from '../db/migrations';
import { contentTypeOf, isValidKey, newStagingArea, type Storage } from '../media/storage';
import { listCatalogTables, quoteIdentifier } from './postgres-catalog';
import { ManifestSchema, MANIFEST_NAME, partsOf, type Manifest } from './manifest';
import { entryBody, readArchive } from './read-archive';

/** A restore that was refused before anything was changed; the message says why. */
export class RestoreRefusedError extends Error {}

/**
 * A restore whose database committed but whose images could not all be put in place
 * afterwards: the site is changed, and the message says what is left to do.
 */
export class RestoreIncompleteError extends Error {}

const sha256Of = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** Reads the whole archive and checks every part against the manifest; returns the manifest. */
export async function verifyArchive(file: string): Promise<Manifest> {
  const seen = new Map<string, { bytes: number; sha256: string }>();
  let manifestText: string | undefined;
  try {
    await readArchive(file, async (entry) => {
      if (seen.has(entry.name) || (entry.name === MANIFEST_NAME && manifestText !== undefined)) {
        throw new Error(`entry ${entry.name} appears twice`);
      }
      if (entry.name === MANIFEST_NAME) {
        manifestText = (await entryBody(entry)).toString('utf8');
        return;
      }
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of entry.chunks) {
        hash.update(chunk);
        bytes += chunk.length;
      }
      seen.set(entry.name, { bytes, sha256: hash.digest('hex') });
    });
  } catch (error) {
    throw new RestoreRefusedError(`The archive ${file} is damaged or not a backup of this site (${(error as Error).message}).`);
  }
  if (manifestText === undefined) throw new RestoreRefusedError(`The archive ${file} has no ${MANIFEST_NAME}: it is not a backup of this site.`);
  let manifest: Manifest;
  try {
    manifest = ManifestSchema.parse(JSON.parse(manifestText));
  } catch (error) {
    throw new RestoreRefusedError(`The manifest of ${file} is not valid (${(error as Error).message.slice(0, 300)}).`);
  }
  const expected = partsOf(manifest);
  const problems: string[] = [];
  for (const [name, part] of expected) {
    const actual = seen.get(name);
    if (!actual) problems.push(`${name} is missing`);
    else if (actual.sha256 !== part.sha256 || actual.bytes !== part.bytes) problems.push(`${name} does not match its checksum`);
  }
  for (const name of seen.keys()) if (!expected.has(name)) problems.push(`${name} is not in the manifest`);
  if (problems.length) {
    throw new RestoreRefusedError(
      `The archive ${file} is corrupted: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}.`,
    );
  }
  return manifest;
}

/** The local migrations up to the archive's, and the ones to apply after loading it. */
export function planMigrations(manifest: Manifest, migrations: Migration[] = listMigrations()) {
  const index = migrations.findIndex((m) => m.when === manifest.migration.when && m.tag === manifest.migration.tag);
  if (index === -1) {
    const newest = migrations.at(-1);
    if (!newest || manifest.migration.when > newest.when) {
      throw new RestoreRefusedError(
        `This backup comes from a newer version of the site (schema migration ${manifest.migration.tag}; ` +
          `this version knows up to ${newest?.tag ?? 'none'}). Update the site, then restore it.`,
      );
    }
    throw new RestoreRefusedError(`This backup was made at schema migration ${manifest.migration.tag}, which this version of the site does not know.`);
  }
  return { upToArchive: migrations.slice(0, index + 1), afterLoading: migrations.slice(index + 1) };
}

/** What the target already holds: non-empty tables and stored objects. */
async function describeTarget(client: pg.ClientBase, storage: Storage) {
  const tables = await listCatalogTables(client);
  const filled: string[] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ filled: boolean }>(`select exists (select 1 from public.${quoteIdentifier(table.name)}) as filled`);
    if (rows[0]!.filled) filled.push(table.name);
  }
  return { filled, keys: await storage.listKeys() };
}

export interface RestoreOptions {
  file: string;
  /** The target database (its schema is rebuilt). */
  url: string;
  storage: Storage;
  /** Replace a target that already holds data. */
  force?: boolean;
  /** The manifest verifyArchive already returned for this file (skips reading it twice). */
  verified?: Manifest;
  log?: (message: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations applied after loading an archive from an older version. */
  migrated: string[];
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { file, url, storage, force = false, log = () => {} } = options;
  const manifest = options.verified ?? (await verifyArchive(file));
  const plan = planMigrations(manifest);
  log(
    `Archive verified: ${manifest.tables.length} tables, ${manifest.images.length} images, ` + `schema ${manifest.migration.tag}, made ${manifest.createdAt}.`,
  );

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const area = newStagingArea();
  const staged: string[] = [];
  try {
    const target = await describeTarget(client, storage);
    if ((target.filled.length || target.keys.length) && !force) {
      const what = [
        target.filled.length ? `tables with rows: ${target.filled.join(', ')}` : '',
        target.keys.length ? `${target.keys.length} stored image file(s)` : '',
      ].filter(Boolean);
      throw new RestoreRefusedError(
        `The target is not empty (${what.join('; ')}). Restore into an empty database and storage, ` + 'or add --force to replace everything they hold.',
      );
    }

    await client.query('begin');
    try {
      await loadDatabase(client, file, manifest, plan, log, async (key, body) => {
        await storage.stage(area, key, body, contentTypeOf(key));
        staged.push(key);
      });
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  } catch (error) {
    // Even with nothing counted as staged: a write that failed half-way may have left a file.
    await storage.discard(area).catch((discardError: Error) => {
      if (error instanceof Error) error.message += ` (the images staged in ${area} could not all be removed: ${discardError.message})`;
    });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }

  await switchImages(storage, area, staged, manifest, force);
  log('Restore complete.');
  return { manifest, migrated: plan.afterLoading.map((m) => m.tag) };
}

/**
 * Inside the open transaction: rebuild the schema up to the archive's migration, load
 * every table, check the counts, set the sequences, apply the newer migrations. Each
 * image of the archive goes to `stageImage` (checked against the manifest first).
 */
async function loadDatabase(
  client: pg.Client,
  file: string,
  manifest: Manifest,
  plan: ReturnType<typeof planMigrations>,
  log: (message: string) => void,
  stageImage: (key: string, body: Buffer) => Promise<void>,
) {
  await client.query('drop schema if exists drizzle cascade');
  await client.query('drop schema if exists public cascade');
  await client.query('create schema public');
  await applyMigrationsInTransaction(client, plan.upToArchive);
  await checkSchemaMatches(client, manifest);

  const tables = new Map(manifest.tables.map((t) => [t.name, t]));
  const images = new Map(manifest.images.map((i) => [i.file, i]));
  const parts = partsOf(manifest);
  let copying: { table: string; stream: Writable; done: Promise<unknown> } | null = null;
  const finishCopy = async () => {
    if (!copying) return;
    copying.stream.end();
    await copying.done;
    copying = null;
  };
  const abandonCopy = async (error: unknown) => {
    if (!copying) return;
    // Sends CopyFail, so that the connection takes the rollback below.
    copying.stream.destroy(error instanceof Error ? error : new Error(String(error)));
    await copying.done.catch(() => {});
    copying = null;
  };
  await readArchive(file, async (entry) => {
    const part = parts.get(entry.name);
    if (!part) return; // the manifest itself
    const body = await entryBody(entry);
    if (sha256Of(body) !== part.sha256) throw new Error(`${entry.name} changed since it was verified`);
    const image = images.get(entry.name);
    if (image) {
      await finishCopy();
      await stageImage(image.key, body);
      return;
    }
    const table = entry.name.split('/')[1]!;
    if (copying?.table !== table) {
      await finishCopy();
      const columns = tables.get(table)!.columns.map(quoteIdentifier).join(', ');
      const stream = client.query(copyFrom(`copy public.${quoteIdentifier(table)} (${columns}) from stdin`));
      const done = once(stream, 'close');
      done.catch(() => {}); // awaited by finishCopy or abandonCopy
      copying = { table, stream, done: done.then(() => stream.errored && Promise.reject(stream.errored)) };
    }
    const { stream } = copying!;
    if (!stream.write(body)) await once(stream, 'drain');
  }).catch(async (error) => {
    await abandonCopy(error);
    throw error;
  });
  await finishCopy();

  for (const table of manifest.tables) {
    const { rows } = await client.query<{ count: string }>(`select count(*) from public.${quoteIdentifier(table.name)}`);
    if (Number(rows[0]!.count) !== table.rows) {
      throw new Error(`table ${table.name} holds ${rows[0]!.count} rows after loading, the archive ${table.rows}`);
    }
  }
  for (const sequence of manifest.sequences) {
    await client.query('select setval($1::regclass, $2::bigint, $3)', [`public.${quoteIdentifier(sequence.name)}`, sequence.lastValue, sequence.isCalled]);
  }
  if (plan.afterLoading.length) log(`Migrating to the current schema: ${plan.afterLoading.map((m) => m.tag).join(', ')}.`);
  await applyMigrationsInTransaction(client, plan.afterLoading);
}

/**
 * After the commit: the staged images onto their keys, then (forced) the objects the
 * archive does not hold away. The database already is the archive's, so a failure
 * here says so, and what to do, rather than that nothing changed.
 */
async function switchImages(storage: Storage, area: string, staged: string[], manifest: Manifest, force: boolean) {
  let moved = 0;
  let left = '';
  try {
    for (const key of staged) {
      await storage.promote(area, key);
      moved++;
    }
    left = `every image is in place, but the staging area ${area} could not be removed`;
    await storage.discard(); // this restore's area, and any an earlier one left half-way
    left = 'every image is in place, but images the archive does not hold could not all be removed';
    if (force) await removeObjectsNotIn(storage, manifest);
  } catch (error) {
    if (moved < staged.length) left = `${moved} of ${staged.length} images are in place, the others wait in the staging area ${area}`;
    throw new RestoreIncompleteError(
      `The database was restored, but ${left} (${(error as Error).message}). Run the same restore again with --force to finish.`,
    );
  }
}

/** The schema just built must have exactly the archive's tables and columns. */
async function checkSchemaMatches(client: pg.ClientBase, manifest: Manifest) {
  const actual = new Map((await listCatalogTables(client)).map((t) => [t.name, t.columns.join(',')]));
  const expected = new Map(manifest.tables.map((t) => [t.name, t.columns.join(',')]));
  const differences = [...new Set([...actual.keys(), ...expected.keys()])].filter((t) => actual.get(t) !== expected.get(t));
  if (differences.length) {
    throw new Error(`the schema at ${manifest.migration.tag} does not match the archive's tables: ${differences.join(', ')}`);
  }
}

/** After a forced restore: originals the archive does not hold, and their cached variants, go. */
async function removeObjectsNotIn(storage: Storage, manifest: Manifest) {
  const kept = new Set(manifest.images.map((i) => i.key));
  for (const key of await storage.listKeys()) {
    const original = key.startsWith('variants/') ? key.slice('variants/'.length).split('/').slice(0, 3).join('/') : key;
    if (!kept.has(original) || !isValidKey(original)) await storage.delete(key);
  }
}
