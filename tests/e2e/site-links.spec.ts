// The public site's links are plain anchors followed in the app by one listener
// (app/page-delivery/site-link.tsx): a plain click navigates without loading the
// document again, a click meant for a new tab stays the browser's.
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

/** A site link of the footer: once React owns it, the page is hydrated. */
const FOOTER_LINK = 'footer a[href="/mentions-legales"]';

/** Marks the loaded document: the mark survives in-app navigations only. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);

test('footer, header and language links navigate in the app', async ({ page }) => {
  await page.goto('/?lang=fr');
  await waitForHydration(page, FOOTER_LINK);
  await markDocument(page);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' }).click();
  await expect(page).toHaveURL(/\/mentions-legales$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);

  await page.getByLabel(/^Choisir la langue/).click();
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/mentions-legales\?lang=en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await sameDocument(page)).toBe(true);

  await page.getByRole('link', { name: /back to top/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#chambres')).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test('a click with a modifier key opens the link in a new tab and leaves the page as it is', async ({ page, context }) => {
  await page.goto('/?lang=fr');
  await waitForHydration(page, FOOTER_LINK);
  const opened = context.waitForEvent('page');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Mentions légales' })
    .click({ modifiers: ['ControlOrMeta'] });
  const tab = await opened;
  // A new tab starts at about:blank before it loads the link.
  await expect(tab).toHaveURL(/\/mentions-legales$/);
  expect(new URL(page.url()).pathname).toBe('/');
});
