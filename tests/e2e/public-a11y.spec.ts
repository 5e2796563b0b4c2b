// Accessibility (issue 4, part 10): no axe-core violation on any public page (tests/e2e/axe.ts: the rules every page is held to).
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

test.describe('accessibility', () => {
  for (const path of ['/', '/livre-dor', '/mentions-legales', '/auth', '/page-inconnue', '/room/inconnue', '/?lang=en', '/livre-dor?lang=de']) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    });
  }

  test('a room page and its open viewer have no axe violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /Voir les détails/ }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /Agrandir la photo 1/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the mobile menu and the language picker work with the keyboard', async ({ page }, info) => {
    await page.goto('/');
    if (info.project.name === 'mobile') {
      const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');
      await expectNoAxeViolations(page);
    }
    await page.getByLabel(/Choisir la langue/).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'English' })).toBeVisible();
  });
});
