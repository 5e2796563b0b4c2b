// Helpers shared by the back-office specs (shell, sidebar, editing language).
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/**
 * Waits for the toast saying `text`, then closes it and any identical one still shown.
 * On a phone a toast covers the buttons at the bottom of the screen for 4 s (and sonner
 * pauses its timer while the pointer rests on it): close it rather than wait for it.
 */
export async function closeToast(page: Page, text: string) {
  const toasts = page.locator('[data-sonner-toast]:not([data-removed="true"])', { hasText: text });
  await expect(toasts.first()).toBeVisible();
  for (let left = await toasts.count(); left > 0; left = await toasts.count()) {
    // It may close by itself (after 4 s) before the click lands: then there is nothing to click.
    await toasts
      .first()
      .getByRole('button', { name: 'Fermer la notification' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expect(toasts).toHaveCount(left - 1);
  }
}

const sidebarSheet = (page: Page) => page.getByRole('dialog', { name: 'Administration' });

/**
 * Waits until no alert dialog (the unsaved-changes prompt) is on screen. Until its exit
 * animation ends it hides the sheet and the sidebar toggle from the accessibility tree,
 * and it takes the Escape key.
 */
async function noAlertDialog(page: Page) {
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

/** Opens the sidebar sheet on mobile (on desktop it is always there). */
export async function openSidebar(page: Page) {
  if (!isMobile(page)) return;
  await noAlertDialog(page);
  const sheet = sidebarSheet(page);
  // Already open (a language switch keeps it): its overlay would hide the toggle from a click.
  if (await sheet.isVisible()) return;
  await page.getByRole('button', { name: 'Afficher/masquer la barre latérale' }).click();
  await expect(sheet).toBeVisible();
}

/** Closes the phone's sidebar sheet if it is open, or opening: Escape until it is gone. */
export async function closeSidebar(page: Page) {
  if (!isMobile(page)) return;
  await noAlertDialog(page);
  const sheet = sidebarSheet(page);
  await expect(async () => {
    if (await sheet.isVisible()) await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** Opens the editor of the first room of the Chambres list. */
export async function openFirstRoomEditor(page: Page) {
  await page.goto('/admin/rooms');
  await page
    .getByRole('table', { name: 'Chambres' })
    .getByRole('link', { name: /^Modifier / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/room\/[0-9a-f-]{36}$/);
}

/** Picks the content-editing language in the sidebar and waits for the page to reload in it. */
export async function setEditingLanguage(page: Page, name: string) {
  await openSidebar(page);
  const select = page.getByLabel("Langue d'édition");
  await expect(page.getByText('Langue pour la saisie de contenu')).toBeVisible();
  // The switch posts, then the page's loaders run again in the new language: wait for their data.
  const reloaded = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith('.data') && r.ok());
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/editing-language') && r.request().method() === 'POST'),
    select.selectOption({ label: name }),
  ]);
  await reloaded;
  await closeSidebar(page);
}

export { expectNoAxeViolations } from './axe';

export const uniqueTag = (projectName: string) => `${projectName}-${Date.now().toString(36)}`;
