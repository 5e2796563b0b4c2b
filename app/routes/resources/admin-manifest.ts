// GET /admin/manifest.webmanifest — what makes the back office an app on a phone's home
// screen (Android installs it from this and the service worker; iOS reads the head's
// apple-touch-icon and meta instead). The same for everyone: a browser fetches it without
// cookies.
import { publicAccess } from '~/.server/auth/permissions';
import { backOfficeManifest } from '~/back-office-app/head';
import type { Route } from './+types/admin-manifest';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

export const handle = { delivery: { kind: 'not-a-page' } } satisfies DeliveryHandle;

export function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  return new Response(JSON.stringify(backOfficeManifest()), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600', 'X-Robots-Tag': 'noindex' },
  });
}
