import { beforeEach, describe, expect, it } from 'vitest';

// Read by config() on first use: a 1 MB bound, so that a few pages fill it.
process.env.PAGE_CACHE_MAX_MB = '1';
process.env.PAGE_CACHE = 'on';

const { cachePublicData, invalidatePublicContent, peekPublicData, setCacheCoherent } = await import('./invalidation');

beforeEach(() => {
  setCacheCoherent(false);
  setCacheCoherent(true);
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

  it("runs a lazy query once: a thenable that reads again on every await (Drizzle's builders) is adopted", async () => {
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
