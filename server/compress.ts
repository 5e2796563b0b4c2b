// Compresses dynamic responses (pages, `.data`, JSON, XML, text) by Accept-Encoding:
// brotli when the browser takes it, else gzip. Built assets are precompressed at build
// time and pass through untouched (they already carry Content-Encoding), as do images,
// tiny bodies of known length and anything marked no-transform.
//
// Streaming-safe: React Router streams pages and deferred data in bursts. Compressors
// buffer; so whatever was written is flushed as soon as the producer pauses (nothing
// more arrived by the next turn of the event loop), and a burst is still compressed
// as one block rather than chunk by chunk.
import { once } from 'node:events';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { chooseEncoding, type Encoding } from '~/.server/http/content-encoding';

/** Below this many bytes the headers and the compressor's framing cost more than they save. */
export const MIN_COMPRESS_BYTES = 1024;

// Text we generate: HTML, React Router's `.data` (text/x-script), JSON, XML, plain text, iCal.
const COMPRESSIBLE =
  /^\s*(?:text\/(?:html|plain|xml|css|javascript|x-script|calendar)|application\/(?:json|xml|javascript|manifest\+json|[\w.-]+\+(?:json|xml)))\s*(?:;|$)/i;

/**
 * Decided from the status and headers alone: on the Node adapter's lightweight Response,
 * reading `body` builds the full web Response and a stream around bytes it would
 * otherwise write as they are, so the body is looked at only once we compress it.
 */
function isCompressible(response: Response, method: string): boolean {
  if (method === 'HEAD') return false;
  if (response.status === 204 || response.status === 206 || response.status === 304) return false;
  const headers = response.headers;
  if (headers.has('Content-Encoding')) return false;
  if (!COMPRESSIBLE.test(headers.get('Content-Type') ?? '')) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('Cache-Control') ?? '')) return false;
  const length = headers.get('Content-Length');
  return length === null || Number(length) >= MIN_COMPRESS_BYTES;
}

function compressor(encoding: Encoding) {
  // Dynamic bodies are compressed on every request: brotli 4 / gzip 6 are the usual
  // speed-for-size points (brotli 11 costs tens of milliseconds per page).
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
      })
    : zlib.createGzip({ level: 6 });
}

/** `body` compressed, flushed whenever its producer pauses, cancelled with its consumer. */
export function compressStream(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  const zip = compressor(encoding);
  const reader = body.getReader();
  let flushSoon: NodeJS.Immediate | undefined;
  const flush = () => {
    flushSoon = undefined;
    if (!zip.writableEnded && !zip.destroyed) zip.flush(encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH);
  };
  // The client went away: stop reading what nobody will receive.
  zip.once('close', () => {
    if (flushSoon) clearImmediate(flushSoon);
    reader.cancel().catch(() => {});
  });
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (zip.destroyed) return;
        if (!zip.write(value)) await once(zip, 'drain');
        if (flushSoon) clearImmediate(flushSoon);
        flushSoon = setImmediate(flush);
      }
      if (flushSoon) clearImmediate(flushSoon);
      zip.end();
    } catch (error) {
      zip.destroy(error as Error);
    }
  })();
  return Readable.toWeb(zip) as ReadableStream<Uint8Array>;
}

export function compressResponses(): MiddlewareHandler {
  return async function compressResponse(c, next) {
    await next();
    const response = c.res;
    if (!isCompressible(response, c.req.method)) return;
    // Whatever this client gets, a cache must not hand it to one that accepts another encoding.
    const vary = response.headers.get('Vary');
    // Set on the response itself: c.header() would rebuild it (body stream included) for one header.
    if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) {
      response.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (!encoding || !response.body) return;
    // Hono copies the previous response's headers onto the new one; then we correct them.
    c.res = new Response(compressStream(response.body, encoding), response);
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', encoding);
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}
