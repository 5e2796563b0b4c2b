// GET /admin/notes/<id>.pdf: a note or credit note as issued (issue 52), drawn from its
// kept content. Any other shape of file name is a 404 without a database lookup.
import { requireAdmin } from '~/.server/auth/permissions';
import { getNote } from '~/.server/booking/notes/notes';
import { noteFileName, renderNotePdf } from '~/.server/booking/notes/note-pdf';
import type { NoteContent } from '~/.server/booking/notes/note-content';
import { isUuid } from '~/lib/uuid';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';
import type { Route } from './+types/note-pdf';

export const handle = { delivery: { kind: 'personal' } } satisfies DeliveryHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = params.file.endsWith('.pdf') ? params.file.slice(0, -4) : '';
  const note = isUuid(id) ? await getNote(id) : null;
  if (!note)
    return new Response('Facture introuvable', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });
  const content = note.content as NoteContent;
  const pdf = await renderNotePdf(content);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${noteFileName(content)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
