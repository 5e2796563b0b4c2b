import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './fixtures';
import { axeViolations } from './admin-axe';

test.describe('admin: Gestion des Saisons', () => {
  test('add (trimmed, empty ignored), rename inline and delete with the price warning', async ({ page }, testInfo) => {
    const name = `Saison e2e ${testInfo.project.name} ${Date.now()}`;
    await signInAsAdmin(page);
    await page.goto('/admin/seasons');
    await expect(page.getByRole('heading', { name: 'Gestion des Saisons' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Saisons' });
    // A toast may cover the row just added on a phone: close it rather than wait for it
    // (sonner pauses its timer while the pointer rests on it).
    const closeToast = async (text: string) => {
      const toast = page.locator('[data-sonner-toast]', { hasText: text });
      await toast.getByRole('button', { name: 'Fermer la notification' }).click();
      await expect(toast).toBeHidden();
    };

    // An empty name is ignored: no request, no toast.
    await page.getByLabel('Nom de la saison').fill('   ');
    await page.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByText('Saison ajoutée avec succès')).toHaveCount(0);

    await page.getByLabel('Nom de la saison').fill(`  ${name}  `);
    await page.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByText('Saison ajoutée avec succès')).toBeVisible();
    await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
    await expect(page.getByLabel('Nom de la saison')).toHaveValue('');
    await closeToast('Saison ajoutée avec succès');

    await page.getByRole('button', { name: `Modifier ${name}` }).click();
    const input = page.getByLabel(`Nouveau nom de la saison ${name}`);
    await input.fill(`${name} bis`);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Saison modifiée avec succès')).toBeVisible();
    await expect(table.getByRole('cell', { name: `${name} bis`, exact: true })).toBeVisible();
    await closeToast('Saison modifiée avec succès');

    await page.getByRole('button', { name: `Supprimer ${name} bis` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer la saison' });
    await expect(confirm).toContainText('prix associés à cette saison seront également supprimés');
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Saison supprimée avec succès')).toBeVisible();
    await expect(table.getByRole('cell', { name: `${name} bis`, exact: true })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
