// Memory of the server process (issue: "the whole site runs comfortably on a 1 GB
// server"). Starts the BUILT app (it builds nothing: run `npm run build` first) on the
// demo content in a fresh DATA_DIR, with the heap limit of the production unit
// (deploy/guesthouse.service, NODE_OPTIONS), and records:
//   - idle RSS after the first start (which seeds the demo) and after a restart;
//   - peak RSS during N seconds of 50 connections on each public page in turn;
//   - peak RSS during a burst of 20 image-variant requests (fresh encodes);
//   - a soak at 50 connections across the public pages: used heap after a forced GC
//     at the end of the first minute and at the end (a leak shows as growth).
// The embedded PostgreSQL runs in its own processes and is not counted.
// Load comes from wrk on loopback when installed, else from a small Node client.
//
// Usage: node bench/memory.mjs [--page-seconds=60] [--soak-seconds=300] [--quick] [--write]
//                               [--no-unit] [--node-options="…"]
//   --quick: 10 s per page and a 60 s soak (reference taken after 12 s), for a quick look.
//   --write: replaces the memory section of bench/RESULTS.md.
//   --no-unit: without the unit's NODE_OPTIONS / MALLOC_* (to see what they are worth).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [name, value] = arg.replace(/^--/, '').split('=');
    return [name, value ?? 'true'];
  }),
);
const quick = args.quick === 'true';
const PAGE_SECONDS = Number(args['page-seconds'] ?? (quick ? 10 : 60));
const SOAK_SECONDS = Number(args['soak-seconds'] ?? (quick ? 60 : 300));
// The issue compares the heap after the first minute with the end; a shorter soak uses its first fifth.
const SOAK_REFERENCE_SECONDS = Math.min(60, Math.round(SOAK_SECONDS / 5));
const CONNECTIONS = 50;
const IMAGE_BURST = 20;
const TARGETS = { idleMb: 150, peakMb: 300, heapGrowth: 0.1 };

const builtEntry = path.join(root, process.env.BUILD_DIR ?? 'build', 'server/index.js');
if (!fs.existsSync(builtEntry)) {
  console.error('No production build: run `npm run build` first (this benchmark builds nothing).');
  process.exit(1);
}

/** The production unit's memory settings (NODE_OPTIONS, MALLOC_*), so that the benchmark measures what production runs. */
function productionMemoryEnv() {
  const unit = path.join(root, 'deploy/guesthouse.service');
  if (!fs.existsSync(unit)) return {};
  const settings = {};
  for (const [, name, value] of fs.readFileSync(unit, 'utf8').matchAll(/^Environment=(NODE_OPTIONS|MALLOC_[A-Z_]+)=(.*)$/gm)) {
    settings[name] = value.replace(/^"|"$/g, '').trim();
  }
  return settings;
}
const memoryEnv = args['no-unit'] === 'true' ? {} : productionMemoryEnv();
if (args['node-options'] !== undefined) memoryEnv.NODE_OPTIONS = args['node-options'];
const memorySettings = Object.entries(memoryEnv).map(([name, value]) => `${name}=${value}`).join(' ') || '(none)';

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes) => bytes / 1048576;
const fmt = (value) => value.toFixed(0);

// ───────────── the server process ─────────────

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-memory-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'true', NODE_OPTIONS: '', ...memoryEnv };
for (const name of Object.keys(env)) if (name === 'DATABASE_URL' || name.startsWith('S3_')) delete env[name];

let server;
let nextQuestion = 0;
const answers = new Map();

async function startServer() {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', pathToFileURL(path.join(root, 'bench/memory-probe.mjs')).href, 'server/start.mjs'],
    { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-4000)));
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
  child.errors = () => errors;
  server = child;
}

async function stopServer() {
  await new Promise((resolve) => {
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });
}

/** process.memoryUsage() of the server, after a full GC when asked. */
function memory({ gc = false } = {}) {
  const id = nextQuestion++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not answer the memory probe')), 60_000);
    answers.set(id, (message) => {
      clearTimeout(timer);
      answers.delete(id);
      resolve(message);
    });
    server.send({ type: 'memory', id, gc });
  });
}

// Linux keeps the exact peak (VmHWM) and lets its owner reset it: no sample can miss a spike.
const procStatus = () => `/proc/${server.pid}/status`;
const hasProc = () => fs.existsSync(procStatus());
function resetPeak() {
  if (hasProc()) fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
}
function statusKb(field) {
  const match = fs.readFileSync(procStatus(), 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Peak RSS while `work` runs: the kernel's high-water mark, or 100 ms samples elsewhere. */
async function peakDuring(work) {
  if (hasProc()) {
    resetPeak();
    const result = await work();
    return { result, peak: statusKb('VmHWM') };
  }
  let peak = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, (await memory()).usage.rss);
      await sleep(100);
    }
  })();
  const result = await work();
  running = false;
  await sampler;
  peak = Math.max(peak, (await memory()).usage.rss);
  return { result, peak };
}

async function idleRss() {
  await sleep(10_000); // start-up work settles (workers, first timers)
  return (await memory()).usage.rss;
}

// ───────────── load ─────────────

const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

/** `seconds` of CONNECTIONS connections cycling through `paths`. */
async function load(paths, seconds) {
  if (hasWrk) return loadWithWrk(paths, seconds);
  return loadWithNode(paths, seconds);
}

function loadWithWrk(paths, seconds) {
  const script = path.join(dataDir, 'paths.lua');
  fs.writeFileSync(
    script,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(', ')}}\nlocal i = 0\n` +
      `request = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1])\nend\n`,
  );
  return new Promise((resolve, reject) => {
    const wrk = spawn('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '30s', '-s', script, base], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    wrk.stdout.on('data', (chunk) => (out += chunk));
    wrk.on('error', reject);
    wrk.on('exit', () => {
      const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
      const failed = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
      const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
      resolve({ requests, failed, timeouts: socket ? Number(socket[4]) : 0 });
    });
  });
}

async function loadWithNode(paths, seconds) {
  const end = Date.now() + seconds * 1000;
  let requests = 0;
  let failed = 0;
  let i = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const response = await fetch(base + paths[i++ % paths.length]).catch(() => null);
        await response?.arrayBuffer();
        requests++;
        if (!response?.ok) failed++;
      }
    }),
  );
  return { requests, failed, timeouts: 0 };
}

/** Variant URLs the public pages ask for (srcset and src), decoded. */
function variantUrls(html) {
  const urls = new Set();
  for (const match of html.matchAll(/\/media\/[^\s"',]+\?[^\s"',]*w=\d+[^\s"',]*/g)) urls.add(match[0].replaceAll('&amp;', '&'));
  return [...urls];
}

// ───────────── the run ─────────────

const results = { pages: [], started: new Date() };
try {
  await startServer();
  results.idleFirst = await idleRss();
  results.heapLimit = (await memory()).heapLimit;

  const home = await (await fetch(`${base}/`)).text();
  const room = home.match(/href="(\/room\/[^"]+)"/)?.[1];
  if (!room) throw new Error('no room link on the home page: is the demo seeded?');
  const pages = ['/', room, '/livre-dor', '/mentions-legales'];

  for (const page of pages) {
    process.stdout.write(`load ${page} for ${PAGE_SECONDS} s… `);
    const { result, peak } = await peakDuring(() => load([page], PAGE_SECONDS));
    results.pages.push({ page: page === room ? '/room/:id' : page, peak, ...result });
    console.log(`peak ${fmt(mb(peak))} MB, ${result.requests} requests, ${result.failed} failed`);
  }

  // Distinct variants in distinct formats, so that every request is a fresh encode.
  const roomHtml = await (await fetch(base + room)).text();
  const formats = ['image/avif,image/webp,*/*', 'image/webp,*/*', 'image/jpeg,*/*'];
  const candidates = [...variantUrls(home), ...variantUrls(roomHtml)];
  const burst = [];
  for (const accept of formats) for (const url of candidates) burst.push({ url, accept });
  const chosen = burst.slice(0, IMAGE_BURST);
  process.stdout.write(`burst of ${chosen.length} image-variant requests… `);
  const images = await peakDuring(() =>
    Promise.all(
      chosen.map(async ({ url, accept }) => {
        const response = await fetch(base + url, { headers: { accept } });
        await response.arrayBuffer();
        return response.status;
      }),
    ),
  );
  results.images = { peak: images.peak, count: chosen.length, failed: images.result.filter((s) => s !== 200).length };
  console.log(`peak ${fmt(mb(images.peak))} MB, ${results.images.failed} failed`);

  process.stdout.write(`soak ${SOAK_SECONDS} s across the public pages… `);
  const soak = await peakDuring(async () => {
    const first = await load(pages, SOAK_REFERENCE_SECONDS);
    const reference = (await memory({ gc: true })).usage;
    const rest = await load(pages, SOAK_SECONDS - SOAK_REFERENCE_SECONDS);
    const end = (await memory({ gc: true })).usage;
    return { reference, end, requests: first.requests + rest.requests, failed: first.failed + rest.failed };
  });
  results.soak = { ...soak.result, peak: soak.peak };
  const growth = soak.result.end.heapUsed / soak.result.reference.heapUsed - 1;
  results.soak.growth = growth;
  console.log(
    `heap after GC ${fmt(mb(soak.result.reference.heapUsed))} → ${fmt(mb(soak.result.end.heapUsed))} MB (${(growth * 100).toFixed(1)} %), peak ${fmt(mb(soak.peak))} MB`,
  );
  results.healthy = (await fetch(`${base}/healthz`)).ok && server.exitCode === null;
  await stopServer();

  await startServer();
  results.idleRestart = await idleRss();
  await stopServer();
} catch (error) {
  console.error(error);
  if (server?.errors) console.error(server.errors());
  if (server && server.exitCode === null) await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });

// ───────────── the report ─────────────

const ok = (met) => (met ? 'yes' : '**no**');
const peakRows = [
  ...results.pages.map((p) => [`${PAGE_SECONDS} s × ${CONNECTIONS} connections on \`${p.page}\``, p.peak, `${p.requests} requests, ${p.failed + p.timeouts} failed or timed out`]),
  [`burst of ${results.images.count} image-variant requests (fresh encodes)`, results.images.peak, `${results.images.failed} failed`],
  [`soak ${SOAK_SECONDS} s × ${CONNECTIONS} connections across the four pages`, results.soak.peak, `${results.soak.requests} requests, ${results.soak.failed} failed`],
];
const lines = [
  '<!-- memory:start (written by node bench/memory.mjs --write) -->',
  '## Memory of the server process',
  '',
  `${results.started.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${os.cpus().length} cores · ${fmt(mb(os.totalmem()))} MB RAM · Node ${process.version} · ` +
    `load from ${hasWrk ? 'wrk' : 'a Node client'} on loopback · server started with \`${memorySettings}\`` +
    `${args['no-unit'] === 'true' ? '' : ' (deploy/guesthouse.service)'}, V8 heap limit ${fmt(mb(results.heapLimit))} MB.`,
  '',
  'RSS of the Node server process alone (the embedded PostgreSQL runs in its own processes); peaks are the',
  "kernel's high-water mark (VmHWM) over each phase. The machine is shared with other work while this runs:",
  'RSS figures are meaningful, request counts are not a throughput measure.',
  '',
  '| moment | RSS (MB) | target | met | notes |',
  '|---|---:|---:|---|---|',
  `| idle after the first start (fresh DATA_DIR, demo seeded) | ${fmt(mb(results.idleFirst))} | ≤ ${TARGETS.idleMb} | ${ok(mb(results.idleFirst) <= TARGETS.idleMb)} | |`,
  `| idle after a restart | ${fmt(mb(results.idleRestart))} | ≤ ${TARGETS.idleMb} | ${ok(mb(results.idleRestart) <= TARGETS.idleMb)} | |`,
  ...peakRows.map(([label, peak, notes]) => `| peak: ${label} | ${fmt(mb(peak))} | ≤ ${TARGETS.peakMb} | ${ok(mb(peak) <= TARGETS.peakMb)} | ${notes} |`),
  '',
  `Leak check: used heap after a forced GC at ${SOAK_REFERENCE_SECONDS} s of the soak ${fmt(mb(results.soak.reference.heapUsed))} MB, ` +
    `at the end ${fmt(mb(results.soak.end.heapUsed))} MB: ${(results.soak.growth * 100).toFixed(1)} % ` +
    `(target within ${TARGETS.heapGrowth * 100} %: ${ok(Math.abs(results.soak.growth) <= TARGETS.heapGrowth)}); ` +
    `RSS after that GC ${fmt(mb(results.soak.end.rss))} MB. Server healthy after the run: ${ok(results.healthy)}.`,
  '',
  `Durations: ${PAGE_SECONDS} s per page, ${SOAK_SECONDS} s soak${PAGE_SECONDS < 60 || SOAK_SECONDS < 300 ? ' (a shortened run: the issue asks for 60 s and 300 s)' : ''}.`,
  '<!-- memory:end -->',
];
const section = lines.join('\n');
console.log(`\n${section}`);

if (args.write === 'true') {
  const file = path.join(root, 'bench/RESULTS.md');
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n\n';
  const pattern = /<!-- memory:start[\s\S]*?<!-- memory:end -->/;
  fs.writeFileSync(file, pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}\n`);
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
}
