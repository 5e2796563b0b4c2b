import { config } from '~/.server/environment';
import { publicAccess } from '~/.server/auth/permissions';
import { BOOKING_QUERY_PARAMS } from '~/lib/booking-query';
import type { Route } from './+types/robots';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

/** The same for every visitor: kept, with its own Cache-Control. */
export const handle = { delivery: { kind: 'file' } } satisfies DeliveryHandle;

export function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /auth',
    // The booking panel's views of a room page: a finite site for crawlers (lib/booking-query.ts).
    ...BOOKING_QUERY_PARAMS.flatMap((name) => [`Disallow: /*?${name}=`, `Disallow: /*&${name}=`]),
    '',
    `Sitemap: ${config().PUBLIC_URL}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
