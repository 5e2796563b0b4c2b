import fs from 'node:fs';
import path from 'node:path';
import tsconfigPaths from 'vite-tsconfig-paths';
import { defineConfig } from 'vitest/config';
import { needsBuild, oneDatabasePass } from './scripts/test-layers';

const INTEGRATION = [
  'app/**/*.integration.test.{ts,tsx}',
  'app/.server/**/*.integration.test.ts',
  'server/**/*.integration.test.ts',
  'scripts/**/*.integration.test.ts',
  'tests/integration/**/*.test.ts',
];

function integrationFiles() {
  return [...new Set(fs.globSync(INTEGRATION).map((file) => path.normalize(file)))];
}

const integration = {
  globalSetup: ['tests/support/integration-global-setup.ts'],
  setupFiles: ['tests/support/integration-setup.ts'],
  pool: 'forks' as const,
  isolate: true,
  fileParallelism: true,
  maxWorkers: 2,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Integration files that need the production build (scripts/test-layers.ts): the
// `integration-built` project, run after `npm run build`; the others run beside the build.
const built = integrationFiles().filter((file) => needsBuild(fs.readFileSync(file, 'utf8')));
// CI's second pass, through DATABASE_URL, runs what the database server can change (scripts/test-layers.ts).
const secondPass = process.env.INTEGRATION_SECOND_PASS === 'true';
const skipped = secondPass ? integrationFiles().filter((file) => oneDatabasePass(fs.readFileSync(file, 'utf8'))) : [];
const builtHere = built.filter((file) => !skipped.includes(file));

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'app/.server/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.integration.test.{ts,tsx}', '**/node_modules/**'],
          environment: 'node',
        },
      },
      // Real PostgreSQL, no build: runs beside the build.
      { extends: true, test: { name: 'integration', include: INTEGRATION, exclude: ['**/node_modules/**', ...built, ...skipped], ...integration } },
      // Real PostgreSQL and the production build (`build/`, or BUILD_DIR).
      { extends: true, test: { name: 'integration-built', include: builtHere.length ? builtHere : ['no-such-file'], ...integration } },
    ],
  },
});
