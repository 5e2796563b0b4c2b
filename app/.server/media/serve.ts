// The media endpoint's answer for one key: the original or an allowed variant in
// the negotiated format, with immutable caching and a strong ETag (304 on match).
// Kept apart from the route so the benchmark can drive it without the database.
import { isValidKey, storage } from './storage';
import { etagOf, getVariant, matchesEtag, negotiateFormat, OUTPUT_TYPES, parseVariantQuery } from './variants';

// Names are unique per upload, so a URL's bytes never change.
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function serveMedia(request: Request, key: string): Promise<Response> {
  if (!isValidKey(key)) return new Response('Not found', { status: 404 });

  const query = parseVariantQuery(new URL(request.url).searchParams);
  if (query.kind === 'invalid') return new Response('Image size not allowed', { status: 400 });

  let body: Buffer | null;
  let contentType: string;
  const headers = new Headers({ 'Cache-Control': IMMUTABLE });
  if (query.kind === 'original') {
    const original = await storage().get(key);
    body = original?.body ?? null;
    contentType = original?.contentType ?? '';
  } else {
    const format = negotiateFormat(request.headers.get('accept'), key);
    body = await getVariant(key, query.spec, format);
    contentType = OUTPUT_TYPES[format];
    headers.set('Vary', 'Accept');
  }
  if (!body) return new Response('Not found', { status: 404 });

  const etag = etagOf(body);
  headers.set('ETag', etag);
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', contentType);
  headers.set('Content-Length', String(body.length));
  return new Response(body as Uint8Array<ArrayBuffer>, { headers });
}
