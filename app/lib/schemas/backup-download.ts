import { z } from '~/lib/zod';

/** The configuration screen's "Télécharger une sauvegarde" form. */
export const DownloadBackupSchema = z.object({ intent: z.literal('download-backup') });
