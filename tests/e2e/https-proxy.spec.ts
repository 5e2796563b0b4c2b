// Issue 11, item 4: the deployment the README recommends — a TLS-terminating reverse
// proxy (nginx with deploy/nginx.conf, or a Node https proxy where nginx is missing) in
// front of the app with PUBLIC_URL=https://… and TRUST_PROXY=true. Through https://,
// Chromium sends the contact form, signs in and saves an admin form; every one of these
// is a POST whose Origin is the https origin while the app itself speaks plain HTTP.
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { freePort, startAppProcess, type AppProcess } from '../support/app-process';
import { startTlsProxy, type TlsProxy } from './tls-proxy';

const ADMIN = { email: 'tls-admin@example.com', password: 'tls-admin-password' };
let app: AppProcess;
let proxy: TlsProxy;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const tlsPort = await freePort();
  let appPort = await freePort();
  while (appPort === tlsPort) appPort = await freePort();
  // The proxy takes its port first: during the app's long first start another process
  // (its own embedded PostgreSQL…) could take a port only reserved, and the proxy's
  // readiness check would then find that one listening instead of it.
  proxy = await startTlsProxy(tlsPort, appPort);
  app = await startAppProcess({
    PORT: String(appPort),
    PUBLIC_URL: `https://localhost:${tlsPort}`,
    TRUST_PROXY: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'true',
  });
});

test.afterAll(async () => {
  await proxy?.stop();
  await app?.stop(); // SIGTERM: the app stops its embedded PostgreSQL before exiting
  if (app?.env.DATA_DIR) fs.rmSync(app.env.DATA_DIR, { recursive: true, force: true });
});

test('through a TLS proxy: contact form, sign-in and an admin form all work over https', async ({ page, context }, testInfo) => {
  testInfo.annotations.push({ type: 'proxy', description: proxy.kind });
  const visitor = `Visiteur https ${Date.now()}`;

  // The contact form, as a visitor (a .data POST once hydrated).
  await page.goto(`${proxy.origin}/#contact`);
  expect(new URL(page.url()).protocol).toBe('https:');
  const form = page.locator('#contact');
  await expect(form.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill(visitor);
  await form.getByLabel('Email').fill('visiteur@example.org');
  await form.getByLabel('Message').fill('Bonjour, envoyé à travers le proxy TLS.');
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.getByTestId('contact-success')).toContainText('Message envoyé avec succès !');

  // Sign-in: the session cookie is a Secure, __Secure- prefixed one.
  await page.goto(`${proxy.origin}/auth`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Mot de passe').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(`${proxy.origin}/admin/today`);
  await expect(page.getByRole('heading', { name: "Aujourd'hui" })).toBeVisible();
  const session = (await context.cookies()).find((c) => c.name.endsWith('better-auth.session_token'));
  expect(session?.name).toBe('__Secure-better-auth.session_token');
  expect(session?.secure).toBe(true);

  // An admin form: add a season.
  const season = `Saison https ${Date.now()}`;
  await page.goto(`${proxy.origin}/admin/seasons`);
  await page.getByLabel('Nom de la saison').fill(season);
  await page.getByRole('button', { name: 'Ajouter' }).click();
  await expect(page.getByText('Saison ajoutée avec succès')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Saisons' }).getByRole('cell', { name: season, exact: true })).toBeVisible();

  // The visitor's message was kept.
  await page.goto(`${proxy.origin}/admin/messages`);
  await expect(page.getByRole('article', { name: visitor })).toBeVisible();
});
