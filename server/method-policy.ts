// One policy for HTTP methods, applied before routing to every kind of path: files,
// media and the pages' texts are read-only, pages take GET/HEAD and POST (their actions), the image upload
// takes POST only. OPTIONS is answered at once (204 + Allow), every method outside the
// policy gets 405 + Allow, and TRACE/CONNECT are never served. Nothing reaches the
// static file server or React Router with a method it would mishandle (an OPTIONS on
// an asset used to announce the file's length and then send nothing, forever).
import type { MiddlewareHandler } from 'hono';
import { logRefusal } from '~/.server/http/refusal-log';

const READ_ONLY = ['GET', 'HEAD', 'OPTIONS'] as const;
const PAGE = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
const UPLOAD = ['POST', 'OPTIONS'] as const;

const READ_ONLY_PATHS = /^\/(?:assets\/|media\/|i18n\/|healthz$|readyz$|sitemap\.xml$|robots\.txt$)/;

/** The methods a path answers, given whether it names a built static file. */
export function allowedMethods(path: string, isStaticFile: (path: string) => boolean): readonly string[] {
  if (READ_ONLY_PATHS.test(path) || isStaticFile(path)) return READ_ONLY;
  if (path === '/api/media') return UPLOAD;
  return PAGE;
}

export function methodPolicy(options: { isStaticFile: (path: string) => boolean }): MiddlewareHandler<{ Variables: { clientIp: string } }> {
  return async (c, next) => {
    const allowed = allowedMethods(c.req.path, options.isStaticFile);
    const allow = allowed.join(', ');
    const method = c.req.method;
    if (method === 'OPTIONS') return c.body(null, 204, { Allow: allow });
    if (!allowed.includes(method)) {
      logRefusal({ status: 405, method, path: c.req.path, client: c.get('clientIp') });
      return c.text('Méthode non autorisée.', 405, { Allow: allow });
    }
    await next();
    if (method === 'HEAD' && c.res.body && !c.res.headers.has('Content-Length')) {
      // HEAD answers with the headers GET would send, Content-Length included.
      const length = (await c.res.arrayBuffer()).byteLength;
      const headers = new Headers(c.res.headers);
      headers.set('Content-Length', String(length));
      c.res = new Response(null, { status: c.res.status, headers });
    }
    // A page without an action: React Router answers 405 without saying what is allowed.
    if (c.res.status === 405 && !c.res.headers.has('Allow')) {
      c.res.headers.set('Allow', allowed.filter((m) => m !== 'POST').join(', '));
    }
  };
}

/**
 * CONNECT never reaches the request handler (Node emits it as its own event, and
 * without a listener drops the socket unanswered): answer it 405 and close.
 */
export function refuseConnect(socket: { end: (data: string) => void }, allow = PAGE.join(', ')) {
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${allow}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
}
