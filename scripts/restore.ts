// `npm run restore -- file [--force]`: restores a backup archive into the configured
// database (DATABASE_URL, or the embedded one in DATA_DIR) and image storage (S3_*, or
// DATA_DIR/uploads). Stop the site first. Refuses, changing nothing, a damaged archive,
// an archive from a newer version, and a target that holds data (unless --force). A
// restore that fails before its database commit changes nothing either (exit 1); one
// whose images could not all be put in place after the commit says so (exit 4).
import { verifyArchive, planMigrations, restoreBackup, RestoreIncompleteError, RestoreRefusedError } from '../app/.server/backup/restore-backup';
import { config } from '../app/.server/environment';
import { connectDatabase } from '../app/.server/db/open';
import { configuredStorage } from '../app/.server/media/storage';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (files.length !== 1 || files[0]!.startsWith('-')) {
  console.error('Usage: npm run restore -- file.tar.gz [--force]');
  process.exit(2);
}
const file = files[0]!;

let stopEmbedded: (() => Promise<void>) | undefined;
try {
  // Refusals that need no database come first: a fresh DATA_DIR is not even created for them.
  const verified = await verifyArchive(file);
  planMigrations(verified);
  const { url, embedded } = await connectDatabase();
  stopEmbedded = embedded && (() => embedded.stop());
  const { manifest, migrated } = await restoreBackup({
    file,
    url,
    storage: configuredStorage(config()),
    force,
    verified,
    log: (message) => console.log(message),
  });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Restored ${rows} rows in ${manifest.tables.length} tables and ${manifest.images.length} images` +
      (migrated.length ? `, then migrated (${migrated.join(', ')}).` : '.'),
  );
} catch (error) {
  // Only a failure before the commit changed nothing: the images were staged, then removed.
  const refused = error instanceof RestoreRefusedError;
  const incomplete = error instanceof RestoreIncompleteError;
  console.error(
    refused
      ? `Restore refused: ${error.message}`
      : incomplete
        ? `The restore is incomplete: ${error.message}`
        : `The restore failed, nothing was changed: ${(error as Error).message}`,
  );
  process.exitCode = refused ? 3 : incomplete ? 4 : 1;
} finally {
  await stopEmbedded?.();
}
process.exit(process.exitCode ?? 0);
