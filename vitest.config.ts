import tsconfigPaths from 'vite-tsconfig-paths';
import { defineConfig } from 'vitest/config';

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
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['app/**/*.integration.test.{ts,tsx}', 'app/.server/**/*.integration.test.ts', 'server/**/*.integration.test.ts', 'tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/integration-global-setup.ts'],
          setupFiles: ['tests/support/integration-setup.ts'],
          pool: 'forks',
          isolate: true,
          fileParallelism: true,
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
