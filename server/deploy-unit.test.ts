// deploy/guesthouse.service (issue 11, item 10): what the README promises of it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const unit = fs.readFileSync(path.resolve('deploy/guesthouse.service'), 'utf8');
const directives = (name: string) =>
  unit
    .split('\n')
    .filter((line) => line.startsWith(`${name}=`))
    .map((line) => line.slice(name.length + 1).replace(/^"(.*)"$/, '$1'));

describe('the systemd unit', () => {
  it('restarts the site after a crash, with a start limit', () => {
    expect(directives('Restart')).toEqual(['on-failure']);
    expect(Number(directives('StartLimitBurst')[0])).toBeGreaterThan(1);
  });

  it('serves with the one memory profile, as npm start does, and reads the settings from an environment file', () => {
    // The profile lives in server/memory-profile.mjs, applied by server/start.mjs: a heap
    // flag here would be a second, diverging place (memory-profile.test.ts checks its values).
    const options = directives('Environment').find((value) => value.startsWith('NODE_OPTIONS='));
    expect(options).toBeUndefined();
    expect(directives('Environment').some((value) => value.startsWith('MALLOC_'))).toBe(false);
    expect(directives('EnvironmentFile')).toHaveLength(1);
  });

  it("runs npm start's entry on the pinned Node, and lets the app stop PostgreSQL itself", () => {
    const [exec] = directives('ExecStart');
    expect(exec).toMatch(/^\/srv\/guesthouse\/node_modules\/\.bin\/node server\/start\.mjs$/);
    expect(fs.existsSync(path.resolve('server/start.mjs'))).toBe(true);
    expect(directives('KillMode')).toEqual(['mixed']);
  });

  it('passes systemd-analyze verify where systemd is installed', (context) => {
    if (!fs.existsSync('/usr/bin/systemd-analyze')) context.skip();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unit-'));
    fs.writeFileSync(path.join(dir, 'guesthouse.service'), unit);
    // Only the file's own syntax: the user, paths and node binary belong to the server.
    const result = spawnSync('systemd-analyze', ['verify', path.join(dir, 'guesthouse.service')], { encoding: 'utf8' });
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/Unknown (key|section)|Failed to parse|bad-setting|Invalid/i);
  });
});
