// GET /admin/tourist-tax.csv?period=2026-T1: a period's tourist-tax register as a
// spreadsheet (issue 44), as declared when the period is, else as it stands.
import { requireAdmin } from '~/.server/auth/permissions';
import { loadTaxRegister } from '~/.server/booking/tourist-tax/declarations';
import { registerCsv } from '~/.server/booking/tourist-tax/register-csv';
import { readTaxPeriod } from '~/.server/booking/tourist-tax/reminders';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';
import type { Route } from './+types/tourist-tax-csv';

// The house's business, for the signed-in owner's browser only (no identity data in it).
export const handle = { delivery: { kind: 'personal' } } satisfies DeliveryHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { period, error } = await readTaxPeriod(new URL(request.url));
  if (error) return new Response(error, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });
  const register = await loadTaxRegister(period);
  return new Response(registerCsv(register.rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="taxe-de-sejour-${period.key}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
