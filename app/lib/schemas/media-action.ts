// The media endpoint's one schema (POST /api/media), shared by the image uploader
// and the server. Files are checked again by content on the server: the browser's
// type and name are never trusted.
import { z } from '~/lib/zod';

export type ImageTarget = { kind: 'room'; id: string } | { kind: 'section'; id: string } | { kind: 'hero' };

/** The server refuses larger files; the UI hint (SPEC §8) stays '10MB per image'. */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_FILES_PER_UPLOAD = 20;
/** Whole request cap, checked before the body is read. */
export const MAX_UPLOAD_REQUEST_BYTES = 110 * 1024 * 1024;

export const MEDIA_ENDPOINT = '/api/media';

const kind = z.enum(['room', 'section', 'hero']);
const id = z.string().trim().optional();
const uuid = z.uuid();
const hasTargetId = (v: { kind: string; id?: string }) => v.kind === 'hero' || uuid.safeParse(v.id).success;
const targetIssue = { message: 'Cible invalide', path: ['id'] };

const files = z
  .array(z.instanceof(File))
  // An empty file input still posts one nameless, empty part.
  .transform((list) => list.filter((f) => f.name !== '' || f.size > 0))
  .pipe(z.array(z.instanceof(File)).min(1, 'Aucune image sélectionnée').max(MAX_FILES_PER_UPLOAD, `${MAX_FILES_PER_UPLOAD} images au maximum par envoi`));

const url = z.string().trim().min(1, 'Image manquante').max(2048);

export const MediaActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('upload'), kind, id, files }).refine(hasTargetId, targetIssue),
  z.object({ intent: z.literal('delete'), kind, id, url }).refine(hasTargetId, targetIssue),
  z
    .object({ intent: z.literal('set-primary'), kind, id, url })
    .refine(hasTargetId, targetIssue)
    .refine((v) => v.kind !== 'hero', {
      message: "Les images d'accueil n'ont pas d'image principale",
      path: ['kind'],
    }),
  z.object({ intent: z.literal('move'), kind, id, url, direction: z.enum(['up', 'down']) }).refine(hasTargetId, targetIssue),
]);

export function targetOf(value: { kind: ImageTarget['kind']; id?: string }): ImageTarget {
  return value.kind === 'hero' ? { kind: 'hero' } : { kind: value.kind, id: value.id! };
}

/** What the endpoint answers to fetch clients. */
export type MediaActionResult =
  { ok: true; message: string; urls?: string[] } | { ok: false; message: string; error: string; errors?: Record<string, string[]> };
