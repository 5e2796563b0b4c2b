// Byte ranges of the built files. The static file server (@hono/node-server's
// serveStatic) reads a Range header loosely: `bytes=abc` gave a 206 covering the whole
// file, `bytes=-500` the first 501 bytes instead of the last 500, and a start past the
// end a 500 with a stack trace in the log (issue 31). Our files are small (fingerprinted
// assets, the favicon), served precompressed, and nothing of ours asks for part of one,
// so a Range is ignored — RFC 9110 §14.2 lets a server answer 200 with the whole
// representation — except that a range which can never be satisfied, whatever the file,
// is a 416: a start beyond any of our files, or an empty suffix.
import type { MiddlewareHandler } from 'hono';

/** Larger than any file of the build: a range starting there is unsatisfiable. */
const LARGEST_FILE_BYTES = 64 * 1024 * 1024;
const SINGLE_RANGE = /^bytes=(\d{0,16})-(\d{0,16})$/;

/** 'ignore' (serve the whole file) or 'unsatisfiable' (416) for a Range header. */
export function rangeVerdict(range: string): 'ignore' | 'unsatisfiable' {
  const single = SINGLE_RANGE.exec(range.trim());
  if (!single) return 'ignore';
  const [, first = '', last = ''] = single;
  if (first === '' && last !== '' && Number(last) === 0) return 'unsatisfiable';
  if (first !== '' && Number(first) >= LARGEST_FILE_BYTES) return 'unsatisfiable';
  return 'ignore';
}

/** Before the static file server: it never sees a Range header. */
export function ignoreRanges(isFile: (path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const range = c.req.header('range');
    if (range === undefined || !isFile(c.req.path)) return next();
    if (rangeVerdict(range) === 'unsatisfiable') return c.body(null, 416);
    const headers = new Headers(c.req.raw.headers);
    headers.delete('range');
    c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers, signal: c.req.raw.signal });
    return next();
  };
}
