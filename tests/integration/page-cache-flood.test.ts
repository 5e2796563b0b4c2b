// The page cache on the open internet (issues 31 and 51, "Done when"): the production
// build, with the server's one memory profile (server/memory-profile.mjs), flooded with 50,000 GETs as crawlers, link
// trackers and hostile clients send them — query strings all new and junk `lang` values
// over /robots.txt, /, a room page and /livre-dor, and among them other spellings of those
// paths (`/livre-dor/`, `//livre-dor`, `/LIVRE-DOR`, `/livre%2Ddor`) and junk Hosts.
// Parameters no page reads, and a `lang` that chooses no language, create no entry and
// cost no render (every answer is a hit); another spelling of a path is a redirect to it;
// another Host is answered without the cache. No junk makes an entry, so the real pages
// stay hits; the process stays within its idle RSS plus PAGE_CACHE_MAX_MB plus a margin,
// and /healthz keeps answering throughout.
//
// Also over real HTTP: a calendar or quote variant of a room page is never kept (so it
// never evicts `/`); media and feed paths are never cached whatever their case or
// encoding; a malformed forwarded host is a 400 and a bad Range never a 5xx, without a
// stack trace in the log.
// One database pass: its subject is the memory of the page cache.
import { spawn } from 'node:child_process';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryProfileEnv } from '../../server/memory-profile.mjs';
import { startAppProcess, type AppProcess } from '../support/app-process';

const FLOOD_REQUESTS = 50_000;
const CONCURRENCY = 8;
const CACHE_MB = 32;
/** Beyond idle + PAGE_CACHE_MAX_MB: young-generation garbage of 50,000 requests, sockets, allocator slack. */
const RSS_MARGIN_MB = 64;

/** Asks /healthz every 100 ms until killed; prints "milliseconds rss" per answer. */
const HEALTH_PROBE = `
const url = process.argv[1];
let stop = false;
process.on('SIGTERM', () => { stop = true; });
(async () => {
  while (!stop) {
    const started = performance.now();
    try {
      const body = await (await fetch(url)).json();
      process.stdout.write((performance.now() - started).toFixed(1) + ' ' + body.rss + '\\n');
    } catch { process.stdout.write('-1 0\\n'); }
    await new Promise((r) => setTimeout(r, 100));
  }
  process.exit(0);
})();`;

let app: AppProcess;
let roomPath = '';
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET as a browser of the site sends it: Host is the public one (PUBLIC_URL) unless the test says otherwise. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const head = { host: `localhost:${app.port}`, 'accept-encoding': 'br, gzip', ...headers };
    const request = http.get({ host: '127.0.0.1', port: app.port, path, agent, headers: head }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('latin1') }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

interface Health {
  rss: number;
  pageCache: { entries: number; bytes: number; maxBytes: number; misses: number; hits: number };
}

async function health(): Promise<{ body: Health; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${app.url}/healthz`);
  const body = (await response.json()) as Health;
  return { body, ms: performance.now() - started };
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** Asks until the page comes from the cache (a fill may be skipped when a flush crosses it). */
async function warm(path: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    if ((await get(path)).headers['x-page-cache'] === 'hit') return;
  }
  throw new Error(`${path} never came from the cache`);
}

beforeAll(async () => {
  // TRUST_PROXY as behind nginx (deploy/): forwarded headers are read, and must be checked.
  app = await startAppProcess({ SEED_DEMO: 'true', PAGE_CACHE_MAX_MB: String(CACHE_MB), TRUST_PROXY: 'true', ...memoryProfileEnv() });
  const home = await get('/', { 'accept-encoding': 'identity' });
  roomPath = /href="(\/room\/[0-9a-f-]{36})"/.exec(home.body)?.[1] ?? '';
  expect(roomPath).not.toBe('');
}, 300_000);

afterAll(async () => {
  agent.destroy();
  await app?.kill();
});

/** Other spellings of a page's path, each redirected to the path itself. */
const spellings = (path: string) => [
  `${path}/`,
  `/${path}`,
  path.toUpperCase(),
  path.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`),
  `${path}//`,
];
const junk = () => Math.random().toString(36).slice(2);

describe('a flood of junk: query strings, languages, path spellings and Hosts', () => {
  it('creates no entry, renders no real page again, stays within the memory bound, and keeps /healthz answering', async () => {
    const paths = ['/robots.txt', '/', roomPath, '/livre-dor'];
    for (const path of paths) await warm(path);
    const idle = (await health()).body;
    const entriesBefore = idle.pageCache.entries;
    const missesBefore = idle.pageCache.misses;

    let sent = 0;
    const counts = { hits: 0, notHit: 0, redirects: 0, badRedirects: 0, otherHosts: 0, otherHostsKept: 0, failed: 0 };
    // /healthz is probed from a process of its own: this one's event loop is busy sending the flood.
    const probe = spawn(process.execPath, ['-e', HEALTH_PROBE, `${app.url}/healthz`], { stdio: ['ignore', 'pipe', 'inherit'] });
    let probeOutput = '';
    probe.stdout!.on('data', (chunk) => (probeOutput += chunk));
    const probed = new Promise((resolve) => probe.once('exit', resolve));
    const started = performance.now();
    const trackers = ['utm_source=news&utm_medium=mail', 'fbclid', 'gclid', 'q', 'ref', 'x', 'lang', 'lang'];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (sent < FLOOD_REQUESTS) {
          const n = sent++;
          const page = paths[n % paths.length]!;
          if (n % 50 === 3 && page !== '/') {
            // Another spelling of a real path: a redirect to it, on this origin.
            const spelled = spellings(page);
            const answer = await get(`${spelled[n % spelled.length]}?${junk()}=1`);
            const location = answer.headers.location ?? '';
            if (answer.status === 301) counts.redirects += 1;
            else counts.failed += 1;
            if (!location.startsWith(`http://localhost:${app.port}${page}?`)) counts.badRedirects += 1;
          } else if (n % 250 === 1) {
            // A Host nobody links to: rendered, never kept.
            const answer = await get(`${page}?${junk()}=1`, { host: `${junk()}.example` });
            if (answer.status !== 200) counts.failed += 1;
            else counts.otherHosts += 1;
            if (answer.headers['x-page-cache'] !== undefined) counts.otherHostsKept += 1;
          } else {
            const answer = await get(`${page}?${trackers[n % trackers.length]}=${n.toString(36)}-${junk()}`);
            if (answer.status !== 200) counts.failed += 1;
            else if (answer.headers['x-page-cache'] !== 'hit') counts.notHit += 1;
            else counts.hits += 1;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    probe.kill('SIGTERM');
    await probed;
    const samples = probeOutput
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ').map(Number) as [number, number]);
    const healthTimes = samples.map(([ms]) => ms);
    const after = (await health()).body;
    const peakRss = Math.max(idle.rss, after.rss, ...samples.map(([, rss]) => rss));
    const slowestHealth = Math.max(...healthTimes);
    console.log(
      `[flood] ${FLOOD_REQUESTS} requests in ${seconds.toFixed(1)} s (${Math.round(FLOOD_REQUESTS / seconds)}/s from one test process): ` +
        `${counts.hits} hits, ${counts.redirects} redirects, ${counts.otherHosts} other Hosts; ` +
        `RSS idle ${mb(idle.rss).toFixed(0)} MB, peak ${mb(peakRss).toFixed(0)} MB, after ${mb(after.rss).toFixed(0)} MB; ` +
        `/healthz slowest ${slowestHealth.toFixed(0)} ms over ${healthTimes.length} probes; entries ${entriesBefore} → ${after.pageCache.entries}`,
    );

    expect(counts.failed).toBe(0);
    // Every junk query and junk language answered from the entry of its page: no render, no entry.
    expect(counts.notHit).toBe(0);
    expect(counts.redirects).toBeGreaterThan(0);
    expect(counts.badRedirects).toBe(0);
    expect(counts.otherHosts).toBeGreaterThan(0);
    expect(counts.otherHostsKept).toBe(0);
    expect(after.pageCache.entries).toBe(entriesBefore);
    expect(after.pageCache.misses).toBe(missesBefore);
    // The real pages are still there.
    for (const path of paths) expect((await get(path)).headers['x-page-cache'], path).toBe('hit');
    expect(mb(peakRss)).toBeLessThanOrEqual(mb(idle.rss) + CACHE_MB + RSS_MARGIN_MB);
    // /healthz kept answering; its latency on a shared machine is recorded (bench/RESULTS.md), not asserted.
    expect(healthTimes.length).toBeGreaterThan(0);
    expect(healthTimes.every((ms) => ms >= 0)).toBe(true);
  }, 240_000);

  it('never redirects anywhere but this origin, and keeps media, feeds and payment links as they are spelled', async () => {
    for (const path of ['//evil.example', '//evil.example/livre-dor', '///evil.example', '/\\evil.example', '//evil.example/%2e%2e/livre-dor']) {
      const answer = await get(path);
      if (answer.status === 301) expect(new URL(answer.headers.location!).origin, path).toBe(`http://localhost:${app.port}`);
      else expect(answer.status, path).toBeGreaterThanOrEqual(400);
    }
    for (const path of ['/media/Nothing.JPG', `/ical/${'A'.repeat(43)}.ics`, `/pay/${'A'.repeat(43)}`]) {
      expect((await get(path)).status, path).not.toBe(301);
    }
  });
});

describe('a full cache', () => {
  it('holds to its bound when filled with distinct pages, and keeps nothing after a flush', async () => {
    // Distinct real pages: rooms of their own, each in every language (another Host no longer makes an entry).
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(
      'insert into rooms (position, price_per_night_cents, max_guests) select 100 + n, (80 + n) * 100, 2 from generate_series(1, 100) as n returning id',
    );
    const before = (await health()).body;
    for (const { id } of rows) for (const language of ['fr', 'en', 'es', 'de']) await get(`/room/${id}`, { 'accept-language': language });
    const full = (await health()).body;
    // Filled past its bound (400 pages of ~90 KB): the oldest went, the bound held.
    expect(full.pageCache.bytes).toBeLessThanOrEqual(full.pageCache.maxBytes);
    expect(full.pageCache.bytes).toBeGreaterThan(full.pageCache.maxBytes * 0.8);
    expect(full.pageCache.entries).toBeGreaterThan(before.pageCache.entries + 100);
    await client.query("select pg_notify('guesthouse_public_content', 'test')");
    await client.end();
    let flushed = full;
    for (let i = 0; i < 50 && flushed.pageCache.entries > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      flushed = (await health()).body;
    }
    expect(flushed.pageCache).toMatchObject({ entries: 0, bytes: 0 });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const later = (await health()).body;
    console.log(
      `[full cache] ${full.pageCache.entries} entries, ${mb(full.pageCache.bytes).toFixed(1)} MB counted; RSS before filling ${mb(before.rss).toFixed(0)} MB, full ${mb(full.rss).toFixed(0)} MB, 3 s after the flush ${mb(later.rss).toFixed(0)} MB`,
    );
    expect(mb(full.rss)).toBeLessThanOrEqual(mb(before.rss) + CACHE_MB + RSS_MARGIN_MB);
  }, 120_000);
});

describe('variants and paths that are not pages', () => {
  it('never keeps a room page with calendar or quote parameters, so they never evict `/`', async () => {
    await warm('/');
    const before = (await health()).body.pageCache.entries;
    for (let month = 0; month < 30; month++) {
      const when = new Date(Date.UTC(2027, month, 1)).toISOString().slice(0, 7);
      const answer = await get(`${roomPath}?month=${when}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['x-page-cache']).not.toBe('hit');
      const quote = await get(`${roomPath}?arrival=${when}-10&departure=${when}-12&guests=2`);
      expect(quote.status).toBe(200);
      expect(quote.headers['x-page-cache']).not.toBe('hit');
    }
    expect((await health()).body.pageCache.entries).toBe(before);
    expect((await get('/')).headers['x-page-cache']).toBe('hit');
  }, 120_000);

  it('never caches media or feeds, whatever the case or encoding of their path, and keeps their own Vary', async () => {
    const before = (await health()).body.pageCache.entries;
    for (const path of ['/media/nothing.jpg', '/MEDIA/nothing.jpg', '/%6dedia/nothing.jpg', '/ICAL/nothing.ics', '/%69cal/nothing.ics']) {
      for (let i = 0; i < 2; i++) {
        const answer = await get(path);
        expect(answer.status, path).toBeLessThan(500);
        expect(answer.headers['x-page-cache'], path).toBeUndefined();
      }
    }
    expect((await health()).body.pageCache.entries).toBe(before);
  });

  it('keeps a resource route’s own Cache-Control when it serves it from memory', async () => {
    await warm('/robots.txt');
    const robots = await get('/robots.txt?utm_source=x');
    expect(robots.headers['x-page-cache']).toBe('hit');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect(robots.headers.vary).toBe('Accept-Encoding');
  });
});

describe('small failures stay small', () => {
  it('answers a malformed forwarded host with a 400 and a bad or unsatisfiable Range with a 200 or 416, never a stack trace', async () => {
    const logBefore = app.output().length;
    for (const host of ['a@evil', 'user:pw@example.com', 'a b', 'example.com/x', '[zz]']) {
      for (const path of ['/', '/livre-dor?x=1', '/robots.txt']) {
        const answer = await get(path, { 'x-forwarded-host': host });
        expect(answer.status, `${host} ${path}`).toBe(400);
      }
    }
    const home = await get('/', { 'accept-encoding': 'identity' });
    const asset = /(\/assets\/[^"]+\.js)/.exec(home.body)?.[1];
    expect(asset).toBeDefined();
    for (const [range, status] of [
      ['bytes=abc', 200],
      ['bytes=-500', 200],
      ['bytes=999999-', 200],
      ['bytes=5-1', 200],
      ['bytes=0-1,4-5', 200],
      ['bytes=-0', 416],
      ['bytes=99999999999-', 416],
    ] as const) {
      for (const path of [asset!, '/favicon.svg']) {
        const answer = await get(path, { range });
        expect(answer.status, `${range} ${path}`).toBe(status);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const log = app.output().slice(logBefore);
    expect(log).not.toMatch(/\n\s+at /);
    expect(log).not.toMatch(/TypeError|RangeError|ERR_/);
  });
});
