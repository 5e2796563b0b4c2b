import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressResponses, MIN_COMPRESS_BYTES } from './compress';

const page = `<!DOCTYPE html><html><body>${'<p>Chambres d’hôtes à Grasse, vue sur les collines.</p>'.repeat(200)}</body></html>`;

function appServing(response: () => Response) {
  const app = new Hono();
  app.use('*', compressResponses());
  app.all('*', () => response());
  return app;
}

const html = (body: BodyInit = page, headers: HeadersInit = {}) => new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers } });

async function bytesOf(response: Response) {
  return Buffer.from(await response.arrayBuffer());
}

describe('compressResponses', () => {
  it('answers brotli to a browser that takes it, with Vary and without a stale length', async () => {
    const app = appServing(() => html(page, { 'Content-Length': String(Buffer.byteLength(page)) }));
    const response = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    expect(response.headers.get('Content-Length')).toBeNull();
    const body = await bytesOf(response);
    expect(body.length).toBeLessThan(Buffer.byteLength(page) / 4);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(page);
  });

  it('answers gzip when brotli is not offered', async () => {
    const app = appServing(() => html());
    const response = await app.request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(zlib.gunzipSync(await bytesOf(response)).toString()).toBe(page);
  });

  it('sends the body as is to a client without Accept-Encoding, still with Vary', async () => {
    const app = appServing(() => html());
    const response = await app.request('/');
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await response.text()).toBe(page);
  });

  it('hands an uncompressed page on as the very response it was, body unread', async () => {
    // Rebuilding it (Hono's c.header() does, after the handler) would make the Node adapter
    // send its bytes through a web stream instead of writing them at once.
    const original = html();
    const app = appServing(() => original);
    const response = await app.request('/');
    expect(response).toBe(original);
    expect(response.bodyUsed).toBe(false);
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
  });

  it('keeps an existing Vary and weakens a strong ETag', async () => {
    const app = appServing(() => html(page, { Vary: 'Cookie', ETag: '"abc"' }));
    const response = await app.request('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(response.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
    expect(response.headers.get('ETag')).toBe('W/"abc"');
  });

  it.each([
    ['React Router data', 'text/x-script'],
    ['JSON', 'application/json'],
    ['XML (sitemap)', 'application/xml; charset=utf-8'],
    ['plain text', 'text/plain;charset=UTF-8'],
  ])('compresses %s', async (_name, type) => {
    const app = appServing(() => new Response(page, { headers: { 'Content-Type': type } }));
    const response = await app.request('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(await bytesOf(response)).toString()).toBe(page);
  });

  it.each([
    ['an image', () => new Response(Buffer.alloc(50_000, 7), { headers: { 'Content-Type': 'image/jpeg' } })],
    ['an already compressed file', () => html(zlib.brotliCompressSync(page), { 'Content-Encoding': 'br' })],
    ['a tiny body', () => html('<p>ok</p>', { 'Content-Length': '9' })],
    ['a no-transform response', () => html(page, { 'Cache-Control': 'no-transform' })],
    ['a 304', () => new Response(null, { status: 304, headers: { 'Content-Type': 'text/html' } })],
  ])('leaves %s alone', async (_name, make) => {
    const original = make();
    const expected = original.status === 304 ? Buffer.alloc(0) : await bytesOf(original.clone());
    const app = appServing(() => original);
    const response = await app.request('/', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.headers.get('Content-Encoding')).toBe(original.headers.get('Content-Encoding'));
    expect(await bytesOf(response)).toEqual(expected);
  });

  it('does not compress HEAD answers', async () => {
    const app = appServing(() => html());
    const response = await app.request('/', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(response.headers.get('Content-Encoding')).toBeNull();
  });

  it.each(['br', 'gzip'] as const)('streams (%s): what was written reaches the client before the rest exists', async (encoding) => {
    let release!: () => void;
    const rest = new Promise<void>((resolve) => (release = resolve));
    const first = `<!DOCTYPE html><html><body><header>${'la maison '.repeat(300)}</header>`;
    const second = `<main>${'les chambres '.repeat(300)}</main></body></html>`;
    const app = appServing(() =>
      html(
        new ReadableStream({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode(first));
            await rest; // like a Suspense boundary waiting for its data
            controller.enqueue(new TextEncoder().encode(second));
            controller.close();
          },
        }),
      ),
    );
    const response = await app.request('/', { headers: { 'Accept-Encoding': encoding } });
    const decoder = encoding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip();
    Readable.fromWeb(response.body! as never).pipe(decoder);
    let text = '';
    decoder.on('data', (chunk: Buffer) => (text += chunk.toString()));
    // The first part arrives while the second has not been produced yet.
    await expect.poll(() => text, { timeout: 5000 }).toBe(first);
    release();
    await new Promise((resolve) => decoder.once('end', resolve));
    expect(text).toBe(first + second);
  });

  it('MIN_COMPRESS_BYTES is the bound for tiny bodies', async () => {
    const body = 'x'.repeat(MIN_COMPRESS_BYTES);
    const app = appServing(() => html(body, { 'Content-Length': String(MIN_COMPRESS_BYTES) }));
    const response = await app.request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
  });
});
