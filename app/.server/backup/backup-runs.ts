// The record of backups made (download, command line, nightly). It works on any pool
// or client, not on the app's client, because the command line may run beside the app.
import { desc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { backupRuns, type BACKUP_KINDS } from '../db/schema';

export type BackupKind = (typeof BACKUP_KINDS)[number];

export async function recordBackupRun(connection: pg.Pool, run: { kind: BackupKind; bytes: number; file?: string | null; at?: Date }): Promise<void> {
  await drizzle(connection)
    .insert(backupRuns)
    .values({ kind: run.kind, bytes: run.bytes, file: run.file ?? null, createdAt: run.at ?? new Date() });
}

export async function readLastBackupRun(connection: pg.Pool) {
  const [last] = await drizzle(connection)
    .select({ kind: backupRuns.kind, bytes: backupRuns.bytes, createdAt: backupRuns.createdAt })
    .from(backupRuns)
    .orderBy(desc(backupRuns.createdAt))
    .limit(1);
  return last ?? null;
}
