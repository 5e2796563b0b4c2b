// BACKUP_DIR + BACKUP_KEEP: the server writes one archive a night (after 03:00 at the
// guesthouse, GUESTHOUSE_TIME_ZONE) into BACKUP_DIR and keeps the newest BACKUP_KEEP. Due-ness is read from the
// backup record, not from a timer, so a restart or a second instance neither skips nor
// repeats a night; an advisory lock lets only one instance write at a time.
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { config } from '../environment';
import { LOCKS, whenLockFree } from '../db/advisory-lock';
import { startPeriodicPass } from '../db/periodic-pass';
import type { Storage } from '../media/storage';
import { recordBackupRun } from './backup-runs';
import { writeBackup } from './create-backup';
import { ARCHIVE_FILE_NAME, archiveFileName } from './manifest';

const CHECK_EVERY_MS = 10 * 60 * 1000;
const NIGHTLY_HOUR = 3;

export interface NightlySettings {
  pool: pg.Pool;
  storage: Storage;
  dir: string;
  keep: number;
}

/** Writes tonight's archive if it is due at `now`; returns its path, or null when not due. */
export async function runNightlyBackupIfDue(settings: NightlySettings, now = new Date()): Promise<string | null> {
  // Another instance writing it holds the lock: this one skips its turn.
  const written = await whenLockFree(settings.pool, LOCKS.nightlyBackup, async () => {
    const due = await settings.pool.query<{ due: boolean }>(
      `select extract(hour from $1::timestamptz at time zone $3) >= $2
          and not exists (select 1 from backup_runs
                           where kind = 'nightly'
                             and (created_at at time zone $3)::date = ($1::timestamptz at time zone $3)::date) as due`,
      [now.toISOString(), NIGHTLY_HOUR, config().GUESTHOUSE_TIME_ZONE],
    );
    if (!due.rows[0]!.due) return null;
    const file = await writeArchiveFile(settings, path.join(settings.dir, archiveFileName(now)));
    await recordBackupRun(settings.pool, { kind: 'nightly', bytes: fs.statSync(file).size, file, at: now });
    pruneArchives(settings.dir, settings.keep);
    return file;
  });
  return written ?? null;
}

/** Writes an archive to `file` through `file.partial`, so that a failure never leaves a half archive under the final name. */
export async function writeArchiveFile(source: { pool: pg.Pool; storage: Storage }, file: string): Promise<string> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  try {
    await writeBackup(source, fs.createWriteStream(partial, { mode: 0o600 }));
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return file;
}

/** Keeps the newest `keep` archives of `dir` (only files named as we name them). */
export function pruneArchives(dir: string, keep: number): string[] {
  const archives = fs
    .readdirSync(dir)
    .filter((name) => ARCHIVE_FILE_NAME.test(name))
    .sort()
    .reverse();
  const removed = archives.slice(keep).map((name) => path.join(dir, name));
  for (const file of removed) fs.rmSync(file, { force: true });
  return removed;
}

/** Checks every ten minutes (db/periodic-pass.ts; the check takes the night's lock itself); returns the stop function. */
export function startNightlyBackups(settings: NightlySettings): () => Promise<void> {
  return startPeriodicPass({
    firstDelayMs: 60_000,
    intervalMs: CHECK_EVERY_MS,
    failure: 'The nightly backup failed:',
    work: async () => {
      const file = await runNightlyBackupIfDue(settings);
      if (file) console.log(`Nightly backup written: ${file}`);
    },
  });
}
