import type { Page } from '@playwright/test';
import { expect, test, holdBack, signInAsAdmin } from './fixtures';
import { uniqueTag } from './admin-helpers';

const roomRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

// Tiptap loads in the browser after hydration. On a slow phone the owner can press
// Sauvegarder before it arrives: the stored text must then be sent once per field
// (a preview and an editor both in the form sent the field as a list and the save failed).
test('a room saved before the text editors have loaded is saved', async ({ page }, testInfo) => {
  const name = `Chambre avant l'éditeur ${uniqueTag(testInfo.project.name)}`;
  await signInAsAdmin(page);

  const { requested: editorRequested, release } = await holdBack(page, '**/assets/rich-text-editor-tiptap-*.js');

  await page.goto('/admin/room/new');
  await editorRequested; // hydrated, the editor's code on its way and held back
  await page.getByLabel('Nom de la chambre *').fill(name);
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page).toHaveURL(/\/admin\/room\/[0-9a-f-]{36}$/);
  release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.goto('/admin/rooms');
  await expect(roomRow(page, name)).toHaveCount(1);
  await roomRow(page, name)
    .getByRole('button', { name: `Supprimer ${name}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(roomRow(page, name)).toHaveCount(0);
});
