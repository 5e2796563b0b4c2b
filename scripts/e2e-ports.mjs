// Where the e2e suite's servers listen: one per Playwright worker (playwright.config.ts),
// so that `npm test` (scripts/test.mjs) can tell when they are up.

/** Workers, and so servers: one Chromium and its server keep a core busy, and CI runs the integration layers beside them. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const BASE_PORT = Number(process.env.E2E_PORT ?? 3999);

/** The app's port and its stand-ins' (Stripe, push service) of the worker with this parallel index. */
export function e2ePorts(index) {
  const port = BASE_PORT + 3 * index;
  return { port, stripePort: port + 1, pushPort: port + 2 };
}
