// Runs the real app (`node server/start.mjs`, production build) as a child process on
// a free port, sharing the test file's database, for tests that need the whole HTTP
// stack (crash recovery, the bad-input suite).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port nothing listens on (yet): take it before starting anything else that listens. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface AppProcess {
  port: number;
  url: string;
  /** The server process's id (its PostgreSQL connections are named after it). */
  pid(): number | undefined;
  env: NodeJS.ProcessEnv;
  output: () => string;
  /** How the last run ended: its exit code, or null while it runs (or when a signal ended it). */
  exitCode(): number | null;
  /** Resolves when the current run ends by itself (a crash), with how it ended. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, as a crash would. */
  kill(): Promise<void>;
  /** SIGTERM, as a supervisor would: the app stops its embedded PostgreSQL too. */
  stop(): Promise<void>;
  /** Starts it again with the same settings (same DATA_DIR and database). */
  restart(): Promise<void>;
}

function exited(proc: ChildProcess) {
  return proc.exitCode !== null || proc.signalCode !== null;
}

function ended(proc: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (exited(proc)) return Promise.resolve({ code: proc.exitCode, signal: proc.signalCode });
  return new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
}

export async function startAppProcess(overrides: NodeJS.ProcessEnv = {}): Promise<AppProcess> {
  const port = overrides.PORT ? Number(overrides.PORT) : await freePort();
  const url = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // `npm test` builds before the integration suite, so this reuses that build.
    BUILD_DIR: process.env.BUILD_DIR ?? 'build',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-app-')),
    SUBMISSION_LIMIT: '10000',
    SEED_DEMO: 'false',
    ...overrides,
  };
  for (const name of ['VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID']) delete env[name];

  let child: ChildProcess | undefined;
  let output = '';
  async function start() {
    const proc = spawn(process.execPath, ['server/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    proc.stdout!.on('data', (chunk) => (output += chunk));
    proc.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 240_000; // a first start may have to build
    for (;;) {
      if (exited(proc)) throw new Error(`the app exited (${proc.exitCode}):\n${output}`);
      try {
        // This process's own word first: a free port picked here may have gone to another test's
        // app meanwhile, whose /healthz would answer for a process that could not listen.
        if (output.includes(`listening on port ${port}`) && (await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`the app did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  function signal(name: NodeJS.Signals) {
    const proc = child;
    if (!proc || exited(proc)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill(name);
    });
  }
  await start();
  return {
    port,
    url,
    env,
    pid: () => child?.pid,
    output: () => output,
    exitCode: () => child?.exitCode ?? null,
    exited: () => ended(child!),
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    restart: start,
  };
}

/** Signs in through /auth's form on a running app, as a browser on its origin would: the session's cookies ('' when refused). */
export async function signInOverHttp(app: AppProcess, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${app.url}/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'signin', ...credentials }),
  });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('better-auth') || c.startsWith('__Secure-better-auth'))
    .join('; ');
}
