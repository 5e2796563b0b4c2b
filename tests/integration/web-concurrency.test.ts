// WEB_CONCURRENCY=2 (issue 15, item 7): two server processes on one port, the embedded
// PostgreSQL started once by the primary, each process's cache kept coherent by the
// same notifications as separate instances; a crashed server process is replaced.
// One database pass: it starts the embedded PostgreSQL of its own DATA_DIR (DATABASE_URL unset).
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../support/app-process';

const ADMIN = { email: 'cluster-admin@example.com', password: 'cluster-admin-password' };
let app: AppProcess;

/** The primary's children: server processes and the embedded PostgreSQL. */
function children(): { pid: number; args: string }[] {
  let out = '';
  try {
    out = execFileSync('ps', ['--ppid', String(app.pid()), '-o', 'pid=,args='], { encoding: 'utf8' });
  } catch {
    return []; // none
  }
  return out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [, pid, args] = /^\s*(\d+)\s+(.*)$/.exec(line)!;
      return { pid: Number(pid), args: args! };
    });
}
const servers = () => children().filter((c) => c.args.includes('server/start.mjs'));

/** One request on a new connection, so that the kernel may hand it to either server process. */
function get(path: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(`${app.url}${path}`, { agent: false, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  // The embedded PostgreSQL (no DATABASE_URL), started by the primary alone.
  app = await startAppProcess({ DATABASE_URL: '', WEB_CONCURRENCY: '2', SEED_DEMO: 'true', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
}, 300_000);

afterAll(async () => {
  await app?.stop();
});

describe('WEB_CONCURRENCY=2', () => {
  it('runs two server processes beside one embedded PostgreSQL', () => {
    expect(servers()).toHaveLength(2);
    expect(children().filter((c) => /\bpostgres\b/.test(c.args) && !c.args.includes('start.mjs'))).toHaveLength(1);
  });

  it('shows an admin edit to every following anonymous request, whichever process answers', async () => {
    for (let i = 0; i < 8; i++) await get('/');
    const signIn = await fetch(`${app.url}/auth`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'signin', ...ADMIN }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const city = `Mouans-${Date.now()}`;
    const saved = await fetch(`${app.url}/admin/config`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'add-distance', city, durationMinutes: '12' }),
    });
    await saved.arrayBuffer();
    expect(saved.status).toBe(200);
    for (let i = 0; i < 8; i++) expect(await get('/')).toContain(city);
  });

  it('replaces a server process that dies', async () => {
    const [victim] = servers();
    process.kill(victim!.pid, 'SIGKILL');
    const replaced = /\[cluster\] server process \d+ exited \(SIGKILL\): starting another/;
    // The replacement can be in the process table before the primary's line about it has
    // come through the pipe (seen under load): wait for both.
    for (let attempt = 0; attempt < 100; attempt++) {
      const now = servers();
      if (now.length === 2 && !now.some((s) => s.pid === victim!.pid) && replaced.test(app.output())) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(servers().map((s) => s.pid)).not.toContain(victim!.pid);
    expect(servers()).toHaveLength(2);
    expect(app.output()).toMatch(replaced);
    for (let i = 0; i < 4; i++) expect(await get('/')).toContain('</html>');
  });

  it('stops everything on SIGTERM, the embedded PostgreSQL included', async () => {
    const started = children().map((c) => c.pid);
    await app.stop();
    const alive = () =>
      started.filter((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
    // Orphans are reaped by init a moment after the primary exits.
    for (let attempt = 0; attempt < 50 && alive().length; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive()).toEqual([]);
  });
});
