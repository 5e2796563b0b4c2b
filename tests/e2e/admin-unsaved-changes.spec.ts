// Never lose the owner's work: leaving the room editor with unsaved changes asks first
// (sidebar link, editing-language switch, back button, closing the tab); after a
// successful save nothing asks.
import { expect, test, signInAsAdmin } from './fixtures';
import { closeSidebar, openSidebar } from './admin-helpers';

test('the room editor asks before a sidebar link or the language switch throws changes away', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/rooms');
  await page
    .getByRole('table', { name: 'Chambres' })
    .getByRole('link', { name: /^Modifier / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/room\/[0-9a-f-]{36}$/);
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
  await page.goto('/admin/rooms');
  await page
    .getByRole('table', { name: 'Chambres' })
    .getByRole('link', { name: /^Modifier / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/room\/[0-9a-f-]{36}$/);
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
