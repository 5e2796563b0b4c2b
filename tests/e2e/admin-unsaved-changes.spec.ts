// Never lose the owner's work: leaving the room editor with unsaved changes asks first
// (sidebar link, editing-language switch, back button, closing the tab); after a
// successful save nothing asks. Configuration's and Saisons' forms ask alike, and a
// switch the owner stayed from leaves the picker on the language the editor holds.
import type { Page } from '@playwright/test';
import { expect, test, signInAsAdmin } from './fixtures';
import { closeSidebar, closeToast, openFirstRoomEditor, openSidebar } from './admin-helpers';

const unsavedPrompt = (page: Page) => page.getByRole('alertdialog', { name: 'Modifications non enregistrées' });
const sidebarLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name });

test('the room editor asks before a sidebar link or the language switch throws changes away', async ({ page }) => {
  await signInAsAdmin(page);
  await openFirstRoomEditor(page);
  const editorUrl = page.url();
  const name = page.getByLabel('Nom de la chambre *');
  const original = await name.inputValue();
  const prompt = page.getByRole('alertdialog', { name: 'Modifications non enregistrées' });

  // Nothing changed: leaving does not ask.
  await openSidebar(page);
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Saisons' }).click();
  await expect(page).toHaveURL(/\/admin\/seasons$/);
  await expect(prompt).toHaveCount(0);
  await page.goto(editorUrl);

  // A sidebar link with a changed name: asked; staying keeps the change.
  await name.fill(`${original} (brouillon)`);
  await openSidebar(page);
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Saisons' }).click();
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('elles seront perdues');
  await prompt.getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(editorUrl);
  await expect(name).toHaveValue(`${original} (brouillon)`);

  // The editing-language switch: asked too; leaving anyway switches the language.
  await openSidebar(page);
  await page.getByLabel("Langue d'édition").selectOption({ label: 'English' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page.getByText("Langue d'édition : English")).toBeVisible();
  await closeSidebar(page);

  // Back in French the draft is gone (never saved), and after a save nothing asks.
  await openSidebar(page);
  await page.getByLabel("Langue d'édition").selectOption({ label: 'Français' });
  await expect(page.getByText("Langue d'édition : Français")).toBeVisible();
  await closeSidebar(page);
  await expect(name).toHaveValue(original);
  await name.fill(original);
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page.getByText('Chambre sauvegardée avec succès')).toBeVisible();
  await openSidebar(page);
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Saisons' }).click();
  await expect(page).toHaveURL(/\/admin\/seasons$/);
  await expect(prompt).toHaveCount(0);
});

test('the back button and closing the tab ask too; after a save they do not', async ({ page }) => {
  await signInAsAdmin(page);
  await openFirstRoomEditor(page);
  const editorUrl = page.url();
  const name = page.getByLabel('Nom de la chambre *');
  const original = await name.inputValue();
  const prompt = page.getByRole('alertdialog', { name: 'Modifications non enregistrées' });
  const draft = `${original} (brouillon)`;
  await name.fill(draft);

  // Back button: asked in the page; staying keeps the draft.
  await page.goBack();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(page).toHaveURL(editorUrl);
  await expect(name).toHaveValue(draft);

  // Closing the tab (or reloading): the browser's own confirmation; cancelling keeps the page.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);
  await expect(name).toHaveValue(draft);

  // After a successful save neither asks.
  await name.fill(original);
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page.getByText('Chambre sauvegardée avec succès')).toBeVisible();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.accept();
  });
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/rooms$/);
  await expect(prompt).toHaveCount(0);
  await page.goForward();
  await expect(name).toHaveValue(original);
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  await closed;
  expect(dialogs).toEqual([]);
});

test('after "Rester sur la page" on a language switch, the picker shows the language the editor holds', async ({ page }) => {
  await signInAsAdmin(page);
  await openFirstRoomEditor(page);
  const name = page.getByLabel('Nom de la chambre *');
  const original = await name.inputValue();
  await name.fill(`${original} (brouillon)`);

  await openSidebar(page);
  const picker = page.getByLabel("Langue d'édition");
  await expect(picker).toHaveValue('fr');
  await picker.selectOption({ label: 'Deutsch' });
  await expect(unsavedPrompt(page)).toBeVisible();
  await unsavedPrompt(page).getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(unsavedPrompt(page)).toBeHidden();

  // The editor still holds French, and so does the picker (not Deutsch).
  await expect(page.getByText("Langue d'édition : Français")).toBeVisible();
  await expect(name).toHaveValue(`${original} (brouillon)`);
  await openSidebar(page);
  await expect(picker).toHaveValue('fr');

  // Choosing again asks again; leaving switches for real.
  await picker.selectOption({ label: 'English' });
  await unsavedPrompt(page).getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page.getByText("Langue d'édition : English")).toBeVisible();
  await closeSidebar(page);
  await openSidebar(page);
  await expect(picker).toHaveValue('en');
  await picker.selectOption({ label: 'Français' });
  await expect(page.getByText("Langue d'édition : Français")).toBeVisible();
});

test('a transport description, the legal notice and the Saisons forms ask before their edits are lost', async ({ page }) => {
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
  await expect(unsavedPrompt(page)).toBeVisible();
  await unsavedPrompt(page).getByRole('button', { name: 'Rester sur la page' }).click();
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
  await expect(unsavedPrompt(page)).toBeVisible();
  await unsavedPrompt(page).getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page).toHaveURL(/\/admin\/sections$/);
  await closeSidebar(page);

  // Saisons: a season's stay rules (its minimum nights).
  await page.goto('/admin/seasons');
  const minStay = page.getByLabel('Nuits au minimum').first();
  await minStay.fill('9');
  await openSidebar(page);
  await sidebarLink(page, 'Chambres').click();
  await expect(unsavedPrompt(page)).toBeVisible();
  await unsavedPrompt(page).getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(page).toHaveURL(/\/admin\/seasons$/);
  await expect(minStay).toHaveValue('9');
  await closeSidebar(page);

  // The add-season form too; after leaving anyway nothing was saved.
  await page.getByLabel('Nom de la saison').fill('Saison brouillon');
  await openSidebar(page);
  await sidebarLink(page, 'Chambres').click();
  await expect(unsavedPrompt(page)).toBeVisible();
  await unsavedPrompt(page).getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/seasons');
  await expect(page.getByText('Saison brouillon')).toHaveCount(0);
});
