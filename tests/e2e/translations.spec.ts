// Issue 16: a new language starts hidden, is translated from the Traductions screen's
// links (0 % → more), flags a French change "à revoir" until saved again, and reaches
// visitors only once activated, after a confirmation showing the percentage.
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { closeToast } from './admin-helpers';
import { expect, test, signInAsAdmin } from './fixtures';

async function coverageCard(page: Page, title: string) {
  await page.goto('/admin/translations');
  const card = page.getByRole('region', { name: title });
  await expect(card).toBeVisible();
  return card;
}

async function saveRoom(page: Page) {
  await page.getByRole('button', { name: 'Sauvegarder', exact: true }).click();
  await closeToast(page, 'Chambre sauvegardée avec succès');
}

test('a new language is translated while hidden, flags French changes, and is public only once activated', async ({ page }, testInfo) => {
  const code = testInfo.project.name === 'mobile' ? 'tm' : 'td';
  const name = `Traduction ${testInfo.project.name}`;
  const title = `${name} (${code})`;
  await signInAsAdmin(page);

  // Added without ticking "Active": hidden, from visitors too.
  await page.goto('/admin/languages');
  await page.getByRole('button', { name: 'Ajouter une langue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle langue' });
  await dialog.getByLabel('Code ISO').fill(code);
  await dialog.getByLabel('Nom').fill(name);
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await closeToast(page, 'Langue créée avec succès');
  await page.goto(`/?lang=${code}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator(`link[rel="alternate"][hreflang="${code}"]`)).toHaveCount(0);

  // 0 %, every text listed; the screen passes axe.
  let card = await coverageCard(page, title);
  await expect(card).toContainText('Masquée');
  const percent = card.getByText(/^\d+\s%$/);
  await expect(percent).toHaveText(/^0\s%$/);
  expect(await axeViolations(page)).toEqual([]);

  // A link opens the room's field in the new language; saving raises the percentage.
  const link = card.getByRole('link', { name: /· Nom de la chambre$/ }).first();
  const linkText = (await link.textContent())!;
  await link.click();
  await expect(page).toHaveURL(/\/admin\/room\/[0-9a-f-]{36}\?editing=/);
  const roomUrl = new URL(page.url());
  const nameField = page.getByLabel('Nom de la chambre *');
  await expect(nameField).toBeFocused();
  await expect(page.getByText(`Langue d'édition : ${name}`)).toBeVisible();
  await nameField.fill(`Camera ${code}`);
  await saveRoom(page);
  card = await coverageCard(page, title);
  await expect(card.getByText(/^\d+\s%$/)).toHaveText(/^[1-9]\d?\s%$/);
  await expect(card.getByRole('link', { name: linkText, exact: true })).toHaveCount(0);

  // French changes: the translation is "à revoir" in the list and in the editor, until saved again.
  await page.goto(`${roomUrl.pathname}?editing=fr`);
  const french = await nameField.inputValue();
  try {
    await nameField.fill(`${french} (nouveau)`);
    await saveRoom(page);
    card = await coverageCard(page, title);
    await expect(card).toContainText('1 à revoir');
    const review = card.getByRole('listitem').filter({ hasText: 'à revoir' });
    await review.getByRole('link').click();
    await expect(nameField).toBeFocused();
    await expect(nameField).toHaveValue(`Camera ${code}`);
    const note = page.getByText('Le texte français a changé depuis cette traduction');
    await expect(note).toBeVisible();
    await saveRoom(page);
    await expect(note).toHaveCount(0);
    card = await coverageCard(page, title);
    await expect(card).not.toContainText('à revoir');
  } finally {
    await page.goto(`${roomUrl.pathname}?editing=fr`);
    await nameField.fill(french);
    await saveRoom(page);
  }

  // Activation under 100 % asks first, showing the percentage.
  await page.goto('/admin/languages');
  await page.getByRole('button', { name: `Modifier ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier la langue' });
  await edit.getByLabel('Active').check();
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Activer une langue incomplète ?' });
  await expect(confirm).toContainText(new RegExp(`Seulement \\d+\\s% des textes sont traduits en ${name}`));
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Activer quand même' }).click();
  await closeToast(page, 'Langue modifiée avec succès');
  await expect(page.getByRole('table', { name: 'Langues' }).getByRole('row').filter({ hasText: name })).toContainText('Active');

  await page.goto(`/?lang=${code}`);
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  await expect(page.locator(`link[rel="alternate"][hreflang="${code}"]`)).toHaveCount(1);

  // Leave the site as it was for the other specs.
  await page.goto('/admin/languages');
  await page.getByRole('button', { name: `Supprimer ${name}` }).click();
  await page.getByRole('alertdialog', { name: 'Supprimer la langue' }).getByRole('button', { name: 'Supprimer' }).click();
  await closeToast(page, 'Langue supprimée avec succès');
});
