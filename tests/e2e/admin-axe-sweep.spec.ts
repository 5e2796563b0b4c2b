// axe-core on every back-office screen, at both widths (this spec runs in the desktop
// and the 375 px mobile projects): each list screen, both editors new and existing
// with each of their tabs, a booking's record, a person's data found in Configuration, a
// confirmation dialog, and the sidebar sheet on a phone. (The pending invitations and the
// no-access page are scanned where they are made: lawful-and-finished.spec.ts.)
// Transitions are frozen before each scan (axe.ts). Failures are collected per
// screen so one run names every screen that has a violation.
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { isMobile, openSidebar } from './admin-helpers';
import { currentServer, expect, signInAsAdmin, test } from './fixtures';

// Every back-office screen in turn, beside the integration lanes in CI: a hang, not a pace, fails it.
test.setTimeout(480_000);

const LIST_SCREENS: Array<[path: string, heading: string | RegExp]> = [
  ['/admin', 'Gestion des Chambres'],
  ['/admin/users', /Utilisateurs/],
  ['/admin/seasons', /Saisons/],
  ['/admin/promo-codes', 'Codes promo'],
  ['/admin/simulation', 'Simuler un séjour'],
  ['/admin/testimonials', /Livre d'Or|Témoignages/],
  ['/admin/messages', 'Messages'],
  ['/admin/reservations', /Réservations/],
  ['/admin/today', "Aujourd'hui"],
  ['/admin/arrivals', 'Arrivées'],
  ['/admin/tourist-tax', 'Taxe de séjour'],
  ['/admin/booking/new', 'Enregistrer une réservation'],
  ['/admin/notes', 'Factures'],
  ['/admin/sections', "Sections de la page d'accueil"],
  ['/admin/languages', /Langues/],
  ['/admin/translations', 'Traductions'],
  ['/admin/config', /Configuration/],
  ['/admin/notifications', 'Notifications'],
  ['/admin/room/new', 'Nouvelle chambre'],
  ['/admin/section/new', 'Nouvelle section'],
];

async function scan(page: Page, screen: string) {
  expect.soft(await axeViolations(page), `axe on ${screen}`).toEqual([]);
}

/** Scans an editor's every tab (the general tab is the one shown on arrival). */
async function scanTabs(page: Page, editor: string, tabs: string[]) {
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await scan(page, `${editor}, tab ${tab}`);
  }
}

async function firstEditorHref(page: Page, list: string, table: string) {
  await page.goto(list);
  return (await page
    .getByRole('table', { name: table })
    .getByRole('link', { name: /^Modifier / })
    .first()
    .getAttribute('href'))!;
}

test('axe finds nothing on any back-office screen', async ({ page }) => {
  // A message, so that Messages shows an enquiry card and not only its empty state.
  const response = await page.request.post(`${currentServer().origin}/?index`, {
    headers: { origin: currentServer().origin },
    form: { intent: 'contact', website: '', name: 'Visiteur axe', email: 'axe@example.org', guests: '2', message: 'Bonjour, une chambre ?' },
  });
  expect(response.status()).toBe(200);
  await signInAsAdmin(page);

  for (const [path, heading] of LIST_SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await scan(page, path);
  }

  await page.goto(await firstEditorHref(page, '/admin/rooms', 'Chambres'));
  await scanTabs(page, 'room editor', ['Informations générales', 'Images', 'Tarifs et règles', 'Calendriers']);
  await page.goto(await firstEditorHref(page, '/admin/sections', 'Sections'));
  await scanTabs(page, 'section editor', ['Général', 'Images']);

  // A booking's record (the demo's phone booking, from the home's list of stays), its forms open.
  await page.goto('/admin/today');
  await page
    .getByRole('table', { name: /^Séjours des / })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /^Réservation de / })).toBeVisible();
  await page.getByText('Modifier les dates ou la chambre…').click();
  await page.getByText('Annuler la réservation…').click();
  await scan(page, 'booking record');

  // Configuration → Données personnelles: one person's data found (the message sent above).
  await page.goto('/admin/config');
  const privacy = page.locator('#donnees-personnelles');
  await privacy.getByLabel('Adresse email de la personne').fill('axe@example.org');
  await privacy.getByRole('button', { name: 'Rechercher' }).click();
  await expect(privacy.getByRole('region', { name: 'Données de axe@example.org' })).toBeVisible();
  await scan(page, "a person's data (Configuration)");

  // A confirmation dialog (every delete uses the same one).
  await page.goto('/admin/rooms');
  await page
    .getByRole('table', { name: 'Chambres' })
    .getByRole('button', { name: /^Supprimer / })
    .first()
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await scan(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Annuler' }).click();

  if (isMobile(page)) {
    await openSidebar(page);
    await scan(page, 'sidebar sheet');
  }
});
