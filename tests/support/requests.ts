// Helpers for integration tests that call route loaders and actions directly,
// as the server would, with real sessions from better-auth.
import { auth } from '~/.server/auth/better-auth';
import { setProfileRole, type Role } from '~/.server/auth/profiles';

export const ORIGIN = 'http://localhost:3000';

let counter = 0;

/** Creates a user with the given role and returns its session cookie. */
export async function signedInAs(role: Role, email = `${role}${++counter}-${Date.now()}@example.com`) {
  const password = 'correct-horse-battery';
  const { user } = await auth.api.signUpEmail({ body: { email, password, name: email } });
  if (role !== 'user') await setProfileRole(user.id, role);
  const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, userId: user.id, email, password };
}

export type Fields = Record<string, string | number | boolean | File | Array<string | File> | null | undefined>;

export function formRequest(path: string, fields: Fields, cookie?: string, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      body.append(key, item instanceof File ? item : String(item));
    }
  }
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
  });
}

export function getRequest(path: string, cookie?: string, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

/** A route module's `loader` or `action` (or any function of the same shape). */
type RouteFunction<Args extends { request: Request }> = (args: Args) => unknown;
type ParamsOf<Args> = Args extends { params: infer P } ? P : Record<string, string>;

/**
 * Calls a route's loader or action as the server would — typed by the route's own
 * arguments, so `params` is checked against its path (`{ roomId }` for
 * `/admin/room/:roomId`) and no cast is needed — and returns { status, data, headers }
 * whether it returned data, a Response, or threw one (redirects and refusals are thrown).
 */
export async function run<Args extends { request: Request }>(
  handler: RouteFunction<Args>,
  request: Request,
  params: ParamsOf<Args> = {} as ParamsOf<Args>,
  context: Record<string, unknown> = {},
) {
  const url = new URL(request.url);
  // The one place where a plain object stands for React Router's arguments: the load
  // context is what our Hono entry passes (a plain object, e.g. { clientIp }).
  const args = { request, params, context, url, pattern: url.pathname } as unknown as Args;
  try {
    const result = await handler(args);
    return normalise(result);
  } catch (thrown) {
    const isData = thrown && typeof thrown === 'object' && (thrown as any).type === 'DataWithResponseInit';
    if (thrown instanceof Response || isData) return normalise(thrown);
    throw thrown; // a real error: the server would answer 500
  }
}

async function normalise(result: unknown): Promise<{ status: number; data: any; headers: Headers }> {
  if (result instanceof Response) {
    const text = await result.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      /* plain text */
    }
    return { status: result.status, data, headers: result.headers };
  }
  if (result && typeof result === 'object' && (result as any).type === 'DataWithResponseInit') {
    const init = (result as any).init ?? {};
    return { status: init.status ?? 200, data: (result as any).data, headers: new Headers(init.headers) };
  }
  return { status: 200, data: result, headers: new Headers() };
}
