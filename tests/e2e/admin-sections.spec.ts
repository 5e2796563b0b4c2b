// Homepage sections in the back office, end to end (SPEC §2, §4, §5, §8).
import type { Page } from '@playwright/test';
import { setEditingLanguage, uniqueTag } from './admin-helpers';
import { expectNoAxeViolations } from './axe';
import { expect, test, signInAsAdmin } from './fixtures';

function sectionRow(page: Page, title: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
}

test.describe('admin sections', () => {
  test('create, edit in fr and en, deactivate, reorder and delete a section', async ({ page }, testInfo) => {
    const tag = uniqueTag(testInfo.project.name);
    const frTitle = `Section E2E ${tag}`;
    const enTitle = `Section EN ${tag}`;
    const frContent = `Contenu de la section ${tag}`;
    await signInAsAdmin(page);
    await page.goto('/admin/sections');
    await expect(page.getByRole('columnheader', { name: 'Titre' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Ajouter une section' }).click();
    await expect(page).toHaveURL(/\/admin\/section\/new$/);
    await expect(page.getByRole('heading', { name: 'Nouvelle section' })).toBeVisible();
    await expect(page.getByLabel('Titre *')).toHaveValue('Nouvelle section');
    await expect(page.getByRole('switch', { name: 'Section active' })).toBeChecked();
    await expect(page.getByRole('tab', { name: 'Images' })).toBeDisabled();
    await expectNoAxeViolations(page);

    // Title required.
    await page.getByLabel('Titre *').fill('');
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByText('Le titre est requis')).toBeVisible();

    await page.getByLabel('Titre *').fill(frTitle);
    await page.getByRole('textbox', { name: 'Contenu' }).click();
    await page.keyboard.type(frContent);
    await page.getByRole('checkbox', { name: 'Jardin', exact: true }).check();
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByText('Section sauvegardée avec succès')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/section\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: `Édition: ${frTitle}` })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Images' })).toBeEnabled();

    // The home page shows the active section (after the rooms: positions ≥ 50 in the demo, or before).
    await page.goto('/?lang=fr');
    await expect(page.getByText(frContent)).toBeVisible();

    // English title through the editing language.
    await page.goto('/admin/sections');
    await sectionRow(page, frTitle).getByRole('cell', { name: frTitle, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Édition: ${frTitle}` })).toBeVisible();
    await setEditingLanguage(page, 'English');
    await expect(page.getByText("Langue d'édition : English")).toBeVisible();
    await expect(page.getByLabel('Titre *')).toHaveValue('');
    await page.getByLabel('Titre *').fill(enTitle);
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByText('Section sauvegardée avec succès')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Édition: ${enTitle}` })).toBeVisible();
    await page.getByRole('link', { name: 'Retour aux sections' }).click();
    await expect(sectionRow(page, enTitle)).toBeVisible();
    await setEditingLanguage(page, 'Français');
    const row = sectionRow(page, frTitle);
    await expect(row).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    // Deactivate: the home page hides it.
    await row.getByRole('button', { name: `Désactiver ${frTitle}` }).click();
    await expect(sectionRow(page, frTitle).getByText('Inactive', { exact: true })).toBeVisible();
    await page.goto('/?lang=fr');
    await expect(page.getByRole('heading', { name: 'Nos Chambres' }).or(page.locator('#chambres')).first()).toBeVisible();
    await expect(page.getByText(frContent)).toHaveCount(0);
    await page.goto('/admin/sections');
    await sectionRow(page, frTitle)
      .getByRole('button', { name: `Activer ${frTitle}` })
      .click();
    await expect(sectionRow(page, frTitle).getByText('Active', { exact: true })).toBeVisible();

    // Reorder: the new section is last; move it up one place.
    const last = sectionRow(page, frTitle);
    await expect(last.getByRole('button', { name: `Descendre ${frTitle}` })).toBeDisabled();
    const rows = page.getByRole('row');
    const count = await rows.count();
    await last.getByRole('button', { name: `Monter ${frTitle}` }).click();
    await expect(rows.nth(count - 2)).toContainText(frTitle);
    await expect(sectionRow(page, frTitle).getByRole('button', { name: `Descendre ${frTitle}` })).toBeEnabled();
    await sectionRow(page, frTitle)
      .getByRole('button', { name: `Descendre ${frTitle}` })
      .click();
    await expect(rows.nth(count - 1)).toContainText(frTitle);

    // Delete.
    await sectionRow(page, frTitle)
      .getByRole('button', { name: `Supprimer ${frTitle}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Section supprimée avec succès')).toBeVisible();
    await expect(sectionRow(page, frTitle)).toHaveCount(0);
    await page.goto('/?lang=fr');
    await expect(page.getByText(frContent)).toHaveCount(0);
  });

  test('an unknown section sends back to /admin with an error', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/section/00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Impossible de charger la section')).toBeVisible();
  });
});
