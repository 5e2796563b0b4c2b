// POST /sign-out: ends the session on the server, clears the cookie, back to `/`.
import { redirect } from 'react-router';
import { auth } from '~/.server/auth/better-auth';
import { publicAccess, requireUser } from '~/.server/auth/permissions';
import type { Route } from './+types/sign-out';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

export const handle = { delivery: { kind: 'personal' } } satisfies DeliveryHandle;

export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  const response = await auth.api.signOut({ headers: request.headers, asResponse: true });
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
  return redirect('/', { headers });
}

export function loader({ request }: Route.LoaderArgs) {
  publicAccess(request); // GET never signs out (no state change on GET)
  return redirect('/');
}
