// Shared e2e helpers: the configured admin signs in once per run, through the real form;
// every other test reuses that session (Playwright's storageState), so that only the tests
// of sign-in itself pay for the form (signInThroughForm).
import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_ADMIN_STATE } from '../../playwright.config';

export { E2E_ADMIN };

/** Signs in as the admin through /auth's form and lands on /admin. */
export async function signInThroughForm(page: Page) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin\/today$/);
}

/**
 * Opens /admin signed in as the admin: with the session saved by this run's first sign-in
 * when there is one (the server's DATA_DIR, emptied at each start, holds it), otherwise —
 * or if that session no longer opens /admin — through the form, saving the new session.
 */
export async function signInAsAdmin(page: Page) {
  if (fs.existsSync(E2E_ADMIN_STATE)) {
    const { cookies } = JSON.parse(fs.readFileSync(E2E_ADMIN_STATE, 'utf8'));
    await page.context().addCookies(cookies);
    await page.goto('/admin');
    if (/\/admin$/.test(page.url())) return;
    await page.context().clearCookies();
  }
  await signInThroughForm(page);
  // The session's cookies only: a test that visited the site first may hold others (language…).
  const { cookies } = await page.context().storageState();
  fs.writeFileSync(E2E_ADMIN_STATE, JSON.stringify({ cookies: cookies.filter((c) => c.name.startsWith('better-auth.')), origins: [] }));
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
