import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ignoreRanges, rangeVerdict } from './range-policy';

describe('ranges of the built files', () => {
  it('ignores every range that could be satisfied or does not parse, and refuses one that never can be', () => {
    for (const range of ['bytes=0-10', 'bytes=5-', 'bytes=-500', 'bytes=abc', 'bytes=1-2,5-6', 'items=0-1', '', 'bytes=10-5']) {
      expect(rangeVerdict(range), range).toBe('ignore');
    }
    for (const range of ['bytes=-0', 'bytes=99999999999-', 'bytes=67108864-67108900']) expect(rangeVerdict(range), range).toBe('unsatisfiable');
  });

  it('lets the file server see no Range header: a whole file (200), or a 416', async () => {
    const app = new Hono();
    app.use(
      '*',
      ignoreRanges((path) => path.startsWith('/assets/')),
    );
    app.get('*', (c) => c.text(`range: ${c.req.header('range') ?? 'none'}`));
    const get = (path: string, range: string) => app.request(`http://localhost${path}`, { headers: { range } });
    expect(await (await get('/assets/a.js', 'bytes=abc')).text()).toBe('range: none');
    expect(await (await get('/assets/a.js', 'bytes=0-1')).text()).toBe('range: none');
    expect((await get('/assets/a.js', 'bytes=999999999999-')).status).toBe(416);
    // Not a file: untouched.
    expect(await (await get('/page', 'bytes=0-1')).text()).toBe('range: bytes=0-1');
  });
});
