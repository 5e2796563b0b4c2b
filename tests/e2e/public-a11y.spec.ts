// Accessibility (issue 4, part 10): no axe-core violation of WCAG 2.1 A/AA on any public page.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

test.describe('accessibility', () => {
  for (const path of ['/', '/livre-dor', '/mentions-legales', '/auth', '/page-inconnue', '/room/inconnue', '/?lang=en', '/livre-dor?lang=de']) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page);
    });
  }

  test('a room page and its open viewer have no axe violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /Voir les détails/ }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('button', { name: /Agrandir la photo 1/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page);
  });

  test('the mobile menu and the language picker work with the keyboard', async ({ page }, info) => {
    await page.goto('/');
    if (info.project.name === 'mobile') {
      const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');
      await expectNoViolations(page);
    }
    await page.getByLabel(/Choisir la langue/).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'English' })).toBeVisible();
  });
});
