// server/memory-profile.mjs: the one set of memory settings `npm start` and the unit serve with.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepServerOnlyEnv, MEMORY_PROFILE, missingMemorySettings, serverOnlyEnv } from './memory-profile.mjs';

const flag = (name: string) => Number(MEMORY_PROFILE.nodeFlags.find((f) => f.startsWith(`${name}=`))?.split('=')[1]);

describe('the memory profile', () => {
  it("caps V8's heap for a 1 GB server", () => {
    // Above the live heap under load (~60 MB, bench/RESULTS.md) with room to spare; at most
    // what keeps the process under ~512 MB.
    expect(flag('--max-old-space-size')).toBeGreaterThanOrEqual(128);
    expect(flag('--max-old-space-size')).toBeLessThanOrEqual(384);
    // Node 24's default young generation under that cap: +50 % CPU per uncached page, 330 MB peaks.
    expect(flag('--max-semi-space-size')).toBeGreaterThanOrEqual(8);
    expect(flag('--max-semi-space-size')).toBeLessThanOrEqual(32);
    expect(MEMORY_PROFILE.env.MALLOC_ARENA_MAX).toBe('2');
  });

  it('lets a flush give memory back: one collection on demand, large buffers mapped on their own', () => {
    expect(MEMORY_PROFILE.nodeFlags).toContain('--expose-gc');
    expect(Number(MEMORY_PROFILE.env.MALLOC_MMAP_THRESHOLD_)).toBeLessThanOrEqual(64 * 1024);
  });

  it("keeps the mmap threshold for the server processes: PostgreSQL and helper processes don't inherit it", () => {
    const env: NodeJS.ProcessEnv = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768', PATH: '/bin' };
    expect(keepServerOnlyEnv(env)).toEqual({ MALLOC_MMAP_THRESHOLD_: '32768' });
    expect(env).toEqual({ MALLOC_ARENA_MAX: '2', PATH: '/bin' });
    expect(serverOnlyEnv()).toEqual({ MALLOC_MMAP_THRESHOLD_: '32768' });
  });

  it('adds only what the operator did not set', () => {
    expect(missingMemorySettings([], {})).toEqual({ nodeFlags: MEMORY_PROFILE.nodeFlags, env: MEMORY_PROFILE.env });
    expect(missingMemorySettings(['--max-old-space-size=512', '--expose-gc'], { MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '65536' })).toEqual({
      nodeFlags: ['--max-semi-space-size=16'],
      env: {},
    });
    expect(missingMemorySettings([], { NODE_OPTIONS: '--max_semi_space_size=8 --max-old-space-size=256 --expose-gc' }).nodeFlags).toEqual([]);
  });

  it('is what a process started without it serves with (re-executed)', (context) => {
    if (typeof (process as { execve?: unknown }).execve !== 'function') context.skip();
    const probe = `import v8 from "node:v8"; import { applyMemoryProfile } from ${JSON.stringify(path.resolve('server/memory-profile.mjs'))};
      applyMemoryProfile(process.argv[1]);
      console.log(JSON.stringify({ pid: process.pid, limit: v8.getHeapStatistics().heap_size_limit, arenas: process.env.MALLOC_ARENA_MAX }));`;
    const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'memory-profile-')), 'probe.mjs');
    fs.writeFileSync(script, probe);
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    delete env.MALLOC_ARENA_MAX;
    const result = spawnSync(process.execPath, [script], { encoding: 'utf8', env });
    fs.rmSync(path.dirname(script), { recursive: true, force: true });
    const reported = JSON.parse(result.stdout.trim().split('\n').at(-1)!);
    // V8's limit is the old space plus the young generation's share.
    expect(reported.limit / 1048576).toBeGreaterThan(flag('--max-old-space-size'));
    expect(reported.limit / 1048576).toBeLessThan(flag('--max-old-space-size') + 64);
    expect(reported.arenas).toBe('2');
  });
});
