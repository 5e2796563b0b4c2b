// Server-only data must not reach the browser: the common-password list (issue 11,
// item 8) is about 1 MB and is only checked in actions. Reads the production build
// that `npm test` makes before the integration suite. The needles are first found in
// the package a bundler would take them from: a package that packs its list otherwise
// fails here instead of leaving the check with nothing to find.
// One database pass: it reads the build, no database.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const assets = path.resolve(process.env.BUILD_DIR ?? 'build', 'client/assets');
// The start of the packed list ("123456", "password", "12345678"…), and its key.
const NEEDLES = ['A123456ApasswordA12345678', 'passwords-common'];

/** The package's ES modules, which a bundler would copy into whatever imports it. */
function packageModules(): string[] {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common'));
  return fs
    .readdirSync(dist)
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => fs.readFileSync(path.join(dist, name), 'utf8'));
}

describe('the browser bundle', () => {
  it('finds the needles in the common-password package itself', () => {
    const modules = packageModules();
    for (const needle of NEEDLES)
      expect(
        modules.some((source) => source.includes(needle)),
        needle,
      ).toBe(true);
  });

  it('does not contain the common-password dictionary', () => {
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const source = fs.readFileSync(path.join(assets, name), 'utf8');
      for (const needle of NEEDLES) expect(source.includes(needle), `${needle} in ${name}`).toBe(false);
    }
  });
});
