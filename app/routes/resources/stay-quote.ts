// GET /admin/stay-quote?room=…&arrival=…&departure=…&adults=…&children=…&code=…[&exclude=<booking>]:
// the live quote of the owner's booking forms (issue 45) — the engine's lines, the rules
// that apply, what takes the nights — fetched as the dates are chosen, before « Enregistrer ».
import { simulateStay, parseSimulationQuery } from '~/.server/booking/views/stay-simulation';
import { requireAdmin } from '~/.server/auth/permissions';
import type { Route } from './+types/stay-quote';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

// Other guests' names (the conflicts): for the signed-in owner's browser only.
export const handle = { delivery: { kind: 'personal' } } satisfies DeliveryHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseSimulationQuery(new URL(request.url).searchParams);
  const simulation = query ? await simulateStay(query) : null;
  return Response.json({ simulation }, { headers: { 'Cache-Control': 'private, no-store' } });
}
