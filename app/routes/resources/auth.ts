// better-auth's HTTP handler (/api/auth/*): sessions, sign-up, sign-out, admin API.
import { auth } from '~/.server/auth/auth';
import { publicAccess } from '~/.server/permissions';
import type { Route } from './+types/auth';

export function loader({ request }: Route.LoaderArgs) {
  publicAccess(request); // better-auth applies its own checks per endpoint
  return auth.handler(request);
}

export function action({ request }: Route.ActionArgs) {
  publicAccess(request);
  return auth.handler(request);
}
