// `npm run bench`: builds the production bundle, then runs each benchmark against the
// built app on the demo content (each in its own fresh DATA_DIR) and writes its section
// of bench/RESULTS.md:
//   bytes       node bench/bundle-size.mjs   JS and CSS gzip per public page, back-office modules reached
//   throughput  node bench/throughput.mjs    wrk against the app and nginx, page cache on and off, RSS
//   lighthouse  node bench/lighthouse.mjs    Lighthouse 12 mobile, median of 3, four pages in fr and en
//   memory      node bench/memory.mjs        idle, peaks under load (cache on and off), image burst, soak + leak check
//   profiles    node bench/memory-profiles.mjs   idle and peak RSS under `npm start` and under the systemd unit
//   page-cache  node bench/page-cache.mjs    a miss's cost beside an uncached render; RSS under a flood of unique URLs
// The full run takes about half an hour on a 2-core machine.
//
// Usage: npm run bench [-- --quick] [-- --only=lighthouse,memory] [-- --no-build]
//   --quick: shorter runs for a look (1 Lighthouse run per page, 3 s of wrk per page,
//            10 s per page and a 60 s soak for memory); RESULTS.md says so.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, root } from './app-server.mjs';

const args = parseArgs();
const quick = args.quick === 'true';
const only = args.only ? new Set(args.only.split(',')) : null;

const steps = [
  { name: 'bytes', script: 'bundle-size.mjs', args: [] },
  { name: 'throughput', script: 'throughput.mjs', args: quick ? ['--seconds=3'] : [] },
  { name: 'lighthouse', script: 'lighthouse.mjs', args: quick ? ['--runs=1'] : [] },
  { name: 'memory', script: 'memory.mjs', args: quick ? ['--quick'] : [] },
  { name: 'profiles', script: 'memory-profiles.mjs', args: quick ? ['--seconds=10'] : [] },
  { name: 'page-cache', script: 'page-cache.mjs', args: quick ? ['--misses=20', '--flood=10000'] : [] },
];

function run(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

const started = Date.now();
if (args['no-build'] !== 'true') {
  console.log('── build');
  // The build gets Node's default heap, whatever the caller's NODE_OPTIONS say.
  if (run('npm', ['run', 'build', '--silent'], { ...process.env, NODE_OPTIONS: '' }) !== 0) process.exit(1);
}
const failed = [];
for (const step of steps) {
  if (only && !only.has(step.name)) continue;
  console.log(`\n── ${step.name} (${os.cpus().length} cores, ${Math.round((Date.now() - started) / 1000)} s so far)`);
  if (run(process.execPath, [path.join('bench', step.script), '--write', ...step.args]) !== 0) failed.push(step.name);
}
console.log(`\nbench/RESULTS.md written in ${Math.round((Date.now() - started) / 60_000)} min${failed.length ? `; failed: ${failed.join(', ')}` : ''}.`);
if (failed.length) process.exitCode = 1;
