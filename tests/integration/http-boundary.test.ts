// The HTTP boundary of the production build, over real HTTP (issues 11, 18, 19): what
// every response says about caching, methods, timeouts, redirects, logs and cookies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startAppProcess, type AppProcess } from '../support/app-process';

const ADMIN = { email: 'boundary-admin@example.com', password: 'boundary-password' };
let app: AppProcess;
let adminCookie = '';

async function signIn(target: AppProcess) {
  const response = await fetch(`${target.url}/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'signin', ...ADMIN }),
  });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c.includes('better-auth'))
    .join('; ');
}

beforeAll(async () => {
  app = await startAppProcess({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'true' });
  adminCookie = await signIn(app);
  expect(adminCookie).toContain('session_token');
}, 300_000);

afterAll(async () => {
  await app?.kill();
});

describe('caching of personal responses (issue 11, item 9)', () => {
  it.each(['/admin', '/admin/users', '/admin/messages', '/admin/users.data', '/admin/messages.data', '/', '/livre-dor.data', '/admin/config'])(
    '%s signed in → private, no-store',
    async (path) => {
      const response = await fetch(`${app.url}${path}`, { headers: { cookie: adminCookie }, redirect: 'manual' });
      await response.arrayBuffer();
      expect(response.status).toBeLessThan(400);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    },
  );

  it('an anonymous visit to /admin is private too (it redirects by who asks)', async () => {
    const response = await fetch(`${app.url}/admin/users`, { redirect: 'manual' });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a response that sets a cookie is private', async () => {
    const response = await fetch(`${app.url}/?lang=en`);
    await response.arrayBuffer();
    expect(response.headers.getSetCookie().join()).toContain('selectedLanguage=en');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('built assets keep their public immutable caching', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    const response = await fetch(`${app.url}${asset}`, { headers: { cookie: adminCookie } });
    await response.arrayBuffer();
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('/healthz when the database is gone (issue 11, item 9)', () => {
  it('answers 503 without the database error, and logs it', async () => {
    const maintenance = new URL(process.env.DATABASE_URL!);
    const database = maintenance.pathname.slice(1);
    maintenance.pathname = '/postgres';
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      await client.query(`alter database "${database}" allow_connections false`);
      await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);
      let response: Response | undefined;
      for (let attempt = 0; attempt < 20; attempt++) {
        response = await fetch(`${app.url}/healthz`);
        if (response.status === 503) break;
        await response.arrayBuffer();
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(response!.status).toBe(503);
      expect(await response!.json()).toEqual({ status: 'unavailable' });
      expect(app.output()).toMatch(/\[health\] database unavailable: /);
    } finally {
      await client.query(`alter database "${database}" allow_connections true`);
      await client.end();
    }
    for (let attempt = 0; attempt < 40 && (await fetch(`${app.url}/healthz`)).status !== 200; attempt++) {
      await new Promise((r) => setTimeout(r, 250));
    }
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });
});
