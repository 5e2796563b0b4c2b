// Types of scripts/e2e-ports.mjs, for playwright.config.ts.
/** Workers, and so servers: one Chromium and its server keep a core busy, and CI runs the integration layers beside them. */
export declare const E2E_WORKERS: number;
/** The app's port and its stand-ins' (Stripe, push service) of the worker with this parallel index. */
export declare function e2ePorts(index: number): { port: number; stripePort: number; pushPort: number };
