// `npm test` and `npm run validate`: the layers of the suite, independent ones side by side.
//
//   validate  typecheck ‖ lint ‖ unit ‖ format:check
//   npm test  the build beside tools (Chromium and nginx, installed once if missing), then:
//             lane 1: e2e (a server per Playwright worker, playwright.config.ts)
//             lane 2: validate
//             lane 3: integration → integration-built
//             lane 4, when INTEGRATION_DATABASE_URL is set (CI's second pass, against that server):
//                     integration-pg → integration-built-pg, without the files whose outcome no
//                     database server can change (scripts/test-layers.ts)
//             The build → e2e chain is the longest, and every layer wants both cores: the build
//             runs first, alone (~20 s; beside the others it took 85 s), and lanes 2–4 start
//             once the e2e servers answer (their start — database, migrations, demo — took
//             ~45 s beside every other layer's start, ~10 s alone), so that e2e's tests begin
//             as soon as they can. Lanes 2–4 have time to spare beside e2e.
//
// Every line a layer prints is shown as it comes, prefixed by the layer's name; the first
// failure stops the other layers and fails the run. A summary gives each layer's wall
// time. `node scripts/test.mjs --list` prints the layers' commands.
import { spawn } from 'node:child_process';
import { E2E_WORKERS, e2ePorts } from './e2e-ports.mjs';

const npm = (script) => ['npm', ['run', '--silent', script]];
const LAYERS = {
  typecheck: npm('typecheck'),
  lint: npm('lint'),
  unit: npm('test:unit'),
  'format:check': npm('format:check'),
  build: npm('build'),
  // Before any layer that needs them (the e2e browser; nginx for the proxy and fleet tests), so that two layers never run apt at once.
  tools: ['sh', ['-c', 'node scripts/ensure-chromium.mjs && node scripts/ensure-nginx.mjs']],
  integration: ['npx', ['vitest', 'run', '--project', 'integration']],
  'integration-built': ['npx', ['vitest', 'run', '--project', 'integration-built']],
  // One project per vitest process: two in one load the global setup twice.
  'integration-pg': ['npx', ['vitest', 'run', '--project', 'integration']],
  'integration-built-pg': ['npx', ['vitest', 'run', '--project', 'integration-built']],
  e2e: npm('test:e2e'),
};

const running = new Set();
const times = [];
let failed = null;

function run(name, env = {}) {
  if (failed) return Promise.reject(failed);
  const [command, args] = LAYERS[name];
  const started = Date.now();
  console.log(`▶ ${name}`);
  return new Promise((resolve, reject) => {
    // Its own process group, so that a failure elsewhere stops everything it started.
    const child = spawn(command, args, {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    const show = (stream) => {
      let pending = '';
      stream.on('data', (chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop();
        for (const line of lines) console.log(`[${name}] ${line}`);
      });
      stream.on('end', () => pending && console.log(`[${name}] ${pending}`));
    };
    show(child.stdout);
    show(child.stderr);
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      times.push([name, seconds, code === 0]);
      if (code === 0) {
        console.log(`✔ ${name} (${seconds} s)`);
        resolve();
      } else {
        const error = new Error(`${name} failed (${signal ?? `exit ${code}`}, ${seconds} s)`);
        if (!failed) {
          failed = error;
          stopAll();
        }
        reject(error);
      }
    });
  });
}

/**
 * Stops every running layer's process group. SIGINT first, as a terminal's Ctrl-C: Playwright
 * then stops the web server it started (its own process group, which SIGTERM to the runner
 * leaves behind on the e2e port); whatever is left after 10 s is killed.
 */
function stopAll() {
  const groups = [...running].map((child) => child.pid);
  const signal = (name) => {
    for (const pid of groups) {
      try {
        process.kill(-pid, name);
      } catch {
        // already gone
      }
    }
  };
  signal('SIGINT');
  setTimeout(() => signal('SIGKILL'), 10_000).unref();
}

const all = (names) => Promise.all(names.map((name) => run(name)));
const validate = () => all(['typecheck', 'lint', 'unit', 'format:check']);

/** Resolves once every e2e server answers /healthz (playwright.config.ts), or `ended` settles, or after three minutes. */
async function e2eServersUp(ended) {
  let over = false;
  ended.then(
    () => (over = true),
    () => (over = true),
  );
  const urls = Array.from({ length: E2E_WORKERS }, (_, index) => `http://localhost:${e2ePorts(index).port}/healthz`);
  const deadline = Date.now() + 180_000;
  while (!over && Date.now() < deadline) {
    const up = await Promise.all(
      urls.map((url) =>
        fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
          (r) => r.ok,
          () => false,
        ),
      ),
    );
    if (up.every(Boolean)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function whole() {
  await Promise.all([run('build'), run('tools')]);
  const e2e = run('e2e');
  await e2eServersUp(e2e);
  const lanes = [e2e, validate(), run('integration').then(() => run('integration-built'))];
  const url = process.env.INTEGRATION_DATABASE_URL;
  if (url) {
    const secondPass = { DATABASE_URL: url, INTEGRATION_SECOND_PASS: 'true' };
    lanes.push(run('integration-pg', secondPass).then(() => run('integration-built-pg', secondPass)));
  }
  const rejected = (await Promise.allSettled(lanes)).find((o) => o.status === 'rejected');
  if (rejected) throw rejected.reason;
}

const plan = process.argv[2] ?? 'all';
if (process.argv.includes('--list')) {
  console.log(
    Object.entries(LAYERS)
      .map(([name, [command, args]]) => `${name}: ${command} ${args.join(' ')}`)
      .join('\n'),
  );
  process.exit(0);
}
const started = Date.now();
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    stopAll();
    // Stay until the layers are gone, so that stopAll's SIGKILL can reach what outlives SIGINT.
    setInterval(() => running.size === 0 && process.exit(code), 100);
    setTimeout(() => process.exit(code), 11_000);
  });
}
try {
  await (plan === 'validate' ? validate() : whole());
} catch {
  // reported below
}
const width = Math.max(...times.map(([name]) => name.length));
console.log(`\n${times.map(([name, seconds, ok]) => `${ok ? '✔' : '✘'} ${name.padEnd(width)} ${String(seconds).padStart(4)} s`).join('\n')}`);
console.log(
  `${failed ? '✘' : '✔'} ${plan === 'validate' ? 'validate' : 'npm test'}: ${Math.round((Date.now() - started) / 1000)} s${failed ? ` — ${failed.message}` : ''}`,
);
process.exit(failed ? 1 : 0);
