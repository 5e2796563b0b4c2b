// Issue 11, items 4 and 5, over real HTTP against the production build: the app as a
// TLS-terminating proxy presents it (PUBLIC_URL=https://…), with and without
// TRUST_PROXY; and better-auth's own endpoints are not reachable at all.
// One database pass: its subject is the HTTP layer behind a proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../support/app-process';

const ADMIN = { email: 'proxy-admin@example.com', password: 'proxy-admin-password' };

/** A sign-in post addressed to `host` (the name the proxy passes on in Host). */
function signIn(app: AppProcess, headers: Record<string, string>, path = '/auth', host = '127.0.0.1') {
  return fetch(`http://${host}:${app.port}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ intent: 'signin', ...ADMIN }),
  });
}

describe('behind a TLS proxy, without TRUST_PROXY (PUBLIC_URL gives the origin)', () => {
  let app: AppProcess;
  beforeAll(async () => {
    app = await startAppProcess({ PUBLIC_URL: 'https://localhost', TRUST_PROXY: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  }, 300_000);
  afterAll(() => app?.kill());

  it('accepts a form post from the public https origin, as a page and as a .data request', async () => {
    const page = await signIn(app, { origin: 'https://localhost' }, '/auth', 'localhost');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/admin/today');
    expect(page.headers.getSetCookie().join('\n')).toMatch(/__Secure-better-auth\.session_token=.*Secure/);

    const data = await signIn(app, { origin: 'https://localhost' }, '/auth.data', 'localhost');
    expect(data.status).toBe(202); // single fetch answers redirects with 202 + a redirect payload
    expect(await data.text()).toContain('/admin/today');
  });

  it('still refuses a foreign origin, and forwarded headers it was not told to trust', async () => {
    expect((await signIn(app, { origin: 'https://evil.example' }, '/auth', 'localhost')).status).toBe(403);
    const forged = await signIn(
      app,
      { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      '/auth',
      'localhost',
    );
    expect(forged.status).toBe(403);
  });
});

describe('behind a TLS proxy with TRUST_PROXY=true (forwarded scheme and host)', () => {
  let app: AppProcess;
  beforeAll(async () => {
    app = await startAppProcess({ PUBLIC_URL: 'https://mas.example', TRUST_PROXY: 'true', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  }, 300_000);
  afterAll(() => app?.kill());

  const viaProxy = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'mas.example', 'x-forwarded-for': '203.0.113.5' };

  it('accepts a form post the proxy forwarded from the public origin', async () => {
    const response = await signIn(app, { ...viaProxy, origin: 'https://mas.example' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/admin/today');
  });

  it('refuses a foreign origin', async () => {
    expect((await signIn(app, { ...viaProxy, origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe("better-auth's HTTP endpoints", () => {
  let app: AppProcess;
  beforeAll(async () => {
    app = await startAppProcess({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  }, 300_000);
  afterAll(() => app?.kill());

  it('are not exposed: sign-in, sign-up, sign-out, session and admin calls all answer 404 or refuse', async () => {
    const json = { 'content-type': 'application/json', origin: app.url };
    const body = JSON.stringify({ email: ADMIN.email, password: ADMIN.password, name: 'x' });
    for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/sign-out', '/api/auth/admin/set-role']) {
      const response = await fetch(`${app.url}${path}`, { method: 'POST', headers: json, body, redirect: 'manual' });
      // 400: the form guard refuses a JSON body before any route; 404/405 if it got further.
      expect([400, 404, 405], path).toContain(response.status);
      expect(response.headers.getSetCookie().join('')).not.toContain('session_token');
    }
    for (const path of ['/api/auth/get-session', '/api/auth/ok', '/api/auth/admin/list-users']) {
      const response = await fetch(`${app.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(404);
    }
    const form = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect([404, 405]).toContain(form.status);
    expect(form.headers.getSetCookie().join('')).not.toContain('session_token');
  });
});
