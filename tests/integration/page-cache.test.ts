// The anonymous page cache over real HTTP, against the production build (issue 15,
// items 3, 6 and "Done when"): an admin edit is visible on the very next anonymous
// request in every active language, on this instance and on another one sharing the
// database; a signed-in admin never gets a cached page; a lost notification connection
// empties the cache when it comes back.
import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOverHttp, startAppProcess, type AppProcess } from '../support/app-process';

const ADMIN = { email: 'cache-admin@example.com', password: 'cache-admin-password' };
const LANGUAGES = ['fr', 'en', 'es', 'de'];
let a: AppProcess;
let b: AppProcess;
let adminCookie = '';

const signIn = (target: AppProcess) => signInOverHttp(target, ADMIN);

async function visit(target: AppProcess, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${target.url}${path}`, { headers: { 'accept-encoding': 'br, gzip', ...headers } });
  return { response, html: await response.text(), cache: response.headers.get('x-page-cache') };
}

/** Visits until the page comes from the cache (a fill may be skipped when a flush crosses it). */
async function warm(target: AppProcess, path: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { cache } = await visit(target, path, headers);
    if (cache === 'hit') return;
  }
  throw new Error(`${path} never came from the cache`);
}

async function stats(target: AppProcess) {
  const body = (await (await fetch(`${target.url}/healthz`)).json()) as {
    pageCache: { entries: number; listener: { connected: boolean; connects: number } };
  };
  return body.pageCache;
}

async function addDistance(target: AppProcess, city: string) {
  const response = await fetch(`${target.url}/admin/config`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: adminCookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'add-distance', city, durationMinutes: '17' }),
  });
  await response.arrayBuffer();
  expect(response.status).toBeLessThan(400);
}

beforeAll(async () => {
  a = await startAppProcess({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'true' });
  adminCookie = await signIn(a);
  expect(adminCookie).toContain('session_token');
  // A second instance on the same database (the test file's DATABASE_URL), content already seeded.
  b = await startAppProcess({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
}, 300_000);

afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill()]);
});

describe('page cache', () => {
  it('serves a visitor the page of their own resolved language, from memory the second time', async () => {
    for (const language of LANGUAGES) {
      await warm(a, '/', { 'accept-language': language });
      const viaHeader = await visit(a, '/', { 'accept-language': language });
      expect(viaHeader.cache).toBe('hit');
      expect(viaHeader.html).toContain(`<html lang="${language}"`);
      expect(viaHeader.response.headers.get('vary')).toMatch(/accept-language/i);
      expect(viaHeader.response.headers.get('vary')).toMatch(/cookie/i);
      // The stored choice wins over the browser's languages, as without the cache.
      const other = LANGUAGES.find((l) => l !== language)!;
      await warm(a, '/', { 'accept-language': other, cookie: `selectedLanguage=${language}` });
      const viaCookie = await visit(a, '/', { 'accept-language': other, cookie: `selectedLanguage=${language}` });
      expect(viaCookie.html).toContain(`<html lang="${language}"`);
    }
    // ?lang= sets the choice: the same cookie for everyone asking that URL, still private to browsers.
    await warm(a, '/?lang=de');
    const chosen = await visit(a, '/?lang=de', { 'accept-language': 'fr' });
    expect(chosen.html).toContain('<html lang="de"');
    expect(chosen.response.headers.getSetCookie().join()).toContain('selectedLanguage=de');
    expect(chosen.response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('allows a cached page’s inline scripts by their sha256 hashes, never by unsafe-inline', async () => {
    await warm(a, '/livre-dor');
    const { response, html } = await visit(a, '/livre-dor');
    const csp = response.headers.get('content-security-policy')!;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('nonce-');
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1]!));
    expect(inline.length).toBeGreaterThan(0);
    const { createHash } = await import('node:crypto');
    for (const [, , body] of inline) expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
    expect(html).not.toMatch(/nonce="[^"]+"/);
  });

  it('does not flush on a sign-in or a contact message (their tables are not public)', async () => {
    await warm(a, '/mentions-legales');
    await signIn(a);
    const contact = await fetch(`${a.url}/?index`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'contact', name: 'Anne', email: 'anne@example.com', message: 'Bonjour, une chambre pour deux ?' }),
    });
    await contact.arrayBuffer();
    expect(contact.status).toBe(200);
    expect((await visit(a, '/mentions-legales')).cache).toBe('hit');
  });

  it('shows an admin edit on the very next anonymous request, in every active language, on both instances', async () => {
    for (const language of LANGUAGES) {
      await warm(a, '/', { 'accept-language': language });
      await warm(b, '/', { 'accept-language': language });
    }
    const city = `Cabris-${Date.now()}`;
    await addDistance(a, city);
    for (const language of LANGUAGES) {
      const onA = await visit(a, '/', { 'accept-language': language });
      expect(onA.html).toContain(city);
      expect(onA.cache).toBe('miss');
      const onB = await visit(b, '/', { 'accept-language': language });
      expect(onB.html).toContain(city);
    }
  });

  it('never gives a signed-in admin a cached page', async () => {
    await warm(a, '/');
    for (let i = 0; i < 2; i++) {
      const { response, html } = await visit(a, '/', { cookie: adminCookie });
      expect(response.headers.get('x-page-cache')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(html).toMatch(/href="\/admin"/);
      // Uncached pages keep their per-response nonce.
      expect(response.headers.get('content-security-policy')).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
    }
    // …and what the admin got is not served to visitors either.
    expect((await visit(a, '/')).html).not.toMatch(/href="\/admin"/);
  });

  it('empties the cache when the notification connection is lost and re-established', async () => {
    await warm(b, '/');
    const before = await stats(b);
    expect(before.listener.connected).toBe(true);
    expect(before.entries).toBeGreaterThan(0);
    const city = `Opio-${Date.now()}`;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query('select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1', [
        `guesthouse-listener-${b.pid()}`,
      ]);
      expect(rows).toEqual([{ done: true }]);
      // Written while B is (most likely) not listening: its notification is lost for B.
      await client.query('insert into distances (city, duration_minutes) values ($1, 23)', [city]);
    } finally {
      await client.end();
    }
    let after = await stats(b);
    for (let attempt = 0; attempt < 100 && !(after.listener.connected && after.listener.connects > before.listener.connects); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await stats(b);
    }
    expect(after.listener).toEqual({ connected: true, connects: before.listener.connects + 1 });
    expect(after.entries).toBe(0);
    const page = await visit(b, '/');
    expect(page.cache).toBe('miss');
    expect(page.html).toContain(city);
  });
});

describe('what is kept', () => {
  it('never keeps a response that sets a cookie not declared shared, a non-200, nor one the route marks private or no-store', async () => {
    const { setCacheCoherent } = await import('~/.server/public-content/invalidation');
    const { pageCacheFill } = await import('~/page-delivery/page-cache-http.server');
    const { adoptRouteDeclarations } = await import('~/page-delivery/delivery-policy.server');
    const { contentSecurityPolicy, ownHeaderWins, securityHeaderEntries } = await import('../../server/security');
    // Every path below is a public document, as far as the routes declare.
    adoptRouteDeclarations({ root: { id: 'root', path: '*', module: { handle: { delivery: { kind: 'document' } } } } });
    setCacheCoherent(true);
    let renders = 0;
    const app = new Hono<{ Variables: { cspNonce: string } }>();
    app.use(
      '*',
      pageCacheFill({
        publicUrl: 'http://localhost:3000',
        trustProxy: false,
        https: false,
        security: { headers: securityHeaderEntries({ https: false }), policy: (hashes) => contentSecurityPolicy({ hashes }), ownHeaderWins },
        routesReady: async () => {},
      }),
    );
    app.get('/with-cookie', (c) => {
      renders += 1;
      c.header('Set-Cookie', 'other=1; Path=/');
      return c.html('<html><script>1</script></html>');
    });
    app.get('/missing', (c) => {
      renders += 1;
      return c.html('<html>missing</html>', 404);
    });
    app.get('/private', (c) => {
      renders += 1;
      c.header('Cache-Control', 'private, max-age=60');
      return c.html('<html>private</html>');
    });
    app.get('/no-store', (c) => {
      renders += 1;
      c.header('Cache-Control', 'no-store');
      return c.html('<html>no-store</html>');
    });
    app.get('/plain', (c) => {
      renders += 1;
      return c.html('<html><script>2</script></html>');
    });
    const get = (path: string) => app.request(`http://localhost:3000${path}`);
    for (const path of ['/with-cookie', '/missing', '/private', '/no-store', '/plain']) {
      renders = 0;
      const first = await get(path);
      const second = await get(path);
      if (path === '/plain') {
        expect([first.headers.get('x-page-cache'), second.headers.get('x-page-cache')]).toEqual(['miss', 'hit']);
        expect(renders).toBe(1);
      } else {
        expect(second.headers.get('x-page-cache')).toBe('bypass');
        expect(renders).toBe(2);
      }
    }
  });
});
