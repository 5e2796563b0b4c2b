// Request bodies our pages accept: HTML forms only (urlencoded or multipart), at most
// 1 MB, without control characters (a NUL would even make PostgreSQL fail) — except
// the image upload, which enforces its own limits.
// Anything else is answered 400/413 before an action runs, so a malformed body can
// never reach `request.formData()` and become a 500.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export const MAX_FORM_BYTES = 1024 * 1024;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const limitFormBody = bodyLimit({
  maxSize: MAX_FORM_BYTES,
  // Close the connection: the client may still be sending the rest of the body.
  onError: (c) => c.text('Requête trop volumineuse (1 Mo au plus).', 413, { Connection: 'close' }),
});

/** C0 controls and DEL, except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

async function hasControlCharacters(request: Request, type: string): Promise<boolean> {
  if (type === 'application/x-www-form-urlencoded') {
    const params = new URLSearchParams(await request.clone().text());
    for (const [key, value] of params) if (CONTROL_CHARACTERS.test(key) || CONTROL_CHARACTERS.test(value)) return true;
    return false;
  }
  const form = await request.clone().formData();
  for (const [key, value] of form) {
    if (CONTROL_CHARACTERS.test(key) || (typeof value === 'string' && CONTROL_CHARACTERS.test(value))) return true;
  }
  return false;
}

export function formBodiesOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next();
    const path = c.req.path;
    if (path === '/api/media') return next();
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!FORM_TYPES.includes(type)) return c.text('Requête invalide : formulaire attendu.', 400);
    return limitFormBody(c, async () => {
      let refused = false;
      try {
        refused = await hasControlCharacters(c.req.raw, type);
      } catch {
        refused = true; // a body that does not even parse as the form it claims to be
      }
      if (refused) {
        c.res = c.text('Requête invalide : caractères de contrôle ou formulaire illisible.', 400);
        return;
      }
      await next();
    });
  };
}
