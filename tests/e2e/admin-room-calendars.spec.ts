import type { Page } from '@playwright/test';
import { expect, test, signInAsAdmin } from './fixtures';
import { uniqueTag } from './admin-helpers';
import { expectNoAxeViolations } from './axe';

const roomRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test('room editor Calendriers: import a feed (invalid refused), see it never synced, regenerate the export link, remove the feed', async ({
  page,
}, testInfo) => {
  const name = `Chambre calendriers ${uniqueTag(testInfo.project.name)}`;
  await signInAsAdmin(page);
  await page.goto('/admin/room/new');
  await expect(page.getByRole('tab', { name: 'Calendriers' })).toBeDisabled();
  await page.getByLabel('Nom de la chambre *').fill(name);
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page).toHaveURL(/\/admin\/room\/[0-9a-f-]{36}$/);

  await page.getByRole('tab', { name: 'Calendriers' }).click();
  await expect(page.getByText('Aucun calendrier importé pour cette chambre')).toBeVisible();
  const feedUrl = page.getByLabel('Lien iCal à importer');
  await feedUrl.fill('ftp://calendar.example.com/room.ics');
  await page.getByRole('button', { name: 'Importer ce calendrier' }).click();
  await expect(page.getByText("L'adresse doit être un lien http:// ou https://")).toBeVisible();

  const url = `https://calendar.example.com/${uniqueTag(testInfo.project.name)}.ics`;
  await feedUrl.fill(url);
  await page.getByRole('button', { name: 'Importer ce calendrier' }).click();
  // The feed is fetched as soon as it is added; example.com has no such host, so the
  // owner is told at once why it cannot be read, and the feed stays for later tries.
  await expect(page.getByText(/^Calendrier ajouté, mais sa lecture a échoué : .+ Il sera relu automatiquement\.$/)).toBeVisible();
  const feeds = page.getByRole('list', { name: 'Calendriers importés' });
  await expect(feeds.getByText(url)).toBeVisible();
  await expect(feeds.getByText('Dernière synchronisation réussie : jamais')).toBeVisible();
  await expect(feeds.getByText(/^Dernière erreur : /)).toBeVisible();

  const exportUrl = page.getByLabel("Lien d'export iCal");
  await expect(exportUrl).toHaveValue(/^https?:\/\/[^/]+\/ical\/[0-9a-f]{64}\.ics$/);
  const before = await exportUrl.inputValue();
  // Four tabs, long links: nothing scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Régénérer le lien' }).click();
  const dialog = page.getByRole('alertdialog', { name: "Régénérer le lien d'export ?" });
  await expect(dialog).toContainText("L'ancien lien cessera aussitôt de fonctionner");
  await dialog.getByRole('button', { name: 'Régénérer', exact: true }).click();
  await expect(page.getByText("Lien d'export régénéré : l'ancien lien ne fonctionne plus")).toBeVisible();
  await expect(exportUrl).not.toHaveValue(before);
  await expect(exportUrl).toHaveValue(/\/ical\/[0-9a-f]{64}\.ics$/);

  // Named after its host until the owner names it; the name is what the remove button says.
  await expect(feeds.getByText('calendar.example.com', { exact: true })).toBeVisible();
  await page.getByLabel('Nom du calendrier calendar.example.com').fill('Site de la mairie');
  await page.getByRole('button', { name: 'Renommer le calendrier calendar.example.com' }).click();
  await expect(page.getByText('Calendrier renommé avec succès')).toBeVisible();
  await expect(feeds.getByText('Site de la mairie', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer le calendrier Site de la mairie' }).click();
  await page.getByRole('alertdialog', { name: 'Supprimer ce calendrier ?' }).getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Calendrier supprimé avec succès')).toBeVisible();
  await expect(page.getByText('Aucun calendrier importé pour cette chambre')).toBeVisible();

  // Leave no room behind.
  await page.goto('/admin/rooms');
  await roomRow(page, name)
    .getByRole('button', { name: `Supprimer ${name}` })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(roomRow(page, name)).toHaveCount(0);
});
