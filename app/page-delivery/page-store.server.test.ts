import { createHash, randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';

// Read by config() on first use: a 1 MB bound, so that a few pages fill it.
process.env.PAGE_CACHE_MAX_MB = '1';
process.env.PAGE_CACHE = 'on';

const { cacheGeneration, invalidatePublicContent, setCacheCoherent } = await import('~/.server/public-content/invalidation');
const { ENTRY_OVERHEAD_BYTES, MAX_PAGE_ENTRIES, exactBytes, inlineScriptHashes, lookupPage, pageBody, pageCacheStats, preparePage, storePage } =
  await import('./page-store.server');

/** A body that does not compress, so that its compressed forms weigh as much as it does. */
const noise = (bytes: number) => randomBytes(bytes);

beforeEach(() => {
  setCacheCoherent(false);
  setCacheCoherent(true);
});

describe('the page store', () => {
  it('keeps a page with its brotli and gzip forms and serves it until an invalidation', async () => {
    const html = Buffer.from(`<!DOCTYPE html><html><body>${'bonjour '.repeat(500)}</body></html>`);
    const page = preparePage(200, [['content-type', 'text/html']], html, [], 'br');
    expect(page.bodies.gzip).toBeUndefined(); // made when a visitor first asks for it
    expect(zlib.brotliDecompressSync(pageBody(page, 'br')).equals(html)).toBe(true);
    expect(zlib.gunzipSync(pageBody(page, 'gzip')).equals(html)).toBe(true);
    expect(storePage('fr /', page, cacheGeneration())).toBe(true);
    expect(lookupPage('fr /')).toBe(page);
    expect(lookupPage('en /')).toBeUndefined();
    invalidatePublicContent();
    expect(lookupPage('fr /')).toBeUndefined();
    expect(pageCacheStats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('does not keep a page rendered before an invalidation', async () => {
    const startedAt = cacheGeneration();
    const page = preparePage(200, [], Buffer.from('old'), []);
    invalidatePublicContent(); // a write committed while the page was rendering
    expect(storePage('fr /', page, startedAt)).toBe(false);
    expect(lookupPage('fr /')).toBeUndefined();
  });

  it('keeps nothing while invalidation is not guaranteed (listener down), and starts empty when it is back', async () => {
    const page = preparePage(200, [], Buffer.from('page'), []);
    storePage('fr /', page, cacheGeneration());
    setCacheCoherent(false);
    expect(lookupPage('fr /')).toBeUndefined();
    expect(storePage('fr /', page, cacheGeneration())).toBe(false);
    setCacheCoherent(true);
    expect(lookupPage('fr /')).toBeUndefined();
  });

  it('stays within its byte bound by evicting the least recently used pages', async () => {
    const bound = pageCacheStats().maxBytes;
    const pages = [0, 1, 2, 3, 4, 5].map((i) => preparePage(200, [], noise(200_000 + i), []));
    const size = pages[0]!.bytes;
    expect(size).toBeGreaterThan(bound / 6); // six cannot fit
    for (let i = 0; i < 3; i++) storePage(`fr /p${i}`, pages[i]!, cacheGeneration());
    lookupPage('fr /p0'); // used: /p1 is now the oldest
    for (let i = 3; i < 6; i++) storePage(`fr /p${i}`, pages[i]!, cacheGeneration());
    const stats = pageCacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(bound);
    expect(stats.evictions).toBeGreaterThan(0);
    expect(lookupPage('fr /p1')).toBeUndefined();
    expect(lookupPage('fr /p5')).toBe(pages[5]);
    expect(stats.bytes).toBe(
      ['/p0', '/p1', '/p2', '/p3', '/p4', '/p5']
        .map((p, i) => ({ key: `fr ${p}`, page: pages[i]! }))
        .filter(({ key }) => lookupPage(key))
        .reduce((sum, { key, page }) => sum + page.bytes + 2 * key.length, 0),
    );
  });

  it('counts what it retains: every body in memory of its own exact size, and a fixed overhead per entry', async () => {
    const page = preparePage(200, [['content-type', 'text/plain']], Buffer.from('User-agent: *\nAllow: /\n'), [], 'br');
    pageBody(page, 'gzip');
    expect(Object.keys(page.bodies).sort()).toEqual(['br', 'gzip', 'identity']);
    for (const body of Object.values(page.bodies)) {
      expect(body.byteOffset).toBe(0);
      expect(body.buffer.byteLength).toBe(body.length);
    }
    const retained = Object.values(page.bodies).reduce((sum, body) => sum + body.buffer.byteLength, 0);
    expect(page.bytes).toBeGreaterThanOrEqual(retained + ENTRY_OVERHEAD_BYTES);
    // A slice of a larger allocation is copied out of it; a buffer of its own is kept as is.
    const big = Buffer.alloc(65_536);
    const slice = big.subarray(10, 20);
    expect(exactBytes(slice).buffer.byteLength).toBe(10);
    const own = Buffer.from(new ArrayBuffer(10));
    expect(exactBytes(own)).toBe(own);
  });

  it('never holds more than MAX_PAGE_ENTRIES entries, however small they are', async () => {
    const page = preparePage(200, [], Buffer.from('x'), []);
    for (let i = 0; i < MAX_PAGE_ENTRIES + 50; i++) storePage(`* /robots.txt?q=${i}`, page, cacheGeneration());
    const stats = pageCacheStats();
    // Here the 1 MB bound of this file comes first (each entry counts its overhead).
    expect(stats.entries).toBeLessThanOrEqual(Math.min(MAX_PAGE_ENTRIES, Math.floor(stats.maxBytes / ENTRY_OVERHEAD_BYTES)));
    expect(stats.entries).toBeGreaterThan(100);
    expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
    expect(lookupPage('* /robots.txt?q=0')).toBeUndefined();
    expect(lookupPage(`* /robots.txt?q=${MAX_PAGE_ENTRIES + 49}`)).toBe(page);
  });

  it('counts a body compressed after the page was stored, and makes room for it', async () => {
    const pages = [0, 1, 2].map((i) => preparePage(200, [], noise(150_000 + i), []));
    pages.forEach((page, i) => storePage(`fr /late${i}`, page, cacheGeneration()));
    const before = pageCacheStats();
    const gzip = pageBody(pages[2]!, 'gzip'); // noise does not compress: ~150 KB more
    expect(pageCacheStats().bytes).toBe(before.bytes + gzip.buffer.byteLength);
    // Two more bodies take it past the 1 MB bound: the oldest page goes, never the one being served.
    pageBody(pages[1]!, 'gzip');
    pageBody(pages[1]!, 'br');
    pageBody(pages[2]!, 'br');
    const after = pageCacheStats();
    expect(after.bytes).toBeLessThanOrEqual(after.maxBytes);
    expect(after.evictions).toBeGreaterThan(before.evictions);
    expect(lookupPage('fr /late0')).toBeUndefined();
    expect(lookupPage('fr /late2')).toBe(pages[2]);
  });

  it('refuses a page larger than a quarter of the bound', async () => {
    const page = preparePage(200, [], noise(300_000), []);
    expect(storePage('fr /big', page, cacheGeneration())).toBe(false);
  });
});

describe('inline script hashes', () => {
  it('hashes each inline script exactly as written, and skips scripts with src', () => {
    const body = 'window.__ctx = {"a":"<\\u002fscript>"};';
    const html = `<head><script type="module" src="/assets/entry.js"></script></head><body><script>${body}</script><script nonce="">console.log(1)</script></body>`;
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha(body), sha('console.log(1)')]);
  });
});
