// Helpers shared by the back-office specs (shell, sidebar, editing language).
import { expect, type Page } from '@playwright/test';

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
    await toasts.first().getByRole('button', { name: 'Fermer la notification' }).click();
    await expect(toasts).toHaveCount(left - 1);
  }
}

/** Opens the sidebar sheet on mobile (on desktop it is always there). */
export async function openSidebar(page: Page) {
  if (!isMobile(page)) return;
  const sheet = page.getByRole('dialog', { name: 'Administration' });
  // Already open (a language switch keeps it): its overlay would hide the toggle from a click.
  if (await sheet.isVisible()) return;
  await page.getByRole('button', { name: 'Afficher/masquer la barre latérale' }).click();
  await expect(sheet).toBeVisible();
}

/** Picks the content-editing language in the sidebar and waits for the page to reload in it. */
export async function setEditingLanguage(page: Page, name: string) {
  await openSidebar(page);
  const select = page.getByLabel("Langue d'édition");
  await expect(page.getByText('Langue pour la saisie de contenu')).toBeVisible();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/editing-language') && r.request().method() === 'POST'),
    select.selectOption({ label: name }),
  ]);
  await page.waitForLoadState('networkidle');
  if (isMobile(page) && (await page.getByRole('dialog', { name: 'Administration' }).isVisible())) {
    await page.keyboard.press('Escape');
  }
}

export { expectNoAxeViolations } from './axe';

export const uniqueTag = (projectName: string) => `${projectName}-${Date.now().toString(36)}`;
