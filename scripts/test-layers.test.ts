import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { needsBuild } from './test-layers';

describe('needsBuild', () => {
  it('puts a test that starts the app or reads the build after the build', () => {
    expect(needsBuild("app = await startAppProcess({ PAGE_CACHE: 'on' });")).toBe(true);
    expect(needsBuild("spawn(process.execPath, ['server/start.mjs'], { env })")).toBe(true);
    expect(needsBuild("const assets = path.resolve(process.env.BUILD_DIR ?? 'build', 'client/assets');")).toBe(true);
  });

  it('leaves a test that only borrows a helper of the app process (a free port) beside it', () => {
    expect(needsBuild("import { freePort } from '../support/app-process';\nconst port = await freePort();")).toBe(false);
  });

  it('classifies the suite as its files say', () => {
    const read = (file: string) => fs.readFileSync(file, 'utf8');
    expect(needsBuild(read('tests/integration/page-cache.test.ts'))).toBe(true);
    expect(needsBuild(read('tests/integration/bundle-budget.test.ts'))).toBe(true);
    expect(needsBuild(read('tests/integration/mail-delivery.test.ts'))).toBe(false);
    expect(needsBuild(read('tests/integration/admin-seasons.test.ts'))).toBe(false);
  });
});
