import { isMobile, openSidebar } from './admin-helpers';
import { expect, test, signInAsAdmin } from './fixtures';
import { axeViolations } from './axe';

test.describe('admin: languages', () => {
  test('create, edit, reorder and delete a language; the default one is protected', async ({ page }, testInfo) => {
    const code = testInfo.project.name === 'mobile' ? 'xm' : 'xd';
    const name = `Langue e2e ${testInfo.project.name}`;
    await signInAsAdmin(page);
    await page.goto('/admin/languages');
    const table = page.getByRole('table', { name: 'Langues' });
    await expect(table).toBeVisible();

    // The default language cannot be deleted.
    const defaultRow = table
      .getByRole('row')
      .filter({ has: page.getByText('Par défaut', { exact: true }) })
      .last();
    await expect(defaultRow.getByRole('button', { name: /^Supprimer/ })).toBeDisabled();

    // A duplicate code shows the server's message.
    await page.getByRole('button', { name: 'Ajouter une langue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle langue' });
    await dialog.getByLabel('Code ISO').fill('fr');
    await dialog.getByLabel('Nom').fill('Doublon');
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await expect(page.getByText('Une langue avec ce code existe déjà.').first()).toBeVisible();

    await dialog.getByLabel('Code ISO').fill(code.toUpperCase());
    await dialog.getByLabel('Nom').fill(name);
    // A new language starts hidden (translate first, activate later).
    await expect(dialog.getByLabel('Active')).not.toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await expect(page.getByText('Langue créée avec succès')).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(code);
    await expect(row).toContainText('Inactive');
    await expect(table.getByRole('row').last()).toContainText(name);

    // Hidden, yet offered for editing, marked as such (tests/integration/translation-workflow
    // checks that visitors, the sitemap and hreflang do not see it).
    await openSidebar(page);
    await expect(page.getByLabel("Langue d'édition").locator('option', { hasText: `${name} (masquée)` })).toHaveCount(1);
    if (isMobile(page)) await page.keyboard.press('Escape');

    // Edit: the code is fixed.
    await page.getByRole('button', { name: `Modifier ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier la langue' });
    await expect(edit.getByLabel('Code ISO')).toBeDisabled();
    await edit.getByLabel('Nom').fill(`${name} bis`);
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Langue modifiée avec succès')).toBeVisible();
    const renamed = table.getByRole('row').filter({ hasText: `${name} bis` });
    await expect(renamed).toBeVisible();

    // Reorder: up one place, then back down.
    await expect(page.getByRole('button', { name: `Descendre ${name} bis` })).toBeDisabled();
    await page.getByRole('button', { name: `Monter ${name} bis` }).click();
    await expect(table.getByRole('row').last()).not.toContainText(`${name} bis`);
    await page.getByRole('button', { name: `Descendre ${name} bis` }).click();
    await expect(table.getByRole('row').last()).toContainText(`${name} bis`);

    await page.getByRole('button', { name: `Supprimer ${name} bis` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer la langue' });
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Langue supprimée avec succès')).toBeVisible();
    await expect(renamed).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
