// `npm run backup -- [file]`: writes a backup archive of the site (every table, every
// uploaded original image, a manifest) to `file`, by default ./sauvegarde-….tar.gz.
// Works while the site runs: with the embedded database it reads the running server.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { recordBackupRun } from '../app/.server/backup/backup-runs';
import { archiveFileName } from '../app/.server/backup/manifest';
import { writeArchiveFile } from '../app/.server/backup/nightly';
import { config } from '../app/.server/environment';
import { connectDatabase } from '../app/.server/db/open';
import { configuredStorage } from '../app/.server/media/storage';

const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) {
  console.error('Usage: npm run backup -- [file.tar.gz]');
  process.exit(2);
}
const file = path.resolve(args[0] ?? archiveFileName());

let stopEmbedded: (() => Promise<void>) | undefined;
try {
  const { url, embedded } = await connectDatabase({ shareRunningServer: true });
  stopEmbedded = embedded && (() => embedded.stop());
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await writeArchiveFile({ pool, storage: configuredStorage(config()) }, file);
    const bytes = fs.statSync(file).size;
    await recordBackupRun(pool, { kind: 'command', bytes, file });
    console.log(`Backup written: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
  } finally {
    await pool.end();
  }
} catch (error) {
  console.error(`The backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await stopEmbedded?.();
}
process.exit(process.exitCode ?? 0);
