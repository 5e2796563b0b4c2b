// GET /i18n/<languages>.<hash>.json — the built-in texts of a page (app/lib/page-catalog.ts),
// for everyone. This build's file is kept by the browser for good; an older build's
// address gets today's texts, not to be kept. Any other name is a 404.
import { readCatalogFile } from '~/.server/languages/catalog-file';
import { publicAccess } from '~/.server/auth/permissions';
import type { Route } from './+types/catalog';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

export const handle = { delivery: { kind: 'not-a-page' } } satisfies DeliveryHandle;

export function loader({ request, params }: Route.LoaderArgs) {
  publicAccess(request);
  const file = readCatalogFile(params.file);
  if (!file) throw new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(file.text, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': file.current ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Robots-Tag': 'noindex',
    },
  });
}
