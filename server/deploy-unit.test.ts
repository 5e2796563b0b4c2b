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

  it("caps V8's heap for a 1 GB server and reads the settings from an environment file", () => {
    const options = directives('Environment').find((value) => value.startsWith('NODE_OPTIONS='));
    const heap = Number(options?.match(/--max-old-space-size=(\d+)/)?.[1]);
    // Above the live heap under load (~60 MB, bench/RESULTS.md) with room to spare; at most
    // what keeps the process under ~512 MB.
    expect(heap).toBeGreaterThanOrEqual(128);
    expect(heap).toBeLessThanOrEqual(384);
    // Node 24's default young generation under that cap: +50 % CPU per uncached page, 330 MB peaks.
    const semiSpace = Number(options?.match(/--max-semi-space-size=(\d+)/)?.[1]);
    expect(semiSpace).toBeGreaterThanOrEqual(8);
    expect(semiSpace).toBeLessThanOrEqual(32);
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
