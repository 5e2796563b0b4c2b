// Shared e2e helpers: sign in as the configured admin through the real form.
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

export { E2E_ADMIN };

export async function signInAsAdmin(page: Page) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin\/today$/);
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
