// The embedded PostgreSQL survives what people do to a running app: a second start on
// the same DATA_DIR, and kill -9 leaving an orphaned postmaster behind.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

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
