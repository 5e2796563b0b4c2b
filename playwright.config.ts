import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The e2e suite runs against the production build (`npm start`) with a fresh
// DATA_DIR, the demo content and a known admin, on the system Chromium.
const PORT = Number(process.env.E2E_PORT ?? 3999);
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };
// Outside test-results/, which Playwright empties at the start of every run.
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `guesthouse-e2e-${PORT}`);
/** Where the app writes the mails it sends when SMTP_URL is unset (one file each). */
export const E2E_MAIL_DIR = path.join(E2E_DATA_DIR, 'mail');
// The local stand-in for the Stripe API and its checkout page (tests/support/stripe-stand-in.ts).
export const STRIPE_STANDIN_PORT = PORT + 1;
const STRIPE_WEBHOOK_SECRET = 'whsec_e2estandin0000';
/** The signed-in admin's cookies, saved by the first sign-in of a run (tests/e2e/fixtures.ts); DATA_DIR is emptied at every start. */
export const E2E_ADMIN_STATE = path.join(E2E_DATA_DIR, 'e2e-admin-state.json');

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'fr-FR',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /(xss|https-proxy)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: chromium },
    },
    {
      name: 'mobile',
      testIgnore: /(xss|https-proxy)\.spec\.ts/,
      use: {
        ...devices['Pixel 5'],
        viewport: { width: 375, height: 740 },
        browserName: 'chromium',
        channel: undefined,
        launchOptions: chromium,
      },
    },
    // Its own app instance behind a TLS proxy (PUBLIC_URL=https://…, self-signed certificate).
    {
      name: 'https',
      testMatch: /https-proxy\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: chromium, ignoreHTTPSErrors: true },
    },
    // Stores hostile payloads everywhere, so it runs last, once the other projects are done.
    {
      name: 'xss',
      testMatch: /xss\.spec\.ts/,
      dependencies: ['desktop', 'mobile'],
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: chromium },
    },
  ],
  webServer: [
    {
      command: 'npx tsx tests/support/stripe-stand-in-main.ts',
      url: `http://127.0.0.1:${STRIPE_STANDIN_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { STANDIN_PORT: String(STRIPE_STANDIN_PORT), STRIPE_WEBHOOK_SECRET, WEBHOOK_URL: `http://localhost:${PORT}/webhooks/stripe` },
    },
    {
      command: `rm -rf '${E2E_DATA_DIR.replaceAll("'", `'\\''`)}' && exec node server/start.mjs`,
      url: `http://localhost:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: E2E_DATA_DIR,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        SEED_DEMO: 'true',
        PUBLIC_URL: `http://localhost:${PORT}`,
        SUBMISSION_LIMIT: '1000',
        // auth.spec.ts tries sign-up, and admin-users / admin-phone make plain accounts through it.
        ALLOW_SIGNUP: 'true',
        // The online deposit talks to the stand-in (online-deposit.spec.ts); the switch starts off.
        STRIPE_SECRET_KEY: 'sk_test_e2estandin0000',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${STRIPE_STANDIN_PORT}`,
      },
    },
  ],
});
