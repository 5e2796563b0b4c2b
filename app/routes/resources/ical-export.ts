// GET /ical/<token>.ics — a room's export feed. Open to anyone holding the secret
// token (the platforms fetch it without signing in); any other name is a 404.
import { renderRoomExport } from '~/.server/booking/availability/export-feed';
import { publicAccess } from '~/.server/auth/permissions';
import type { Route } from './+types/ical-export';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

export const handle = { delivery: { kind: 'not-a-page' } } satisfies DeliveryHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  publicAccess(request);
  const match = /^([0-9a-f]{64})\.ics$/.exec(params.file);
  const body = match ? await renderRoomExport(match[1]!) : null;
  if (body === null) throw new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
}
