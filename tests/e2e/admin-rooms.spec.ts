// Rooms in the back office, end to end: create, edit in fr and en, season prices,
// reorder, delete, and the public site reflecting each change (SPEC §2, §4, §5, §8).
import type { Locator, Page } from '@playwright/test';
import { isMobile, openFirstRoomEditor, openSidebar, setEditingLanguage, uniqueTag } from './admin-helpers';
import { expectNoAxeViolations } from './axe';
import { expect, test, signInAsAdmin } from './fixtures';

async function typeInEditor(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.type(text);
}

function roomRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
}

test.describe('admin rooms', () => {
  test('the shell: sidebar entries, highlight, sign-out button, and the keyboard shortcut', async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('heading', { name: "Aujourd'hui" })).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Gestion des Chambres' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
    await openSidebar(page);
    const nav = page.getByRole('navigation', { name: 'Administration' });
    for (const label of ['Chambres', 'Utilisateurs', 'Saisons', "Livre d'Or", 'Messages', 'Sections', 'Langues', 'Configuration']) {
      await expect(nav.getByRole('link', { name: label, exact: false }).first()).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Chambres' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel("Langue d'édition")).toBeVisible();
    await expectNoAxeViolations(page);
    await nav.getByRole('link', { name: 'Sections' }).click();
    await expect(page).toHaveURL(/\/admin\/sections$/);
    await openSidebar(page);
    await expect(page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Sections' })).toHaveAttribute('aria-current', 'page');
    if (!isMobile(page)) {
      const sidebar = page.locator('[data-slot=sidebar][data-state]');
      await expect(sidebar).toHaveAttribute('data-state', 'expanded');
      await page.keyboard.press('Control+b');
      await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
      await expect(page.getByLabel("Langue d'édition")).toBeHidden();
      // The state is kept in a cookie: it survives a reload.
      await page.reload();
      await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
      await page.keyboard.press('Control+b');
      await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    }
  });

  test('create, validate, edit in fr and en, season prices, reorder and delete a room', async ({ page }, testInfo) => {
    const tag = uniqueTag(testInfo.project.name);
    const frName = `Chambre E2E ${tag}`;
    const enName = `Room E2E ${tag}`;
    await signInAsAdmin(page);
    await page.goto('/admin');

    // Create
    await page.getByRole('link', { name: 'Ajouter une chambre' }).click();
    await expect(page).toHaveURL(/\/admin\/room\/new$/);
    await expect(page.getByRole('heading', { name: 'Nouvelle chambre' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Images' })).toBeDisabled();
    await expect(page.getByRole('tab', { name: 'Tarifs et règles' })).toBeDisabled();
    await expect(page.getByLabel('Personnes max *')).toHaveValue('2');
    await expectNoAxeViolations(page);

    // Validation (SPEC §5): name required, max guests 1 to 10.
    await page.getByLabel('Personnes max *').fill('11');
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByText('Le nom est requis')).toBeVisible();
    await expect(page.getByText('Le nombre de personnes doit être compris entre 1 et 10')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/room\/new$/);

    await page.getByLabel('Nom de la chambre *').fill(frName);
    await page.getByLabel('Personnes max *').fill('3');
    await page.getByLabel('Prix de base par nuit (€)').fill('88.50');
    await typeInEditor(page, "Description courte (page d'accueil)", 'Une chambre de test au calme.');
    await typeInEditor(page, 'Description détaillée', 'Description détaillée de test.');
    await page.getByRole('textbox', { name: 'Description détaillée' }).press('Control+a');
    await page.getByRole('button', { name: 'Gras' }).first().click();
    await page.getByLabel('Tags (séparés par des virgules)').fill('Calme, Test');
    await page.getByRole('checkbox', { name: 'Piscine', exact: true }).check();
    await page.getByRole('button', { name: 'Sauvegarder' }).click();

    await expect(page.getByText('Chambre sauvegardée avec succès')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/room\/[0-9a-f-]{36}$/);
    const roomId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: `Édition: ${frName}` })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Piscine', exact: true })).toBeChecked();
    await expect(page.getByRole('tab', { name: 'Images' })).toBeEnabled();

    // Season prices: saved on leaving the field, then deleted.
    await page.getByRole('tab', { name: 'Tarifs et règles' }).click();
    const priceInputs = page.getByRole('spinbutton');
    await expect(priceInputs.first()).toBeVisible();
    await priceInputs.first().fill('123.45');
    await priceInputs.first().press('Tab');
    await expect(page.getByText('Prix de saison mis à jour')).toBeVisible();
    const deletePrice = page.getByRole('button', { name: /^Supprimer le prix / }).first();
    await expect(deletePrice).toBeVisible();
    await expectNoAxeViolations(page);
    await deletePrice.click();
    await expect(page.getByText('Prix de saison supprimé')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Supprimer le prix / })).toHaveCount(0);

    // The public page shows the French texts.
    await page.goto(`/room/${roomId}?lang=fr`);
    await expect(page.getByRole('heading', { level: 1, name: frName })).toBeVisible();
    await expect(page.getByText('Description détaillée de test.')).toBeVisible();

    // Edit in English via the editing language: the fields start empty, French stays.
    await page.goto(`/admin/room/${roomId}`);
    await setEditingLanguage(page, 'English');
    await expect(page.getByText("Langue d'édition : English")).toBeVisible();
    await expect(page.getByLabel('Nom de la chambre *')).toHaveValue('');
    await page.getByLabel('Nom de la chambre *').fill(enName);
    await typeInEditor(page, 'Description détaillée', 'An English test description.');
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByText('Chambre sauvegardée avec succès')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Édition: ${enName}` })).toBeVisible();

    await page.goto(`/room/${roomId}?lang=en`);
    await expect(page.getByRole('heading', { level: 1, name: enName })).toBeVisible();
    await expect(page.getByText('An English test description.')).toBeVisible();
    await page.goto(`/room/${roomId}?lang=fr`);
    await expect(page.getByRole('heading', { level: 1, name: frName })).toBeVisible();

    // Back in French: the list shows the French name; the new room is last.
    await page.goto('/admin/rooms');
    await setEditingLanguage(page, 'Français');
    const row = roomRow(page, frName);
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: `Descendre ${frName}` })).toBeDisabled();
    const position = Number(await row.getByRole('cell').first().textContent());
    await expect(row.getByRole('cell', { name: '88,50 €' })).toBeVisible();

    // Reorder: up one place.
    await row.getByRole('button', { name: `Monter ${frName}` }).click();
    await expect(page.getByText('Ordre des chambres mis à jour')).toBeVisible();
    await expect(roomRow(page, frName).getByRole('cell').first()).toHaveText(String(position - 1));
    await expectNoAxeViolations(page);

    // Row click opens the editor.
    await roomRow(page, frName).getByRole('cell', { name: frName, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/room/${roomId}$`));
    await page.getByRole('link', { name: 'Retour aux chambres' }).click();
    await expect(page).toHaveURL(/\/admin\/rooms$/);

    // Delete with confirmation.
    await roomRow(page, frName)
      .getByRole('button', { name: `Supprimer ${frName}` })
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Cette action est irréversible');
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Chambre supprimée avec succès')).toBeVisible();
    await expect(roomRow(page, frName)).toHaveCount(0);

    await page.goto(`/room/${roomId}`);
    await expect(page.getByRole('heading', { name: 'Chambre non trouvée' })).toBeVisible();
  });

  test('an unknown room sends back to /admin with an error', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/room/00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Impossible de charger la chambre')).toBeVisible();
  });

  test('the rooms list works with the keyboard alone', async ({ page }) => {
    test.skip(isMobile(page), 'keyboard walk on desktop');
    await signInAsAdmin(page);
    await page.goto('/admin');
    const add = page.getByRole('link', { name: 'Ajouter une chambre' });
    await add.focus();
    await expect(add).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/room\/new$/);
    await page.getByRole('link', { name: 'Retour aux chambres' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/rooms$/);
    const firstEdit = page.getByRole('link', { name: /^Modifier / }).first();
    await firstEdit.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/room\/[0-9a-f-]{36}$/);
    // Tabs are reachable and switch with the arrow keys.
    await page.getByRole('tab', { name: 'Informations générales' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Images' })).toHaveAttribute('aria-selected', 'true');
  });
});

/** True when the element's text does not fit in its box (clipped or ellipsed). */
const overflows = (locator: Locator) => locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1);

test('the editor tabs do not overlap and the titles are whole, on a phone too', async ({ page }) => {
  await signInAsAdmin(page);
  await openFirstRoomEditor(page);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  const boxes = await tabs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, right: r.right, bottom: r.bottom })));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const overlap = a.x < b.right - 1 && b.x < a.right - 1 && a.y < b.bottom - 1 && b.y < a.bottom - 1;
      expect(overlap, `tabs ${i} and ${j} overlap`).toBe(false);
    }
  }
  for (let i = 0; i < boxes.length; i++) expect(await overflows(tabs.nth(i)), `tab ${i} text overflows`).toBe(false);
  expect(await overflows(page.getByRole('heading', { level: 1, name: 'Administration' }))).toBe(false);
  const title = page.getByRole('heading', { level: 2, name: /^Édition: / });
  expect(await overflows(title)).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});
