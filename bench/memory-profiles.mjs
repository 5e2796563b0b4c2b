// One memory profile for every way the site is started (issue 33): the server's RSS idle
// and at its peak under load, started as the README's quick start does (`npm start`) and
// as the systemd unit does (deploy/guesthouse.service: its ExecStart and Environment
// lines, nothing else from the caller's environment). Both should serve with
// server/memory-profile.mjs, hence the same figures. Builds nothing: `npm run build` first.
//
// Each start: a fresh DATA_DIR (demo seeded), 10 s to settle, the idle RSS, then the
// peak (the kernel's VmHWM) over N seconds of 50 connections across the public pages.
// The embedded PostgreSQL runs in its own processes and is not counted.
//
// Usage: node bench/memory-profiles.mjs [--seconds=60] [--write]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createDataDir, firstRoomPath, freePort, machineLine, mb, parseArgs, removeDataDir, requireBuild, root, sleep, writeSection } from './app-server.mjs';
import { ensureWrk, runWrk } from './wrk.mjs';

const args = parseArgs();
const SECONDS = Number(args.seconds ?? 60);
const CONNECTIONS = 50;
const TARGETS = { idleMb: 150, peakMb: 300 };

requireBuild();
if (!ensureWrk()) {
  console.error('wrk is not installed (apt-get install wrk): this benchmark loads the server with it.');
  process.exit(1);
}

/** The unit's command and environment, with its install path mapped onto this checkout. */
function unitStart() {
  const unit = fs.readFileSync(path.join(root, 'deploy/guesthouse.service'), 'utf8');
  const lines = (name) => [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((match) => match[1].replace(/^"(.*)"$/, '$1'));
  const local = (value) => value.replaceAll('/srv/guesthouse', root);
  const [command, ...commandArgs] = local(lines('ExecStart')[0]).split(/\s+/);
  const env = Object.fromEntries(lines('Environment').map((entry) => [entry.slice(0, entry.indexOf('=')), local(entry.slice(entry.indexOf('=') + 1))]));
  return { command, args: commandArgs, env };
}

function procField(pid, field) {
  try {
    const match = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const commandLine = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
};
const parentOf = (pid) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
};

/** The server process (node … server/start.mjs) among the descendants of `ancestor`. */
function serverProcess(ancestor) {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const args = commandLine(pid);
    // Not the shell npm runs the script through: the node process itself.
    if (!/(^|\/)node$/.test(args[0] ?? '') || !args.some((arg) => arg === 'server/start.mjs' || arg.endsWith('/server/start.mjs'))) continue;
    for (let up = pid; up > 1; up = parentOf(up)) if (up === ancestor) return pid;
  }
  return null;
}

async function measure(label, start) {
  const dataDir = createDataDir('profiles');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  for (const name of Object.keys(inherited)) {
    if (name === 'NODE_OPTIONS' || name.startsWith('MALLOC_') || name === 'DATABASE_URL' || name.startsWith('S3_')) delete inherited[name];
  }
  const { command, args: commandArgs, env } = start();
  const child = spawn(command, commandArgs, {
    cwd: root,
    // The address the benchmark asks is the public one: pages of any other origin are not cached (decision 0019).
    env: { ...inherited, ...env, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base, SEED_DEMO: 'true' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-4000)));
  let server = null;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${label} exited during start:\n${errors}`);
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        /* not listening yet */
      }
      await sleep(100);
    }
    server = serverProcess(child.pid);
    if (!server) throw new Error(`${label}: no server process found under pid ${child.pid}`);
    const flags = commandLine(server).filter((arg) => arg.startsWith('--max-'));
    const arenas =
      fs
        .readFileSync(`/proc/${server}/environ`, 'utf8')
        .split('\0')
        .find((entry) => entry.startsWith('MALLOC_ARENA_MAX=')) ?? 'MALLOC_ARENA_MAX unset';
    await sleep(10_000);
    const idle = procField(server, 'VmRSS');
    const room = await firstRoomPath(base);
    fs.writeFileSync(`/proc/${server}/clear_refs`, '5'); // VmHWM from here
    process.stdout.write(`${label}: idle ${mb(idle).toFixed(0)} MB; ${SECONDS} s × ${CONNECTIONS} connections… `);
    const load = await runWrk({ base, paths: ['/', room, '/livre-dor', '/mentions-legales'], seconds: SECONDS, connections: CONNECTIONS, scratchDir: dataDir });
    const peak = procField(server, 'VmHWM');
    console.log(`peak ${mb(peak).toFixed(0)} MB (${load.requests} requests, ${load.non2xx + load.timeouts} failed)`);
    return { label, settings: [...flags, arenas].join(' '), idle, peak, requests: load.requests, failed: load.non2xx + load.timeouts };
  } finally {
    if (server) process.kill(server, 'SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    removeDataDir(dataDir);
  }
}

const started = new Date();
const results = [
  await measure('`npm start`', () => ({ command: 'npm', args: ['start', '--silent'], env: {} })),
  await measure('the systemd unit (ExecStart + Environment of deploy/guesthouse.service)', unitStart),
];

const ok = (met) => (met ? 'yes' : '**no**');
const lines = [
  '<!-- profiles:start (written by node bench/memory-profiles.mjs --write) -->',
  '## One memory profile: `npm start` and the systemd unit',
  '',
  `${machineLine(started)} (this script's) · the servers on Node ${process.versions.node} (this script's, which starts them) · load from wrk on loopback.`,
  '',
  'RSS of the Node server process (found under the started command; the embedded PostgreSQL is not counted):',
  `idle 10 s after the first start on a fresh DATA_DIR (demo seeded), peak (VmHWM) over ${SECONDS} s of ${CONNECTIONS}`,
  'connections across `/`, a room, `/livre-dor` and `/mentions-legales` (page cache on, the default). The settings are',
  'read from the server process itself (its command line and environment): server/start.mjs applies',
  'server/memory-profile.mjs however it was started.',
  '',
  `| started as | settings the server runs with | idle (MB) | ≤ ${TARGETS.idleMb} | peak (MB) | ≤ ${TARGETS.peakMb} | requests |`,
  '|---|---|---:|---|---:|---|---|',
  ...results.map(
    (r) =>
      `| ${r.label} | \`${r.settings}\` | ${mb(r.idle).toFixed(0)} | ${ok(mb(r.idle) <= TARGETS.idleMb)} | ${mb(r.peak).toFixed(0)} | ${ok(mb(r.peak) <= TARGETS.peakMb)} | ${r.requests} (${r.failed} failed) |`,
  ),
  '<!-- profiles:end -->',
];
const section = lines.join('\n');
console.log(`\n${section}`);
if (args.write === 'true') writeSection('profiles', section);
