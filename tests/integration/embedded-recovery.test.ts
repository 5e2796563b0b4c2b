// The embedded PostgreSQL survives what people do to a running app: a second start on
// the same DATA_DIR, kill -9 or a fatal heap error leaving an orphaned postmaster behind.
// One database pass: it starts the embedded PostgreSQL of its own DATA_DIR (DATABASE_URL unset).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir, recoverOrphanPostmaster, runningEmbeddedUrl } from '~/.server/db/embedded';
import { startAppProcess, type AppProcess } from '../support/app-process';

/** The app database of the embedded server another process runs in `dir`. */
async function embeddedUrl(dir: string) {
  const url = runningEmbeddedUrl(dir);
  if (!url) throw new Error(`no PostgreSQL runs for ${dir}`);
  return url('guesthouse');
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-crash-'));
const children: ChildProcess[] = [];

function startApp(): { child: ChildProcess; outcome: Promise<{ ready: boolean; output: string; visits?: number }> } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/embedded-child.ts'], { env });
  children.push(child);
  let output = '';
  const outcome = new Promise<{ ready: boolean; output: string; visits?: number }>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\{.*\})/.exec(output);
      if (match) resolve({ ready: true, output, visits: JSON.parse(match[1]!).visits });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', () => resolve({ ready: false, output }));
  });
  return { child, outcome };
}

const postmasterPid = () => Number(fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  if (fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))) {
    const pid = postmasterPid();
    if (alive(pid)) process.kill(pid, 'SIGINT');
  }
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL lifecycle', () => {
  it('refuses a second app on the same DATA_DIR, then recovers after kill -9', { timeout: 120_000 }, async () => {
    const first = startApp();
    const firstResult = await first.outcome;
    expect(firstResult.output).toContain('READY');
    expect(firstResult.visits).toBe(1);

    const second = startApp();
    const secondResult = await second.outcome;
    expect(secondResult.ready).toBe(false);
    expect(secondResult.output).toMatch(/Another instance of the app \(pid \d+\) is already running with DATA_DIR=/);
    expect(first.child.exitCode).toBeNull(); // the first keeps working

    const orphan = postmasterPid();
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    expect(alive(orphan)).toBe(true); // the postmaster outlived its app

    const third = startApp();
    const thirdResult = await third.outcome;
    expect(thirdResult.output).toContain('READY');
    expect(thirdResult.visits).toBe(2); // committed data survived
    expect(alive(orphan)).toBe(false);
    expect(postmasterPid()).not.toBe(orphan);
  });
});

// Issue 31, item 8: however `npm start` ends, the next start on the same DATA_DIR finds the
// PostgreSQL it left and stops it before starting its own; never two on one folder.
describe('npm start after an abnormal end', () => {
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-orphan-'));
  const trigger = path.join(appDir, 'exhaust-the-heap');
  const pidFile = path.join(appDir, 'postgres/postmaster.pid');
  // Outside the app: once the test says so, keeps allocating until V8 aborts the process
  // ("JavaScript heap out of memory"): no JavaScript handler runs, nothing is stopped.
  const exhaust = `import fs from "node:fs"; const keep = []; const t = setInterval(() => { if (fs.existsSync(${JSON.stringify(trigger)})) { clearInterval(t); for (;;) keep.push(new Array(1e5).fill(keep.length)); } }, 50);`;
  let app: AppProcess | undefined;

  afterAll(async () => {
    await app?.kill();
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (alive(pid)) process.kill(pid, 'SIGINT');
    }
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(appDir, { recursive: true, force: true });
  });

  const postmaster = () => Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const postgresOf = (dir: string) =>
    fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
          return args.includes('-D') && args[args.indexOf('-D') + 1] === dir;
        } catch {
          return false;
        }
      });

  it('recovers after a fatal heap error, then after SIGKILL, keeping the data; one PostgreSQL at a time', { timeout: 240_000 }, async () => {
    app = await startAppProcess({
      DATA_DIR: appDir,
      DATABASE_URL: undefined,
      NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(exhaust)}`,
    });
    const seasonsUrl = await embeddedUrl(appDir);
    await withClient(seasonsUrl, (client) => client.query(`insert into seasons (name) values ('before the crash')`));
    const first = postmaster();

    fs.writeFileSync(trigger, '');
    const died = await app.exited();
    expect(died.signal ?? died.code).not.toBe(0);
    expect(app.output()).toMatch(/heap out of memory|Reached heap limit/);
    expect(alive(first), 'the postmaster outlived the app').toBe(true);
    fs.rmSync(trigger);

    // The next start (without the allocator) stops the orphan and serves the same data.
    await app.restart();
    expect(app.output()).toContain(`Stopping an orphaned PostgreSQL server (pid ${first})`);
    expect(alive(first)).toBe(false);
    const second = postmaster();
    expect(second).not.toBe(first);
    expect(postgresOf(path.join(appDir, 'postgres'))).toEqual([String(second)]);
    await withClient(await embeddedUrl(appDir), async (client) => {
      const { rows } = await client.query(`select count(*)::int as n from seasons where name = 'before the crash'`);
      expect(rows[0].n).toBe(1);
    });

    // SIGKILL, as the OOM killer or `kill -9` would.
    await app.kill();
    expect(alive(second)).toBe(true);
    await app.restart();
    expect(alive(second)).toBe(false);
    expect(postgresOf(path.join(appDir, 'postgres'))).toEqual([String(postmaster())]);

    // And a clean stop leaves nothing behind.
    const third = postmaster();
    await app.stop();
    expect(alive(third)).toBe(false);
    expect(fs.existsSync(pidFile)).toBe(false);
  });
});

describe('the DATA_DIR lock and a reused pid', () => {
  it('a live process that merely has the recorded pid does not hold the folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await new Promise((r) => setTimeout(r, 200));
      // The same pid, started at another time: a predecessor whose pid was given again.
      fs.writeFileSync(path.join(dir, 'app.pid'), `${other.pid} 1`);
      const release = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, 'app.pid'), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
      release();
      // The very process that wrote it, still running: refused.
      const started = fs.readFileSync(`/proc/${other.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
      fs.writeFileSync(path.join(dir, 'app.pid'), `${other.pid} ${started}`);
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    } finally {
      other.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a postmaster pid file naming another folder's PostgreSQL leaves that server alone", async () => {
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-pidfile-'));
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      // A backend of the suite's own server: a live `postgres` process of another folder.
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      fs.writeFileSync(path.join(pgDir, 'postmaster.pid'), `${rows[0]!.pid}\n${pgDir}\n`);
      const lines: string[] = [];
      await recoverOrphanPostmaster(pgDir, (line) => lines.push(line));
      expect(lines.join('\n')).toMatch(/left alone/);
      expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
      expect((await client.query('select 1 as one')).rows[0].one).toBe(1); // still alive
    } finally {
      await client.end();
      fs.rmSync(pgDir, { recursive: true, force: true });
    }
  });
});
