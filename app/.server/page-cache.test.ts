import { createHash, randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';

// Read by config() on first use: a 1 MB bound, so that a few pages fill it.
process.env.PAGE_CACHE_MAX_MB = '1';
process.env.PAGE_CACHE = 'on';

const {
  cacheGeneration,
  cachePublicData,
  inlineScriptHashes,
  invalidatePublicContent,
  lookupPage,
  pageCacheStats,
  peekPublicData,
  preparePage,
  setCacheCoherent,
  storePage,
} = await import('./page-cache');

/** A body that does not compress, so that its compressed forms weigh as much as it does. */
const noise = (bytes: number) => randomBytes(bytes);

beforeEach(() => {
  setCacheCoherent(false);
  setCacheCoherent(true);
});

describe('the page store', () => {
  it('keeps a page with its brotli and gzip forms and serves it until an invalidation', async () => {
    const html = Buffer.from(`<!DOCTYPE html><html><body>${'bonjour '.repeat(500)}</body></html>`);
    const page = await preparePage(200, [['content-type', 'text/html']], html, []);
    expect(zlib.brotliDecompressSync(page.bodies.br).equals(html)).toBe(true);
    expect(zlib.gunzipSync(page.bodies.gzip).equals(html)).toBe(true);
    expect(storePage('fr /', page, cacheGeneration())).toBe(true);
    expect(lookupPage('fr /')).toBe(page);
    expect(lookupPage('en /')).toBeUndefined();
    invalidatePublicContent();
    expect(lookupPage('fr /')).toBeUndefined();
    expect(pageCacheStats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('does not keep a page rendered before an invalidation', async () => {
    const startedAt = cacheGeneration();
    const page = await preparePage(200, [], Buffer.from('old'), []);
    invalidatePublicContent(); // a write committed while the page was rendering
    expect(storePage('fr /', page, startedAt)).toBe(false);
    expect(lookupPage('fr /')).toBeUndefined();
  });

  it('keeps nothing while invalidation is not guaranteed (listener down), and starts empty when it is back', async () => {
    const page = await preparePage(200, [], Buffer.from('page'), []);
    storePage('fr /', page, cacheGeneration());
    setCacheCoherent(false);
    expect(lookupPage('fr /')).toBeUndefined();
    expect(storePage('fr /', page, cacheGeneration())).toBe(false);
    setCacheCoherent(true);
    expect(lookupPage('fr /')).toBeUndefined();
  });

  it('stays within its byte bound by evicting the least recently used pages', async () => {
    const bound = pageCacheStats().maxBytes;
    const pages = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => preparePage(200, [], noise(60_000 + i), [])));
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
        .reduce((sum, { key, page }) => sum + page.bytes + key.length, 0),
    );
  });

  it('refuses a page larger than a quarter of the bound', async () => {
    const page = await preparePage(200, [], noise(300_000), []);
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

describe('public data in memory', () => {
  it('reads once until an invalidation, and not at all from memory while incoherent', async () => {
    let reads = 0;
    const read = async () => ++reads;
    expect(await cachePublicData('k', read)).toBe(1);
    expect(await cachePublicData('k', read)).toBe(1);
    expect(peekPublicData('k')).toBe(1);
    invalidatePublicContent();
    expect(peekPublicData('k')).toBeUndefined();
    expect(await cachePublicData('k', read)).toBe(2);
    setCacheCoherent(false);
    expect(await cachePublicData('k', read)).toBe(3);
    expect(await cachePublicData('k', read)).toBe(4);
  });

  it('runs a lazy query once: a thenable that reads again on every await (Drizzle\'s builders) is adopted', async () => {
    let runs = 0;
    const lazyQuery = () => ({
      then<T>(resolve: (value: number) => T, reject?: (reason: unknown) => T) {
        return Promise.resolve(++runs).then(resolve, reject);
      },
    });
    expect(await cachePublicData('lazy', lazyQuery as never)).toBe(1);
    expect(await cachePublicData('lazy', lazyQuery as never)).toBe(1);
    expect(await cachePublicData('lazy', lazyQuery as never)).toBe(1);
    expect(runs).toBe(1);
  });

  it('does not keep a failed read', async () => {
    await expect(cachePublicData('fails', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cachePublicData('fails', async () => 'ok')).toBe('ok');
  });
});
