// POST /api/backup (intent download-backup): the whole site as one backup archive,
// streamed to the admin as it is made: no temporary file, and a dropped download
// ends the database snapshot at once. Recorded as the last backup once complete.
import { PassThrough, Readable } from 'node:stream';
import { data } from 'react-router';
import { recordBackupRun } from '~/.server/backup/backup-runs';
import { writeBackup } from '~/.server/backup/create-backup';
import { archiveFileName } from '~/.server/backup/manifest';
import { pool } from '~/.server/db/client';
import { storage } from '~/.server/media/storage';
import { requireAdmin } from '~/.server/auth/permissions';
import { DownloadBackupSchema } from '~/lib/schemas/backup-download';
import type { Route } from './+types/backup';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

export const handle = { delivery: { kind: 'personal' } } satisfies DeliveryHandle;

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = DownloadBackupSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false, error: 'Action inconnue' }, { status: 400 });
  switch (parsed.data.intent) {
    case 'download-backup': {
      const body = new PassThrough();
      writeBackup({ pool, storage: storage() }, body, { signal: request.signal })
        .then(({ bytes }) => recordBackupRun(pool, { kind: 'download', bytes }))
        .catch((error: Error) => console.error('The backup download failed:', error.message));
      return new Response(Readable.toWeb(body) as ReadableStream, {
        headers: {
          'Content-Type': 'application/gzip',
          'Content-Disposition': `attachment; filename="${archiveFileName()}"`,
          'Cache-Control': 'private, no-store',
        },
      });
    }
  }
}
