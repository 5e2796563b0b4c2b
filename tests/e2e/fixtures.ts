// Shared e2e helpers. Every spec takes `test` and `expect` from here: `test` points each
// worker at its own server (playwright.config.ts, e2eServer). The configured admin signs in
// once per server, through the real form; every other test reuses that session
// (Playwright's storageState), so that only the tests of sign-in itself pay for the form
// (signInThroughForm).
import fs from 'node:fs';
import { expect, test as base, type Page } from '@playwright/test';
import { E2E_ADMIN, e2eServer } from '../../playwright.config';

export { E2E_ADMIN, expect };

/** This worker's server (its origin, DATA_DIR, mail folder…), for the test that is running. */
export const currentServer = () => e2eServer(base.info().parallelIndex);

export const test = base.extend({
  // Playwright reads a fixture's dependencies from the first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide, testInfo) => provide(e2eServer(testInfo.parallelIndex).origin),
  // An exception thrown in the browser is printed with its stack: the error boundary a test
  // then meets says only « Une erreur inattendue est survenue ».
  page: async ({ page }, provide) => {
    page.on('pageerror', (error) => console.log(`[browser error] ${page.url()}\n${error.stack ?? error.message}`));
    await provide(page);
  },
});

/** Signs in as the admin through /auth's form and lands on the owner's home, Aujourd'hui (/admin/today). */
export async function signInThroughForm(page: Page) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin\/today$/);
}

/**
 * Opens the landing after sign-in (Aujourd'hui, /admin/today) signed in as the admin: with
 * the session saved by this server's first sign-in when there is one (its DATA_DIR,
 * emptied at each start, holds it), otherwise — or if that session no longer opens the
 * back office — through the form, saving the new session.
 */
export async function signInAsAdmin(page: Page) {
  const { adminState } = currentServer();
  if (fs.existsSync(adminState)) {
    const { cookies } = JSON.parse(fs.readFileSync(adminState, 'utf8'));
    await page.context().addCookies(cookies);
    await page.goto('/admin/today');
    if (/\/admin\/today$/.test(page.url())) return;
    await page.context().clearCookies();
  }
  await signInThroughForm(page);
  // The session's cookies only: a test that visited the site first may hold others (language…).
  const { cookies } = await page.context().storageState();
  fs.writeFileSync(adminState, JSON.stringify({ cookies: cookies.filter((c) => c.name.startsWith('better-auth.')), origins: [] }));
}

/**
 * Waits until React has attached its handlers to the server-rendered element `selector`
 * names (the first match): a public page hydrates after its first image (decision 0013),
 * and a click before that is the browser's own, not the app's.
 */
export async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return Boolean(element && Object.keys(element).some((k) => k.startsWith('__reactProps')));
  }, selector);
}

/**
 * Holds back the requests matching `url` until `release()`; `requested` settles when the
 * first of them is made.
 */
export async function holdBack(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route(url, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return { requested, release };
}
