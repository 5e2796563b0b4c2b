import { publicAccess } from '~/.server/permissions';
import type { Route } from './+types/sitemap';

// Placeholder until this endpoint is built.
export function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  return new Response('Not found', { status: 404 });
}
