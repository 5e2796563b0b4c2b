// The built app as the benchmarks run it: `node server/start.mjs` on the demo content in a
// fresh DATA_DIR (seeded on the first start), with the server's memory profile
// (server/memory-profile.mjs), on a free loopback port. Builds nothing: `npm run build`
// first (`npm run bench` does). With `probe`, the server also loads bench/memory-probe.mjs
// and runs with --expose-gc, so that the benchmark can ask for process.memoryUsage() and
// a forced GC; nothing of it is part of the app.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { memoryProfileEnv } from '../server/memory-profile.mjs';

export const root = path.resolve(import.meta.dirname, '..');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const mb = (bytes) => bytes / 1048576;

/** `--name=value` and `--flag` arguments as an object. */
export function parseArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.map((arg) => {
      const [name, ...value] = arg.replace(/^--/, '').split('=');
      return [name, value.length ? value.join('=') : 'true'];
    }),
  );
}

export function requireBuild() {
  const builtEntry = path.join(root, process.env.BUILD_DIR ?? 'build', 'server/index.js');
  if (!fs.existsSync(builtEntry)) {
    console.error('No production build: run `npm run build` first (or `npm run bench`, which builds).');
    process.exit(1);
  }
}

export const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** One line naming the machine and the run, for the head of each section. */
export function machineLine(started = new Date()) {
  return (
    `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? '?'}) · ` +
    `${Math.round(mb(os.totalmem()))} MB RAM · Node ${process.version} · load average ${os.loadavg()[0].toFixed(1)} when the part started`
  );
}

/** Whether this tree has the anonymous page cache that PAGE_CACHE=off turns off (so that a run before it says so). */
export function pageCacheNote() {
  return fs.existsSync(path.join(root, 'app/page-delivery/page-store.server.ts')) || fs.existsSync(path.join(root, 'app/.server/page-cache.ts'))
    ? ''
    : ' **This build has no page cache yet** (app/.server/page-cache.ts is absent): "on" and "off" run the same code.';
}

/* ───────────── processes, from /proc ───────────── */

/** A field of /proc/PID/status in bytes (VmRSS, VmHWM), 0 when unknown or the process is gone. */
function procField(pid, field) {
  try {
    const match = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resets the kernel's high-water mark (VmHWM) of `pid` to its current RSS. */
function resetPeakOf(pid) {
  if (fs.existsSync(`/proc/${pid}/clear_refs`)) fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** The live child processes of `pid`. */
function childrenOf(pid) {
  const children = [];
  for (const entry of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return children;
}

function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** The script a process runs, as an absolute path; null when it is gone. */
function scriptOf(pid) {
  try {
    return path.resolve(fs.readlinkSync(`/proc/${pid}/cwd`), commandLine(pid).at(-1) ?? '');
  } catch {
    return null;
  }
}

/** `pid` and its cluster workers (children started with its own script: not the image worker, not PostgreSQL). */
function nodeProcesses(pid) {
  const script = scriptOf(pid);
  return [pid, ...childrenOf(pid).filter((child) => scriptOf(child) === script)];
}

/** A fresh DATA_DIR for one benchmark; removed by `removeDataDir`. */
export function createDataDir(name) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `guesthouse-${name}-`));
}
export function removeDataDir(dataDir) {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Starts the app and waits for /healthz. `env` adds to (and may override) the defaults.
 * Returns { base, pid, child, memory({ gc }), rssKb(field), stop() }.
 */
export async function startApp({ dataDir, env: extra = {}, probe = false, memoryEnv = memoryProfileEnv() }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The address the benchmark asks is the public one: pages of any other origin are not cached (decision 0019).
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base, SEED_DEMO: 'true', NODE_OPTIONS: '', ...memoryEnv, ...extra };
  for (const name of Object.keys(env)) if (name === 'DATABASE_URL' || name.startsWith('S3_')) delete env[name];
  const probeArgs = probe ? ['--expose-gc', '--import', pathToFileURL(path.join(root, 'bench/memory-probe.mjs')).href] : [];
  const child = spawn(process.execPath, [...probeArgs, 'server/start.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe', ...(probe ? ['ipc'] : [])],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-4000)));
  const answers = new Map();
  let nextQuestion = 0;
  child.on('message', (message) => answers.get(message.id)?.(message));
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`the app exited during start:\n${errors}`);
    await sleep(100);
  }

  const procStatus = `/proc/${child.pid}/status`;
  return {
    base,
    pid: child.pid,
    child,
    errors: () => errors,
    /** process.memoryUsage() of the server (probe only), after a full GC when asked. */
    memory({ gc = false } = {}) {
      const id = nextQuestion++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the server did not answer the memory probe')), 60_000);
        answers.set(id, (message) => {
          clearTimeout(timer);
          answers.delete(id);
          resolve(message);
        });
        child.send({ type: 'memory', id, gc });
      });
    },
    hasProc: () => fs.existsSync(procStatus),
    /** A field of /proc/PID/status in bytes (VmRSS, VmHWM), 0 when unknown. */
    status: (field) => procField(child.pid, field),
    /** Resets the kernel's high-water mark (VmHWM) to the current RSS. */
    resetPeak: () => resetPeakOf(child.pid),
    /**
     * A field of /proc/PID/status summed over the server's Node processes: the process
     * itself and, with WEB_CONCURRENCY > 1, its worker processes (not PostgreSQL's).
     */
    treeStatus: (field) => nodeProcesses(child.pid).reduce((sum, pid) => sum + procField(pid, field), 0),
    resetTreePeaks: () => nodeProcesses(child.pid).forEach(resetPeakOf),
    stop() {
      if (child.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    },
  };
}

/** Peak RSS (VmHWM, bytes) of the live child processes of `pid` whose command line contains `name`: 0 when none runs. */
export function childPeak(pid, name) {
  const named = childrenOf(pid).filter((child) => commandLine(child).join(' ').includes(name));
  return Math.max(0, ...named.map((child) => procField(child, 'VmHWM')));
}

/** The room page the home page links to first (demo content). */
export async function firstRoomPath(base) {
  const home = await (await fetch(`${base}/`)).text();
  const room = home.match(/href="(\/room\/[^"?#]+)"/)?.[1];
  if (!room) throw new Error('no room link on the home page: is the demo seeded?');
  return room;
}

/** Replaces the section between `<!-- NAME:start` and `<!-- NAME:end -->` of bench/RESULTS.md (appends it when absent). */
export function writeSection(name, section) {
  const file = path.join(root, 'bench/RESULTS.md');
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n\n';
  const pattern = new RegExp(`<!-- ${name}:start[\\s\\S]*?<!-- ${name}:end -->`);
  fs.writeFileSync(file, pattern.test(current) ? current.replace(pattern, () => section) : `${current.trimEnd()}\n\n${section}\n`);
  console.log(`\nwritten to bench/RESULTS.md (section ${name})`);
}
