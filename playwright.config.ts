import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { e2eChromium } from './scripts/chromium.mjs';
import { E2E_WORKERS, e2ePorts } from './scripts/e2e-ports.mjs';

// The e2e suite runs against the production build (`npm start`) with a fresh DATA_DIR,
// the demo content and a known admin, on the system Chromium (scripts/chromium.mjs). Each Playwright worker has
// a server of its own (its own port, DATA_DIR, embedded PostgreSQL, mail folder and Stripe
// stand-in): a worker runs one test at a time, so no test ever sees another one's writes
// while it runs, and the suite's waits (mails, background passes) overlap.
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };
const STRIPE_WEBHOOK_SECRET = 'whsec_e2estandin0000';

/** The server of the worker with this parallel index (`testInfo.parallelIndex`). */
export function e2eServer(index: number) {
  const { port, stripePort, pushPort } = e2ePorts(index);
  // Outside test-results/, which Playwright empties at the start of every run.
  const dataDir = process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}-${index}` : path.join(os.tmpdir(), `guesthouse-e2e-${port}`);
  return {
    port,
    origin: `http://localhost:${port}`,
    dataDir,
    /** Where the app writes the mails it sends when SMTP_URL is unset (one file each). */
    mailDir: path.join(dataDir, 'mail'),
    /** The signed-in admin's cookies, saved by the first sign-in on this server (tests/e2e/fixtures.ts); DATA_DIR is emptied at every start. */
    adminState: path.join(dataDir, 'e2e-admin-state.json'),
    // The local stand-in for the Stripe API and its checkout page (tests/support/stripe-stand-in.ts).
    stripePort,
    // The local stand-in push service (tests/support/push-stand-in.ts), over https with a
    // certificate it writes here before the app starts, which the app then trusts.
    pushPort,
    pushCertificateDir: path.join(os.tmpdir(), `guesthouse-e2e-push-${port}`),
  };
}

const servers = Array.from({ length: E2E_WORKERS }, (_, index) => e2eServer(index));

const chromium = {
  executablePath: e2eChromium(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // V8's interpreter and baseline compiler only: a test's page lives seconds, and the
    // optimising compilers (Maglev, TurboFan) spent more CPU compiling than their code
    // saved (decision 0022).
    ...(process.env.E2E_OPT ? [] : ['--js-flags=--no-opt --no-maglev']),
    // Scrolls jump, as for a visitor who turned smooth scrolling off: Playwright scrolls a
    // control into view before each action, and each animated scroll was frames to draw.
    '--disable-smooth-scrolling',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: E2E_WORKERS,
  // No retries (CODE_STYLE, "Tests"): a test that fails under load is a defect to fix.
  retries: 0,
  // A test's limit catches a hang, not slowness (speed is the benchmarks' business): the
  // back office's longest journeys (Configuration's thirteen cards, each save revalidating
  // them) ran past 60 s, then past 120 s (35 s alone), while typecheck, lint, unit and both
  // integration lanes held the two cores beside them. One limit for every journey; only the
  // axe sweep over every back-office screen has its own.
  timeout: 240_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // Each worker's own server: the `baseURL` fixture of tests/e2e/fixtures.ts.
    baseURL: servers[0]!.origin,
    // CI records no trace: recording every test took a quarter of the suite's CPU. A failure
    // keeps its screenshot there, and run alone locally it keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
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
        // A phone's width, touch and viewport, at one device pixel per CSS pixel: the Pixel 5's
        // 2.75 had Chromium raster (and the server encode images for) 2.3 times the desktop
        // project's pixels, which no assertion looks at (decision 0022).
        deviceScaleFactor: 1,
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
  webServer: servers.flatMap((server): NonNullable<PlaywrightTestConfig['webServer']> => [
    {
      command: 'npx tsx tests/support/stripe-stand-in-main.ts',
      url: `http://127.0.0.1:${server.stripePort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { STANDIN_PORT: String(server.stripePort), STRIPE_WEBHOOK_SECRET, WEBHOOK_URL: `${server.origin}/webhooks/stripe` },
    },
    {
      command: 'npx tsx tests/support/push-stand-in-main.ts',
      url: `https://127.0.0.1:${server.pushPort}/healthz`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PUSH_STANDIN_PORT: String(server.pushPort), PUSH_STANDIN_CERTIFICATE_DIR: server.pushCertificateDir },
    },
    {
      command: `rm -rf '${server.dataDir.replaceAll("'", `'\\''`)}' && exec node server/start.mjs`,
      url: `${server.origin}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      env: {
        PORT: String(server.port),
        DATA_DIR: server.dataDir,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        SEED_DEMO: 'true',
        PUBLIC_URL: server.origin,
        SUBMISSION_LIMIT: '1000',
        // auth.spec.ts tries sign-up, and admin-users / admin-phone make plain accounts through it.
        ALLOW_SIGNUP: 'true',
        // The online deposit talks to the stand-in (online-deposit.spec.ts); the switch starts off.
        STRIPE_SECRET_KEY: 'sk_test_e2estandin0000',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${server.stripePort}`,
        // Pushes go to the stand-in push service on 127.0.0.1, whose certificate the app trusts (push-notifications.spec.ts).
        PUSH_ALLOW_PRIVATE_ADDRESSES: 'true',
        NODE_EXTRA_CA_CERTS: path.join(server.pushCertificateDir, 'cert.pem'),
      },
    },
  ]),
});
