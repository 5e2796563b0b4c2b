// Issue 44 as the owner lives it, at 1280 px and 375 px: Configuration shows the rate a
// person pays (base and 34 % surcharge) as it is typed; the « Taxe de séjour » register
// opens on the last quarter (the demo's family with a minor, a phone stay, an Airbnb stay
// the platform collected), exports as CSV (parsed here), and the quarter is marked declared
// and paid — then withdrawn, so that the other project finds the demo as seeded.
import fs from 'node:fs';
import { closeToast, isMobile, openSidebar } from './admin-helpers';
import { expect, signInAsAdmin, test } from './fixtures';

test('the owner sets the rate, reads the register of the quarter, exports it and declares it', async ({ page }) => {
  await signInAsAdmin(page);

  // Configuration: 0,82 € of base and the regional 34 % are 1,10 € per person and per night.
  await page.goto('/admin/config');
  const card = page.locator('form', { has: page.getByLabel('Tarif de base (€ par personne et par nuit)') });
  await expect(card.getByTestId('tourist-tax-per-night')).toHaveText('soit 1,10 € par personne et par nuit');
  await card.getByLabel('Tarif de base (€ par personne et par nuit)').fill('1,00');
  await expect(card.getByTestId('tourist-tax-per-night')).toHaveText('soit 1,34 € par personne et par nuit');
  await card.getByLabel('Tarif de base (€ par personne et par nuit)').fill('0.82');

  // The register, from the sidebar.
  await openSidebar(page);
  await page.getByRole('link', { name: 'Taxe de séjour' }).click();
  await expect(page.getByRole('heading', { name: 'Taxe de séjour', level: 2 })).toBeVisible();
  const quarter = await page.getByLabel('Période').inputValue();
  expect(quarter).toMatch(/^\d{4}-T[1-4]$/);
  const register = page.getByRole('table', { name: 'Registre' });
  const family = register.getByRole('row').filter({ hasText: 'mineur' });
  await expect(family).toContainText('1 (mineur)');
  await expect(family).toContainText('1,10 €');
  await expect(register.getByRole('row').filter({ hasText: 'Airbnb' })).toHaveCount(1);
  await expect(page.getByTestId('total-house')).not.toHaveText('0 €');

  // The CSV, as a spreadsheet reads it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exporter en CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`taxe-de-sejour-${quarter}.csv`);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = new TextDecoder()
    .decode(bytes)
    .trim()
    .split('\r\n')
    .map((line) => line.split(';').map((cell) => cell.slice(1, -1)));
  expect(rows[0]!.slice(0, 4)).toEqual(['Arrivée', 'Départ', 'Chambre', 'Nuits dans la période']);
  const minor = rows.find((row) => row[6] === 'mineur')!;
  // 3 persons, 1 exempt: 2 adults × 3 nights × 1,10 €.
  expect(minor.slice(3, 11)).toEqual(['3', '2', '1', 'mineur', '6', '3', '1,10', '6,60']);
  expect(rows.find((row) => row[11] === 'Airbnb')).toBeTruthy();
  for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@]/);

  // Declared and paid: the quarter is locked.
  await page.getByLabel('Référence (facultatif)').fill(`E2E-${isMobile(page) ? 'mobile' : 'desktop'}`);
  await page.getByRole('button', { name: 'Marquer déclarée et payée' }).click();
  await closeToast(page, 'Période déclarée : son registre est verrouillé');
  await expect(page.getByText(/^Déclarée et payée le /).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Marquer déclarée et payée' })).toHaveCount(0);

  // Withdrawn again (it was a test): the quarter opens again.
  await page.getByRole('button', { name: /^Annuler la déclaration / }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Annuler la déclaration' }).click();
  await closeToast(page, 'Déclaration annulée : la période est de nouveau ouverte');
  await expect(page.getByRole('button', { name: 'Marquer déclarée et payée' })).toBeVisible();
});
