// Issue 34 (back office and public site, third pass), at 1280 px (desktop project) and
// 375 px (mobile project): the editing-language picker after "Rester sur la page",
// guarded Configuration and Saisons forms, the room editor's tabs and titles on a phone,
// the menu without JavaScript. (Its items 3 and 5, the legal notice and the invitation,
// are issue 47's now: lawful-and-finished.spec.ts.)
import { type Locator, type Page } from '@playwright/test';
import { closeSidebar, closeToast, openSidebar } from './admin-helpers';
import { expect, test, signInAsAdmin } from './fixtures';

const prompt = (page: Page) => page.getByRole('alertdialog', { name: 'Modifications non enregistrées' });
const sidebarLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name });

async function openFirstRoomEditor(page: Page) {
  await page.goto('/admin/rooms');
  await page
    .getByRole('table', { name: 'Chambres' })
    .getByRole('link', { name: /^Modifier / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/room\/[0-9a-f-]{36}$/);
}

/** True when the element's text does not fit in its box (clipped or ellipsed). */
const overflows = (locator: Locator) => locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1);

test('item 1: after "Rester sur la page" the picker shows the language the editor holds', async ({ page }) => {
  await signInAsAdmin(page);
  await openFirstRoomEditor(page);
  const name = page.getByLabel('Nom de la chambre *');
  const original = await name.inputValue();
  await name.fill(`${original} (brouillon)`);

  await openSidebar(page);
  const picker = page.getByLabel("Langue d'édition");
  await expect(picker).toHaveValue('fr');
  await picker.selectOption({ label: 'Deutsch' });
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(prompt(page)).toBeHidden();

  // The editor still holds French, and so does the picker (not Deutsch).
  await expect(page.getByText("Langue d'édition : Français")).toBeVisible();
  await expect(name).toHaveValue(`${original} (brouillon)`);
  await openSidebar(page);
  await expect(picker).toHaveValue('fr');

  // Choosing again asks again; leaving switches for real.
  await picker.selectOption({ label: 'English' });
  await prompt(page).getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page.getByText("Langue d'édition : English")).toBeVisible();
  await closeSidebar(page);
  await openSidebar(page);
  await expect(picker).toHaveValue('en');
  await picker.selectOption({ label: 'Français' });
  await expect(page.getByText("Langue d'édition : Français")).toBeVisible();
});

test('item 2: a transport description and the Saisons forms ask before their edits are lost', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/config');
  const description = page.getByRole('textbox', { name: 'Description (En voiture)' });
  await expect(description).toBeVisible();
  const before = await description.innerText();
  await description.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' TEXTE AJOUTÉ');

  await openSidebar(page);
  await sidebarLink(page, 'Sections').click();
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(page).toHaveURL(/\/admin\/config$/);
  await expect(description).toContainText('TEXTE AJOUTÉ');
  await closeSidebar(page);

  // The legal-notice fields of the same screen are guarded too (one blocker for every form).
  await description.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(before.trim() || 'x');
  await page.getByRole('button', { name: 'Sauvegarder la description' }).first().click();
  await closeToast(page, 'Description sauvegardée');
  const host = page.getByLabel("Nom de l'hébergeur");
  await host.fill(`${await host.inputValue()} brouillon`);
  await openSidebar(page);
  await sidebarLink(page, 'Sections').click();
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page).toHaveURL(/\/admin\/sections$/);
  await closeSidebar(page);

  // Saisons: the minimum stay of a season.
  await page.goto('/admin/seasons');
  const minStay = page.getByLabel('Séjour minimum (nuits)').first();
  await minStay.fill('9');
  await openSidebar(page);
  await sidebarLink(page, 'Chambres').click();
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(page).toHaveURL(/\/admin\/seasons$/);
  await expect(minStay).toHaveValue('9');
  await closeSidebar(page);

  // The add-season form too; after leaving anyway nothing was saved.
  await page.getByLabel('Nom de la saison').fill('Saison brouillon');
  await openSidebar(page);
  await sidebarLink(page, 'Chambres').click();
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/seasons');
  await expect(page.getByText('Saison brouillon')).toHaveCount(0);
});

test('item 4: on a phone the editor tabs do not overlap and the titles are whole', async ({ page }) => {
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

test('item 6: without JavaScript the phone menu opens and its links work', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 }, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Navigation principale' }).locator('visible=true');
  await expect(menu.getByRole('link', { name: "Livre d'or" })).toHaveCount(0);
  await page.getByLabel('Ouvrir le menu').click();
  await expect(menu.getByRole('link', { name: "Livre d'or" })).toBeVisible();
  await menu.getByRole('link', { name: "Livre d'or" }).click();
  await expect(page).toHaveURL(/\/livre-dor$/);
  await context.close();
});

test('item 10: after a contact send the success panel is in view; the guest book says why Send waits', async ({ page }) => {
  await page.goto('/');
  const form = page.locator('#contact');
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Marie');
  await form.getByLabel('Email').fill('marie@example.com');
  await form.getByLabel('Message').fill('Bonjour, avez-vous une chambre en mai ?');
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  const panel = page.getByTestId('contact-success');
  await expect(panel).toBeVisible();
  await expect(panel).toBeInViewport();

  await page.goto('/livre-dor');
  const send = page.getByRole('button', { name: 'Envoyer mon témoignage' });
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription('Choisissez votre pays pour pouvoir envoyer votre témoignage.');
  await page.getByLabel('Pays').selectOption('FR');
  await expect(send).toBeEnabled();
  await expect(page.getByText('Choisissez votre pays pour pouvoir envoyer votre témoignage.')).toHaveCount(0);
});
