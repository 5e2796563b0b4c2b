import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'build-*/', '.react-router/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'drizzle/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: "Import z from '~/lib/zod' (configured for our CSP)." }],
          patterns: [{ group: ['**/.server/**'], importNames: ['default'], message: 'Server-only modules are imported by name.' }],
        },
      ],
    },
  },
  { files: ['app/lib/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  // The back office's service worker runs in a worker's global scope (served as written, not bundled).
  { files: ['app/back-office-app/service-worker.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
