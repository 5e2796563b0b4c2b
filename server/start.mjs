// `npm start`: builds when the build is missing or older than the sources, then
// opens the database (embedded unless DATABASE_URL is set), migrates, seeds and serves.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { applyMemoryProfile, keepServerOnlyEnv } from './memory-profile.mjs';
import { runtimeWarning } from './runtime.mjs';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
// A .env file, when present, fills in settings not already in the environment.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
// Serve with the one memory profile (server/memory-profile.mjs), however we were started:
// re-executes this process with it when it is missing, and returns only when it cannot.
const profileMissing = applyMemoryProfile(import.meta.filename);
keepServerOnlyEnv();
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
const builtEntry = path.join(buildDir, 'server/index.js');
const SOURCES = ['app', 'server', 'drizzle', 'package.json', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts'];

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function withoutHeapLimits(options = '') {
  return options.replace(/--max-(old|semi)-space-size=\S+/g, '').trim();
}

function buildIsStale() {
  if (!fs.existsSync(builtEntry)) return true;
  const built = fs.statSync(builtEntry).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

if (buildIsStale()) {
  // One progress line instead of the bundler's hundred: its output is shown only when it fails.
  const started = Date.now();
  process.stdout.write('Building the site (first start, or sources changed)… ');
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // The server's heap limits (old and young generation, NODE_OPTIONS in the systemd unit)
    // are sized for serving, not for the bundler: the build gets Node's defaults.
    env: { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: withoutHeapLimits(process.env.NODE_OPTIONS) },
  });
  if (result.status !== 0) {
    process.stdout.write('failed.\n');
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? `${result.error.message}\n` : ''}`);
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`done in ${Math.round((Date.now() - started) / 1000)} s.\n`);
}

process.env.NODE_ENV = 'production';
const runtime = runtimeWarning(root);
if (runtime && cluster.isPrimary) console.warn(runtime);
if (profileMissing && cluster.isPrimary)
  console.warn(`Serving without the memory profile of server/memory-profile.mjs (${profileMissing}): Node's default heap settings apply.`);

// A fatal error is logged with its cause (the journal keeps it under systemd), then what
// this process started is stopped — at most 10 s, so that the embedded PostgreSQL does
// not outlive us — and the process exits non-zero, for the supervisor to restart it.
let stopStarted = async () => {};
let dying = false;
async function die(what, error) {
  if (dying) return;
  dying = true;
  // A start error (bad configuration, port taken…) is explained by its message; anything
  // else needs its stack to be found.
  const cause = !(error instanceof Error) ? String(error) : what === 'start' ? error.message : (error.stack ?? error.message);
  console.error(`\n[fatal] ${new Date().toISOString()} ${what === 'start' ? 'The site could not start' : what}:\n${cause}\n`);
  await Promise.race([stopStarted().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  process.exit(1);
}
process.on('uncaughtException', (error) => void die('uncaught exception', error));
process.on('unhandledRejection', (reason) => void die('unhandled promise rejection', reason));

try {
  const server = await import(builtEntry);
  stopStarted = server.stop;
  await server.start();
} catch (error) {
  await die('start', error);
}
