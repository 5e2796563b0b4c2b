// Which vitest project an integration test file belongs to (vitest.config.ts, scripts/test.mjs).

/**
 * Whether an integration test needs the production build: it starts the app
 * (`startAppProcess`, or `server/start.mjs` by hand) or reads `BUILD_DIR`. Such files run
 * in the `integration-built` project, after `npm run build`; the others run beside it.
 */
export function needsBuild(source: string) {
  return /\bstartAppProcess\(|server\/start\.mjs|\bBUILD_DIR\b/.test(source);
}

/**
 * Whether a file's outcome cannot depend on which PostgreSQL serves the app. Such a file
 * says so in a line `// One database pass: <why>` (it starts its own embedded server; its
 * subject is HTTP, the bundles, the page cache, images or a parser; or a screen's plain
 * reads and writes, no lock, race, constraint, trigger or dump under test). CI's second
 * pass through DATABASE_URL (`INTEGRATION_SECOND_PASS`, scripts/test.mjs) leaves it out: it
 * ran in the first pass, and the second is there for what the database server can change.
 */
export function oneDatabasePass(source: string) {
  return /^\/\/ One database pass: /m.test(source);
}
