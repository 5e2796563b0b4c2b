// Server-only data must not reach the browser: the common-password list (issue 11,
// item 8) is about 1 MB and is only checked in actions. Reads the production build
// that `npm test` makes before the integration suite.
// One database pass: it reads the build, no database.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const assets = path.resolve(process.env.BUILD_DIR ?? 'build', 'client/assets');

describe('the browser bundle', () => {
  it('does not contain the common-password dictionary', () => {
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const source = fs.readFileSync(path.join(assets, name), 'utf8');
      // The start of the packed list ("123456", "password", "12345678"…), and its decoder's name.
      expect(source.includes('A123456ApasswordA12345678'), name).toBe(false);
      expect(source.includes('passwords-common'), name).toBe(false);
    }
  });
});
