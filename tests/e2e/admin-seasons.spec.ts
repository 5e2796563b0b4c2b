import { expect, test, signInAsAdmin } from './fixtures';
import { axeViolations } from './axe';

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
    // The season's name is long on a phone: its card's buttons wrap, the page stays as wide as the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
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

test.describe('admin: season periods (issue 14)', () => {
  test('add a period to a season, see an overlap with another season refused by name, edit the period in place, remove it', async ({ page }, testInfo) => {
    const stamp = `${testInfo.project.name} ${Date.now()}`;
    const first = `Périodes A ${stamp}`;
    const second = `Périodes B ${stamp}`;
    // A year of its own per project and run: the periods of two seasons may never overlap.
    const year = 2100 + (Date.now() % 400) * 2 + (testInfo.project.name === 'mobile' ? 1 : 0);
    await signInAsAdmin(page);
    await page.goto('/admin/seasons');
    for (const name of [first, second]) {
      await page.getByLabel('Nom de la saison').fill(name);
      await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await expect(page.getByRole('region', { name: `Saison « ${name} »` })).toBeVisible();
    }

    const cardA = page.getByRole('region', { name: `Saison « ${first} »` });
    await expect(cardA.getByText('Aucune période : ces nuits sont au prix de base de chaque chambre')).toBeVisible();
    await cardA.getByLabel('Première nuit').fill(`${year}-07-01`);
    await cardA.getByLabel('Dernière nuit').fill(`${year}-08-31`);
    await cardA.getByRole('button', { name: 'Enregistrer la période' }).click();
    await expect(page.getByText('Période ajoutée avec succès')).toBeVisible();
    const periodsA = cardA.getByRole('list', { name: `Périodes de ${first}` });
    await expect(periodsA.getByText(`du 01/07/${year} au 31/08/${year} (nuits incluses)`)).toBeVisible();

    const cardB = page.getByRole('region', { name: `Saison « ${second} »` });
    await cardB.getByLabel('Première nuit').fill(`${year}-08-15`);
    await cardB.getByLabel('Dernière nuit').fill(`${year}-09-15`);
    await cardB.getByRole('button', { name: 'Enregistrer la période' }).click();
    const clash = `Ces dates chevauchent la saison « ${first} » (du 01/07/${year} au 31/08/${year}) : une nuit ne peut appartenir qu'à une saison`;
    await expect(cardB.getByText(clash)).toBeVisible();
    await expect(cardB.getByText('Aucune période : ces nuits sont au prix de base de chaque chambre')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Edit the period in place: it ends earlier now.
    await cardA.getByRole('button', { name: `Modifier la période du 01/07/${year} au 31/08/${year}` }).click();
    const edit = cardA.getByRole('form', { name: `Modifier la période du 01/07/${year} au 31/08/${year}` });
    await edit.getByLabel('Dernière nuit').fill(`${year}-07-31`);
    await edit.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Période modifiée avec succès')).toBeVisible();
    await expect(periodsA.getByText(`du 01/07/${year} au 31/07/${year} (nuits incluses)`)).toBeVisible();

    await cardA.getByRole('button', { name: `Supprimer la période du 01/07/${year} au 31/07/${year}` }).click();
    await page.getByRole('alertdialog', { name: 'Supprimer cette période ?' }).getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Période supprimée avec succès')).toBeVisible();
    await expect(cardA.getByText('Aucune période : ces nuits sont au prix de base de chaque chambre')).toBeVisible();

    // Leave no season behind (their names are unique per run).
    for (const name of [first, second]) {
      await page.getByRole('button', { name: `Supprimer ${name}`, exact: true }).click();
      await page.getByRole('alertdialog', { name: 'Supprimer la saison' }).getByRole('button', { name: 'Supprimer' }).click();
      await expect(page.getByRole('region', { name: `Saison « ${name} »` })).toHaveCount(0);
    }
  });
});
