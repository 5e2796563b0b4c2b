// The server's memory settings, in one place: `npm start`, the systemd unit (which runs
// the same server/start.mjs) and the benchmarks all serve with them. A 1 GB server also
// holds PostgreSQL and the OS; the live heap under load is ~40-60 MB (bench/RESULTS.md).
//
// - V8's old generation is capped at 160 MB: V8 lets garbage grow the heap up to its
//   limit before collecting hard, so the limit sets the peak (256 MB took the process to
//   360 MB of RSS rendering uncached pages at full speed, 160 MB to 270 MB, for about
//   15 % fewer uncached renders a second). A runaway request ends the process (logged,
//   restarted by the supervisor) instead of swapping the machine dead.
// - 16 MB semi-spaces: Node 24 sizes the young generation from the machine's memory, and
//   under this old-space cap its default made every uncached page cost 50 % more CPU and
//   peaked at 330 MB (docs/decisions/0014).
// - MALLOC_ARENA_MAX=2: glibc gives every thread that allocates its own 64 MB arena and
//   keeps what libvips (sharp) freed in them; two arenas keep image work from inflating
//   the process.
// - MALLOC_MMAP_THRESHOLD_=32768 and --expose-gc: memory given back after a page-cache
//   flush (app/page-delivery/memory-return.server.ts collects once after a large flush).
//   The cached bodies are buffers of their own; at or above 32 KB glibc maps each one by
//   itself and unmaps it when it is freed, where its default (a threshold that rises to
//   32 MB) puts them in the heap, whose holes it keeps: a full cache emptied left RSS where
//   it was (bench/RESULTS.md, "Memory after a flush").
//
// V8's flags and glibc's variable only act when the process starts, so server/start.mjs
// re-executes itself with them (same pid, `process.execve`) when they are missing. What
// the operator set explicitly (a heap flag in NODE_OPTIONS, MALLOC_ARENA_MAX) wins.

export const MEMORY_PROFILE = {
  nodeFlags: ['--max-old-space-size=160', '--max-semi-space-size=16', '--expose-gc'],
  env: { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' },
};

/**
 * The profile as the environment of a server started by another process (a benchmark, a
 * test): set from its first instant, and for a parent whose IPC channel would not survive
 * start.mjs's re-execution.
 */
export const memoryProfileEnv = () => ({ NODE_OPTIONS: MEMORY_PROFILE.nodeFlags.join(' '), ...MEMORY_PROFILE.env });

/**
 * The profile's variables meant for the Node servers alone. glibc reads them when a process
 * starts; PostgreSQL, the feed parser or the image worker would only pay for them (an mmap
 * and munmap for every allocation of 32 KB or more).
 */
const SERVER_ONLY_ENV = ['MALLOC_MMAP_THRESHOLD_'];
const serverOnly = {};

/**
 * Takes the server-only variables out of process.env — this process keeps their effect —
 * so that the children it spawns inherit none; returns them for the server processes it
 * forks (serverOnlyEnv).
 */
export function keepServerOnlyEnv(env = process.env) {
  for (const name of SERVER_ONLY_ENV) {
    if (env[name] === undefined) continue;
    serverOnly[name] = env[name];
    delete env[name];
  }
  return serverOnly;
}

/** What keepServerOnlyEnv took, for `cluster.fork`. */
export const serverOnlyEnv = () => ({ ...serverOnly });

/** The flag's name, e.g. `--max-old-space-size`. */
const flagName = (flag) => flag.split('=')[0];

/** The profile's settings this process lacks: flags for the command line, variables for the environment. */
export function missingMemorySettings(execArgv = process.execArgv, env = process.env) {
  const given = `${execArgv.join(' ')} ${env.NODE_OPTIONS ?? ''}`;
  // Node also accepts underscores in flag names.
  const has = (name) => given.includes(name) || given.includes(name.replaceAll('-', '_').replace(/^__/, '--'));
  return {
    nodeFlags: MEMORY_PROFILE.nodeFlags.filter((flag) => !has(flagName(flag))),
    env: Object.fromEntries(Object.entries(MEMORY_PROFILE.env).filter(([name]) => env[name] === undefined)),
  };
}

/**
 * Re-executes this process with the profile when it lacks part of it; returns only when
 * nothing is missing or re-executing is impossible (then with the reason, for a warning).
 */
export function applyMemoryProfile(script) {
  const missing = missingMemorySettings();
  if (!missing.nodeFlags.length && !Object.keys(missing.env).length) return null;
  // An IPC channel (a benchmark's probe, a cluster worker) does not survive execve: such a
  // parent passes the flags itself.
  if (process.channel) return 'started with an IPC channel';
  if (typeof process.execve !== 'function') return `Node ${process.versions.node} cannot re-execute itself (process.execve needs Node 22.15 or 23.11+)`;
  process.execve(process.execPath, [process.execPath, ...missing.nodeFlags, ...process.execArgv, script, ...process.argv.slice(2)], {
    ...process.env,
    ...missing.env,
  });
  return 'process.execve returned';
}
