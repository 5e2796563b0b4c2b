// The pinned Node (server/runtime.mjs, docs/decisions/0014): installed on Linux x64, it is
// what npm scripts run on, and the operator hears when something starts the site on another.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PINNED_RUNTIME_PACKAGE, pinnedRuntimeVersion, runtimeWarning } from './runtime.mjs';

const manifest = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8'));
const pinned: string = manifest.optionalDependencies[PINNED_RUNTIME_PACKAGE];

describe('the pinned Node runtime', () => {
  it('is an exact version of an LTS line at least as new as 24', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const major = Number(pinned.split('.')[0]);
    expect(major).toBeGreaterThanOrEqual(24);
    expect(major % 2).toBe(0);
  });

  it('runs this suite when it is installed (npm scripts find node_modules/.bin/node first)', (context) => {
    const installed = pinnedRuntimeVersion(process.cwd());
    if (installed === null) context.skip(); // another platform: the system's Node runs everything
    expect(installed).toBe(pinned);
    expect(process.versions.node).toBe(pinned);
  });

  it('warns only when the running Node is not the installed pinned one', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-'));
    expect(pinnedRuntimeVersion(root)).toBeNull();
    expect(runtimeWarning(root, '20.20.2')).toBeNull();
    fs.mkdirSync(path.join(root, 'node_modules', PINNED_RUNTIME_PACKAGE), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules', PINNED_RUNTIME_PACKAGE, 'package.json'), JSON.stringify({ version: '24.21.0' }));
    expect(runtimeWarning(root, '24.21.0')).toBeNull();
    expect(runtimeWarning(root, '20.20.2')).toMatch(/^Running on Node 20\.20\.2, not the Node 24\.21\.0 /);
  });
});
