// Dynamic responses of the real server are compressed by Accept-Encoding (brotli,
// else gzip) with Vary: Accept-Encoding; images and precompressed assets are not
// compressed again.
// One database pass: its subject is the HTTP layer.
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../support/app-process';

let app: AppProcess;

beforeAll(async () => {
  app = await startAppProcess({ DATA_DIR: process.env.DATA_DIR, SEED_DEMO: 'true' });
}, 240_000);

afterAll(async () => {
  await app?.kill();
});

/** fetch decodes brotli and gzip bodies itself and keeps Content-Encoding in the headers. */
const get = (path: string, acceptEncoding: string) => fetch(`${app.url}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } });

describe('response compression', () => {
  it('sends the home page as brotli to a browser that takes it, gzip otherwise, plain without Accept-Encoding', async () => {
    const br = await get('/', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await br.text()).toMatch(/<\/html>\s*$/);

    const gzip = await get('/livre-dor', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toMatch(/<\/html>\s*$/);

    const plain = await get('/mentions-legales', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
  });

  it('puts far fewer bytes on the wire than the page has', async () => {
    // node:http hands over the bytes as sent, without decoding them.
    const wire = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(`${app.url}/`, { headers: { 'Accept-Encoding': 'br' } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Buffer.concat(chunks)));
        })
        .on('error', reject);
    });
    const page = zlib.brotliDecompressSync(wire);
    expect(page.toString()).toMatch(/^<!DOCTYPE html>/i);
    expect(wire.length).toBeLessThan(page.length / 3);
  });

  it('compresses React Router data and the sitemap', async () => {
    const data = await get('/livre-dor.data', 'br');
    expect(data.status).toBe(200);
    expect(data.headers.get('content-encoding')).toBe('br');
    const sitemap = await get('/sitemap.xml', 'gzip');
    expect(sitemap.headers.get('content-encoding')).toBe('gzip');
    expect(await sitemap.text()).toContain('<urlset');
  });

  it('leaves images alone and serves built assets precompressed as they are', async () => {
    const html = await (await get('/', 'identity')).text();
    const image = html.match(/\/media\/[^"?\s]+\.jpg/)?.[0];
    expect(image).toBeTruthy();
    const picture = await get(image!, 'br, gzip');
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(picture.headers.get('content-encoding')).toBeNull();

    // The build precompresses every asset worth it (512 bytes and more, scripts/compress-assets.mjs);
    // a tiny entry chunk is served as it is.
    const scripts = [...new Set(html.match(/\/assets\/[^"]+\.js/g) ?? [])];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const size = (await (await get(script, 'identity')).arrayBuffer()).byteLength;
      const asset = await get(script, 'br');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect(asset.headers.get('content-encoding'), script).toBe(size >= 512 ? 'br' : null);
    }
  });
});
