// Which vitest project an integration test file belongs to (vitest.config.ts, scripts/test.mjs).

/**
 * Whether an integration test needs the production build: it starts the app
 * (`startAppProcess`, or `server/start.mjs` by hand) or reads `BUILD_DIR`. Such files run
 * in the `integration-built` project, after `npm run build`; the others run beside it.
 */
export function needsBuild(source: string) {
  return /\bstartAppProcess\(|server\/start\.mjs|\bBUILD_DIR\b/.test(source);
}
