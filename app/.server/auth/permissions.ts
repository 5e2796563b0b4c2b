// Access rules in one place. Every loader and action starts with exactly one of
// these: `publicAccess` (explicitly open), `requireUser` or `requireAdmin`.
import { eq } from 'drizzle-orm';
import { data, redirect } from 'react-router';
import { auth, SESSION_ABSOLUTE_SECONDS } from './better-auth';
import { getProfileRole, type Role } from './profiles';
import { hasSessionCookie } from './session-cookie';
import { db } from '../db/client';
import { session as sessions } from '../db/schema';
import { logRefusal } from '../http/refusal-log';

export interface Viewer {
  userId: string;
  email: string;
  role: Role;
}

/** The signed-in user and their profile role, or null. */
export async function getViewer(request: Request): Promise<Viewer | null> {
  if (!hasSessionCookie(request.headers.get('cookie'))) return null;
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  if (Date.now() - new Date(session.session.createdAt).getTime() > SESSION_ABSOLUTE_SECONDS * 1000) {
    // Past its absolute lifetime: end it on the server, whatever its sliding expiry says.
    await db.delete(sessions).where(eq(sessions.id, session.session.id));
    return null;
  }
  const role = (await getProfileRole(session.user.id)) ?? 'user';
  return { userId: session.user.id, email: session.user.email, role };
}

export const isAdmin = (viewer: Viewer | null): boolean => viewer?.role === 'admin';

function logAccessRefusal(request: Request, viewer: Viewer | null, reason: string, status: number) {
  logRefusal({
    status,
    method: request.method,
    path: new URL(request.url).pathname,
    client: `user=${viewer?.userId ?? 'anonymous'}`,
    reason,
  });
}

/** Marks a loader or action as open to anonymous visitors (a decision, not an omission). */
export function publicAccess(_request: Request): void {}

/** What a signed-in person without access to a page is shown (the back office's error boundary). */
export interface NoAccess {
  noAccess: { email: string };
}

/**
 * Pages redirect a visitor who is not signed in to /auth; a signed-in person without
 * the role gets the page itself answered 403 with who they are, which the back office
 * shows as "no access, and how to ask" — not a redirect to /auth, which sends signed-in
 * people back to /admin (decision 0026). Other requests (fetch, form posts) get 401/403.
 */
function refuse(request: Request, viewer: Viewer | null): never {
  const wantsPage = request.method === 'GET' && !new URL(request.url).pathname.startsWith('/api/');
  if (wantsPage && !viewer) throw redirect('/auth');
  if (wantsPage) throw data<NoAccess>({ noAccess: { email: viewer!.email } }, { status: 403 });
  throw new Response(viewer ? 'Forbidden' : 'Unauthorized', { status: viewer ? 403 : 401 });
}

export async function requireUser(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) {
    logAccessRefusal(request, viewer, 'not signed in', 401);
    refuse(request, null);
  }
  return viewer;
}

export async function requireAdmin(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer || !isAdmin(viewer)) {
    logAccessRefusal(request, viewer, viewer ? 'not an admin' : 'not signed in', viewer ? 403 : 401);
    refuse(request, viewer);
  }
  return viewer;
}
