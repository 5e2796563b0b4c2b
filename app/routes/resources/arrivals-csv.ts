// GET /admin/arrivals.csv?from=…&to=…: the arrivals of a period as a spreadsheet (issue 35).
import { arrivalsCsv, loadArrivals, readArrivalsPeriod } from '~/.server/booking/views/today';
import { requireAdmin } from '~/.server/auth/permissions';
import type { Route } from './+types/arrivals-csv';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

// Guests' names and phone numbers: for the signed-in owner's browser only.
export const handle = { delivery: { kind: 'personal' } } satisfies DeliveryHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const period = readArrivalsPeriod(new URL(request.url));
  if (period.error)
    return new Response(period.error, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });
  const csv = arrivalsCsv(await loadArrivals(period.from, period.to));
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="arrivees-${period.from}-${period.to}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
