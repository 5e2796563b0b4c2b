import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// What CODE_STYLE.md promises about where code may reach, kept by the rules below; each is
// shown failing on a deliberate violation by scripts/eslint-rules.integration.test.ts.

/** Every file: zod through our module, server modules by name. */
const EVERYWHERE = {
  paths: [{ name: 'zod', message: "Import z from '~/lib/zod' (configured for our CSP)." }],
  patterns: [{ group: ['**/.server/**'], importNames: ['default'], message: 'Server-only modules are imported by name.' }],
};

/** Public pages follow their links with one listener ("Links on the public site"). */
const NO_ROUTER_LINK = {
  name: 'react-router',
  importNames: ['Link', 'NavLink'],
  message: "A public page's links are plain anchors: <a {...siteLink('/path')}> (app/page-delivery/site-link.tsx).",
};

/** Components draw what loaders give them; server code never reaches a browser bundle. */
const NO_SERVER_VALUES = {
  regex: '(^|/)\\.server(/|$)|\\.server$',
  allowTypeImports: true,
  message: 'A component imports no server code (types only): its route loads what it shows.',
};

/** app/.server is below the routes, the components and page delivery ("The .server layout"). */
const NOT_ABOVE_SERVER = {
  regex: '^(~/|(\\.\\./)+)(routes|components|page-delivery|root)(/|$)',
  message: 'app/.server imports nothing from app/routes, app/components or app/page-delivery (they import it).',
};

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      '.react-router/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'drizzle/',
      'bench/results/',
      // Deliberate violations, linted by scripts/eslint-rules.integration.test.ts only.
      'scripts/eslint-fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-restricted-imports': ['error', EVERYWHERE],
    },
  },
  { files: ['app/lib/zod.ts'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
  {
    files: ['app/routes/site/**'],
    ignores: ['app/routes/site/auth.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { ...EVERYWHERE, paths: [...EVERYWHERE.paths, NO_ROUTER_LINK] }] },
  },
  {
    files: ['app/components/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { ...EVERYWHERE, patterns: [...EVERYWHERE.patterns, NO_SERVER_VALUES] }] },
  },
  {
    files: ['app/components/site/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [...EVERYWHERE.paths, NO_ROUTER_LINK], patterns: [...EVERYWHERE.patterns, NO_SERVER_VALUES] },
      ],
    },
  },
  {
    files: ['app/.server/**'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { ...EVERYWHERE, patterns: [...EVERYWHERE.patterns, NOT_ABOVE_SERVER] }] },
  },
  {
    // Date formatters are made once and kept ("What a render makes again and again").
    files: ['app/**', 'server/**'],
    ignores: ['app/lib/date-time-format.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
          message: 'Date formatters come from dateTimeFormat(locale, options) (app/lib/date-time-format.ts), made once and kept.',
        },
      ],
    },
  },
  // The back office's service worker runs in a worker's global scope (served as written, not bundled).
  { files: ['app/back-office-app/service-worker.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['tests/**', '**/*.test.ts', '**/*.test.tsx', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
