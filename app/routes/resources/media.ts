// GET /media/{key}: stored images and their resized variants (?w=&h=&q=&fit=), for
// everyone. Only the sizes of app/lib/every-page/image-url.ts are served; the format follows
// Accept (AVIF, WebP, then JPEG); every answer is cacheable forever.
import { serveMedia } from '~/.server/media/serve';
import { publicAccess } from '~/.server/auth/permissions';
import type { Route } from './+types/media';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

/** Images keep their own caching (immutable, Vary: Accept): never the page cache's. */
export const handle = { delivery: { kind: 'not-a-page' } } satisfies DeliveryHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  publicAccess(request);
  return serveMedia(request, params['*'] ?? '');
}
