// Issue 11, item 10: `npm start` (server/start.mjs) made to fail, as a child process. It
// must say why, stop the embedded PostgreSQL it started, and exit non-zero so that the
// supervisor (deploy/guesthouse.service: Restart=on-failure) starts it again.
// One database pass: it starts the embedded PostgreSQL of its own DATA_DIR (DATABASE_URL unset).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/app-process';

const cleanups: Array<() => void> = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));

function runStart(env: NodeJS.ProcessEnv, onOutput?: (output: string) => void) {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    BUILD_DIR: process.env.BUILD_DIR ?? 'build',
    SEED_DEMO: 'false',
    ...env,
  };
  for (const name of ['VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID']) delete childEnv[name];
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  const child = spawn(process.execPath, ['server/start.mjs'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => child.kill('SIGKILL'));
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
    onOutput?.(output);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exited, output: () => output };
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start on a fatal error', () => {
  it('explains a start failure (port taken), stops its embedded PostgreSQL and exits non-zero', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, resolve));
    cleanups.push(() => blocker.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-fatal-'));
    let postmasterPid: number | undefined;
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const run = runStart({ PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, DATABASE_URL: undefined }, () => {
      // Remember the postmaster while it runs, to check it did not outlive the app.
      if (postmasterPid === undefined && fs.existsSync(pidFile)) {
        const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
        if (pid > 0) postmasterPid = pid;
      }
    });
    const code = await run.exited;
    if (postmasterPid === undefined && fs.existsSync(pidFile)) postmasterPid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    cleanups.push(() => {
      if (postmasterPid && isAlive(postmasterPid)) process.kill(postmasterPid, 'SIGKILL');
    });

    expect(code).not.toBe(0);
    expect(run.output()).toMatch(/\[fatal\] .* The site could not start:\n.*EADDRINUSE/);
    expect(postmasterPid, 'the embedded PostgreSQL was started').toBeGreaterThan(0);
    expect(isAlive(postmasterPid!), 'the postmaster outlived the app').toBe(false);
    expect(fs.existsSync(pidFile)).toBe(false);
  }, 180_000);

  it.each([
    ['uncaught exception', 'setTimeout(() => { throw new Error("boom from a timer") })', 'boom from a timer'],
    ['unhandled promise rejection', 'Promise.reject(new Error("rejected and forgotten"))', 'rejected and forgotten'],
  ])(
    'logs an %s with its stack after the site started, and exits non-zero',
    async (kind, crash, message) => {
      const port = await freePort();
      const trigger = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-crash-')), 'now');
      // A preloaded module, outside the app, crashes the process once the test says so.
      const preload = `import fs from "node:fs"; const t = setInterval(() => { if (fs.existsSync(${JSON.stringify(trigger)})) { clearInterval(t); ${crash}; } }, 50);`;
      const run = runStart({
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-crash-data-')),
        NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(preload)}`,
      });
      const deadline = Date.now() + 120_000;
      while (!run.output().includes('Guesthouse site ready')) {
        if (Date.now() > deadline) throw new Error(`the app did not start:\n${run.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      fs.writeFileSync(trigger, '');
      const code = await run.exited;
      expect(code).toBe(1);
      expect(run.output()).toContain(`[fatal] `);
      expect(run.output()).toMatch(new RegExp(`${kind}:\\nError: ${message}\\n\\s+at `));
    },
    180_000,
  );
});
