// Request bodies our pages accept: HTML forms only (urlencoded or multipart), at most
// 1 MB, of a bounded shape (body-shape.ts) and without control characters — checked
// here, before any action parses them, so a malformed or hostile body is answered
// 400/413 and can never reach `request.formData()` / Conform and become a 500, an
// out-of-memory crash or a frozen event loop. Only the image upload enforces limits
// of its own (better-auth's JSON handler is not mounted: see decision 0005).
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { logRefusal } from '~/.server/http/refusal-log';
import { checkFormEntries } from './body-shape';

export const MAX_FORM_BYTES = 1024 * 1024;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Refused by Content-Length, or while counting a chunked body: never more than 1 MB is buffered. */
const limitFormBody = bodyLimit({
  maxSize: MAX_FORM_BYTES,
  // Close the connection: the client may still be sending the rest of the body.
  onError: (c) => {
    logRefusal({ status: 413, method: c.req.method, path: c.req.path, client: c.get('clientIp') ?? 'unknown', reason: 'body over 1 MB' });
    return c.text('Requête trop volumineuse (1 Mo au plus).', 413, { Connection: 'close' });
  },
});

function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Why the form body is refused, or null. Reads a clone: the action still gets the body. */
async function inspectForm(request: Request, type: string): Promise<string | null> {
  try {
    if (type === 'application/x-www-form-urlencoded') {
      return checkFormEntries(new URLSearchParams(await request.clone().text()));
    }
    return checkFormEntries(await request.clone().formData());
  } catch {
    return 'formulaire illisible'; // a body that does not even parse as the form it claims to be
  }
}

function refuse(c: Context, reason: string) {
  logRefusal({ status: 400, method: c.req.method, path: c.req.path, client: c.get('clientIp') ?? 'unknown', reason });
  c.res = c.text(`Requête invalide : ${reason}.`, 400);
}

/** Page actions and `.data` requests: bounded HTML form bodies only. */
export function formBodiesOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next();
    const path = c.req.path;
    if (path === '/api/media') return next();
    const type = mediaType(c);
    if (!FORM_TYPES.includes(type)) {
      refuse(c, 'formulaire attendu');
      return c.res;
    }
    return limitFormBody(c, async () => {
      const fault = await inspectForm(c.req.raw, type);
      if (fault) return refuse(c, fault);
      await next();
    });
  };
}
