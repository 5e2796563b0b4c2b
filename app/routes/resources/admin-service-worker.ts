// GET /admin/sw.js — the back office's service worker (app/back-office-app/service-worker.js),
// for everyone: it holds nothing personal, and the browser fetches it again to look for a
// new version (no-cache: always revalidated). Its scope is /admin, the back office alone:
// the path /admin/sw.js allows /admin/… only, the header also allows /admin itself.
import { publicAccess } from '~/.server/auth/permissions';
import source from '~/back-office-app/service-worker.js?raw';
import { BACK_OFFICE_SCOPE } from '~/back-office-app/head';
import type { Route } from './+types/admin-service-worker';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

export const handle = { delivery: { kind: 'not-a-page' } } satisfies DeliveryHandle;

/** The worker's own policy: it reaches this site only (its pages, for the offline fallback), and runs no other script. */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'";

export function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  return new Response(source, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Service-Worker-Allowed': BACK_OFFICE_SCOPE,
      'Content-Security-Policy': SERVICE_WORKER_CSP,
      'X-Robots-Tag': 'noindex',
    },
  });
}
