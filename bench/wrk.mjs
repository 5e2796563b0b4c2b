// wrk, the load generator of the benchmarks: one run, its figures parsed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const hasWrk = () => spawnSync('wrk', ['--version']).error === undefined;

/** Installs wrk with apt when it is missing and we are root (the benchmark's only way to load the server). */
export function ensureWrk() {
  if (hasWrk()) return true;
  if (os.userInfo().uid === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log('wrk is missing: installing it with apt-get…');
    spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk'], { stdio: 'inherit' });
  }
  return hasWrk();
}

const UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const toMs = (value, unit) => Number(value) * UNIT_MS[unit];

/** Parses wrk's report (run with --latency). */
export function parseWrk(out) {
  const percentile = (p) => {
    const match = out.match(new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm'));
    return match ? toMs(match[1], match[2]) : NaN;
  };
  const socket = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    requests: Number(out.match(/(\d+) requests in/)?.[1] ?? 0),
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    p50: percentile(50),
    p99: percentile(99),
    non2xx: Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    timeouts: socket ? Number(socket[4]) : 0,
  };
}

/**
 * `wrk -t2 -c{connections} -d{seconds}s --latency` against `base`, cycling through `paths`
 * (a Lua script when there are several). Resolves with parseWrk's figures.
 */
export function runWrk({ base, paths = ['/'], seconds = 10, connections = 50, threads = 2, timeout = '30s', scratchDir = os.tmpdir() }) {
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', timeout];
  let target = base + paths[0];
  if (paths.length > 1) {
    const script = path.join(scratchDir, `wrk-paths-${process.pid}.lua`);
    fs.writeFileSync(
      script,
      `local paths = {${paths.map((p) => JSON.stringify(p)).join(', ')}}\nlocal i = 0\n` +
        `request = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1])\nend\n`,
    );
    args.push('-s', script);
    target = base;
  }
  return new Promise((resolve, reject) => {
    const wrk = spawn('wrk', [...args, target], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    wrk.stdout.on('data', (chunk) => (out += chunk));
    wrk.stderr.on('data', (chunk) => (out += chunk));
    wrk.on('error', reject);
    wrk.on('exit', (code) => (code === 0 ? resolve(parseWrk(out)) : reject(new Error(`wrk failed (${code}):\n${out}`))));
  });
}
