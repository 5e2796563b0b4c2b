// GET /admin/notes.csv?year=2026: the year's notes and credit notes for the accountant (issue 52).
import { requireAdmin } from '~/.server/auth/permissions';
import { listNotes, notesCsv } from '~/.server/booking/notes/notes';
import { readNotesYear } from '~/.server/booking/views/notes-register';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';
import type { Route } from './+types/notes-csv';

// Guests' names and what they paid: for the signed-in owner's browser only.
export const handle = { delivery: { kind: 'personal' } } satisfies DeliveryHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { year, error } = readNotesYear(new URL(request.url));
  if (error) return new Response(error, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });
  const csv = notesCsv(await listNotes(`${year}-01-01`, `${year + 1}-01-01`));
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="factures-${year}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
