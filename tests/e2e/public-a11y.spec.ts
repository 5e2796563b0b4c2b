// Accessibility (issue 4, part 10; issue 34): axe finds nothing on any public page, in
// each of the four languages, at both widths (desktop and the 375 px mobile project),
// with the suite's one rule set (axe.ts).
import { expect, test, waitForHydration } from './fixtures';
import { expectNoAxeViolations } from './axe';

const LANGUAGES = ['fr', 'en', 'es', 'de'] as const;
const PAGES = ['/', '/livre-dor', '/mentions-legales', '/auth', '/page-inconnue', '/room/inconnue'];

test.describe('accessibility', () => {
  for (const language of LANGUAGES) {
    test(`every public page in ${language} has no axe violations`, async ({ page }) => {
      await page.goto(`/?lang=${language}`);
      const room = await page
        .getByRole('link', { name: /^(Voir les détails|View details|Ver detalles|Details ansehen)/ })
        .first()
        .getAttribute('href');
      for (const path of [...PAGES, room!]) {
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${language}`);
        // Scanned as a visitor uses it: hydrated (every element React drew has its handlers).
        await waitForHydration(page, 'a, button');
        await expectNoAxeViolations(page, `${path} (${language})`);
      }
    });
  }

  test('a room page and its open viewer have no axe violations', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('link', { name: /Voir les détails/ })
      .first()
      .click();
    // The home page has its own h1: the scan waits for the room page itself, hydrated.
    await expect(page).toHaveURL(/\/room\//);
    await waitForHydration(page, 'button');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /Agrandir la photo 1/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the mobile menu and the language picker work with the keyboard', async ({ page }, info) => {
    await page.goto('/');
    if (info.project.name === 'mobile') {
      // A <summary>: the browser tells its role and state (no role or aria-expanded on it: issue 47).
      const toggle = page.getByLabel('Ouvrir le menu');
      // The label follows the menu's state once React holds the page (hydrated after the first image).
      await waitForHydration(page, 'summary[aria-label="Ouvrir le menu"]');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('details:has(> summary[aria-label="Fermer le menu"])')).toHaveAttribute('open', '');
      await expectNoAxeViolations(page);
    }
    await page.getByLabel(/Choisir la langue/).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'English' })).toBeVisible();
  });
});
