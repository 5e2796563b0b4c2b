// Request bodies our pages accept: HTML forms only (urlencoded or multipart), at most
// 1 MB — except better-auth's JSON endpoints and the image upload, which enforces
// its own larger limits. Anything else is answered 400/413 before an action runs,
// so a malformed body can never reach `request.formData()` and become a 500.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export const MAX_FORM_BYTES = 1024 * 1024;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const limitFormBody = bodyLimit({
  maxSize: MAX_FORM_BYTES,
  onError: (c) => c.text('Requête trop volumineuse (1 Mo au plus).', 413),
});

export function formBodiesOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next();
    const path = c.req.path;
    if (path.startsWith('/api/auth/') || path === '/api/media') return next();
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!FORM_TYPES.includes(type)) return c.text('Requête invalide : formulaire attendu.', 400);
    return limitFormBody(c, next);
  };
}
