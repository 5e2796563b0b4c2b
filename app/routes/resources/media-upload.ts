// POST /api/media: the image uploader's endpoint (admins only). Intents upload,
// delete, set-primary and move (up/down) on a room, a homepage section or the site's hero. Answers
// JSON to fetch clients (Accept: application/json) and redirects plain form posts
// back to the editor; both carry the spec's toast in the toast cookie.
import { redirectWithToast, toastError, toastSuccess } from '~/.server/http/toast-response';
import { ImageRejected, prepareImage, type PreparedImage } from '~/.server/media/images';
import { deleteImage, moveImage, setPrimaryImage, targetExists, TargetMissing, uploadImages } from '~/.server/media/entity-images';
import { requireAdmin } from '~/.server/auth/permissions';
import { safeRedirectTarget } from '~/.server/http/safe-redirect';
import { MAX_UPLOAD_REQUEST_BYTES, MediaActionSchema, targetOf, type ImageTarget, type MediaActionResult } from '~/lib/schemas/media-action';
import type { Route } from './+types/media-upload';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

export const handle = { delivery: { kind: 'personal' } } satisfies DeliveryHandle;

const MESSAGES = {
  uploaded: (n: number) => `${n} image(s) uploadée(s) avec succès`,
  uploadFailed: "Erreur lors de l'upload des images",
  deleted: 'Image supprimée avec succès',
  deleteFailed: "Erreur lors de la suppression de l'image",
  primarySet: 'Image principale définie avec succès',
  primaryFailed: "Erreur lors de la définition de l'image principale",
  moved: 'Ordre des images mis à jour',
  moveFailed: 'Impossible de réorganiser les images',
};

const REASONS = {
  tooLarge: "L'envoi dépasse la taille maximale autorisée (110 Mo au total).",
  badBody: "Le formulaire d'envoi est illisible.",
  invalid: 'Requête invalide.',
  heroNeedsConfig: "Sauvegardez d'abord la configuration du site avant d'ajouter des images.",
  roomMissing: 'Chambre introuvable.',
  sectionMissing: 'Section introuvable.',
  imageMissing: "Cette image n'appartient pas à cet élément.",
  edge: 'Cette image est déjà à cette extrémité de la liste.',
  unexpected: 'Une erreur inattendue est survenue. Veuillez réessayer.',
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
}

class BodyTooLarge extends Error {}

/** The multipart body, refused early (by Content-Length, then while streaming) past the request cap. */
async function readForm(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > MAX_UPLOAD_REQUEST_BYTES) throw new BodyTooLarge();
  if (!request.body) return request.formData();
  let seen = 0;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > MAX_UPLOAD_REQUEST_BYTES) controller.error(new BodyTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  const copy = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: limited,
    duplex: 'half',
  } as RequestInit);
  try {
    return await copy.formData();
  } catch (error) {
    if (seen > MAX_UPLOAD_REQUEST_BYTES) throw new BodyTooLarge();
    throw error;
  }
}

function wantsJson(request: Request) {
  return (request.headers.get('accept') ?? '').includes('application/json');
}

/** Plain form posts go back to the editor they came from. */
/** Back to the admin page the upload came from (its Referer), if it is one. */
function backTo(request: Request): string {
  return safeRedirectTarget(request.headers.get('referer'), {
    under: '/admin',
    fallback: '/admin',
    origin: new URL(request.url).origin,
  });
}

function toResponse(result: { data: unknown; init?: ResponseInit | null }) {
  return Response.json(result.data, result.init ?? undefined);
}

function succeed(request: Request, message: string, extra: { urls?: string[] } = {}) {
  if (!wantsJson(request)) {
    return redirectWithToast(backTo(request), { type: 'success', title: 'Succès', description: message });
  }
  const body: MediaActionResult = { ok: true, message, ...extra };
  return toResponse(toastSuccess(message, body));
}

function fail(request: Request, message: string, error: string, status = 400, errors?: Record<string, string[]>) {
  if (!wantsJson(request)) {
    return redirectWithToast(backTo(request), { type: 'error', title: 'Erreur', description: message });
  }
  const body: MediaActionResult = { ok: false, message, error, ...(errors ? { errors } : {}) };
  return toResponse(toastError(message, body, { status }));
}

function missingTarget(target: ImageTarget) {
  if (target.kind === 'hero') return REASONS.heroNeedsConfig;
  return target.kind === 'room' ? REASONS.roomMissing : REASONS.sectionMissing;
}

const FAILURE_BY_INTENT: Record<string, string> = {
  upload: MESSAGES.uploadFailed,
  delete: MESSAGES.deleteFailed,
  'set-primary': MESSAGES.primaryFailed,
  move: MESSAGES.moveFailed,
};

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);

  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    if (error instanceof BodyTooLarge) return fail(request, MESSAGES.uploadFailed, REASONS.tooLarge, 413);
    return fail(request, MESSAGES.uploadFailed, REASONS.badBody);
  }

  const intent = String(form.get('intent') ?? '');
  const parsed = MediaActionSchema.safeParse({
    intent,
    kind: form.get('kind') ?? undefined,
    id: form.get('id') ?? undefined,
    url: form.get('url') ?? undefined,
    direction: form.get('direction') ?? undefined,
    files: form.getAll('files'),
  });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? 'form')] ??= []).push(issue.message);
    const reason = Object.values(errors).flat()[0] ?? REASONS.invalid;
    return fail(request, FAILURE_BY_INTENT[intent] ?? MESSAGES.uploadFailed, reason, 400, errors);
  }

  const input = parsed.data;
  const target = targetOf(input);
  try {
    switch (input.intent) {
      case 'upload': {
        if (!(await targetExists(target))) return fail(request, MESSAGES.uploadFailed, missingTarget(target), 404);
        // One file at a time: sharp is single-threaded here and originals can be large.
        const prepared: PreparedImage[] = [];
        for (const file of input.files) {
          prepared.push(await prepareImage(file.name, Buffer.from(await file.arrayBuffer())));
        }
        const urls = await uploadImages(target, prepared);
        return succeed(request, MESSAGES.uploaded(urls.length), { urls });
      }
      case 'delete': {
        const outcome = await deleteImage(target, input.url);
        if (outcome === 'target-missing') return fail(request, MESSAGES.deleteFailed, missingTarget(target), 404);
        if (outcome === 'image-missing') return fail(request, MESSAGES.deleteFailed, REASONS.imageMissing, 404);
        return succeed(request, MESSAGES.deleted);
      }
      case 'set-primary': {
        if (target.kind === 'hero') return fail(request, MESSAGES.primaryFailed, REASONS.invalid);
        const outcome = await setPrimaryImage(target, input.url);
        if (outcome === 'target-missing') return fail(request, MESSAGES.primaryFailed, missingTarget(target), 404);
        if (outcome === 'image-missing') return fail(request, MESSAGES.primaryFailed, REASONS.imageMissing, 404);
        return succeed(request, MESSAGES.primarySet);
      }
      case 'move': {
        const outcome = await moveImage(target, input.url, input.direction);
        if (outcome === 'target-missing') return fail(request, MESSAGES.moveFailed, missingTarget(target), 404);
        if (outcome === 'image-missing') return fail(request, MESSAGES.moveFailed, REASONS.imageMissing, 404);
        if (outcome === 'edge') return fail(request, MESSAGES.moveFailed, REASONS.edge);
        return succeed(request, MESSAGES.moved);
      }
    }
  } catch (error) {
    if (error instanceof ImageRejected) return fail(request, MESSAGES.uploadFailed, error.message, 400);
    if (error instanceof TargetMissing) return fail(request, MESSAGES.uploadFailed, missingTarget(target), 404);
    console.error(`[media] ${input.intent} failed:`, error);
    return fail(request, FAILURE_BY_INTENT[input.intent]!, REASONS.unexpected, 500);
  }
}
