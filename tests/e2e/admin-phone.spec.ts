// The back office on a phone (375 px): every list screen fits without horizontal
// scrolling, and one operation of each is done by tapping touch-sized (≥ 44 px)
// controls: Chambres reorder, Saisons add/delete, Livre d'Or publish, Utilisateurs
// role change, Langues edit, Sections deactivate/activate, Messages read/unread,
// Réservations block/delete, Configuration distance add/delete, hero images reorder.
import { type Locator, type Page } from '@playwright/test';
import { closeToast } from './admin-helpers';
import { expect, test, signInAsAdmin } from './fixtures';
import { axeViolations } from './axe';

test.skip(({ viewport }) => (viewport?.width ?? 1280) > 400, 'phone layout only');

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function tapTouchTarget(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  // Measured at rest: a dialog's opening zoom (95 % → 100 %) made a 44 px button 43.8 px.
  await control.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) =>
          animation.finished.then(
            () => undefined,
            () => undefined,
          ),
        ),
    ),
  );
  const box = await control.boundingBox();
  expect(box, 'control is laid out').not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(44);
  await control.tap();
}

test('every list screen is usable at 375 px by touch', async ({ page, playwright, baseURL }, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const email = `phone-${stamp}@example.com`;
  const api = await playwright.request.newContext({ baseURL });
  const signUp = await api.post('/auth', {
    form: { intent: 'signup', email, password: 'e2e-user-password' },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(302);
  await api.dispose();
  await signInAsAdmin(page);

  // Shell: labelled sign-out and "Voir le site" are visible.
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voir le site' })).toHaveAttribute('href', '/');

  // Chambres: reorder.
  await page.goto('/admin');
  await page.goto('/admin/rooms');
  await expectNoHorizontalScroll(page);
  const rooms = page.getByRole('table', { name: 'Chambres' });
  const firstName = (await rooms.getByRole('row').nth(1).getByRole('cell').nth(1).textContent())!.trim();
  await tapTouchTarget(rooms.getByRole('button', { name: `Descendre ${firstName}` }));
  await expect(page.getByText('Ordre des chambres mis à jour')).toBeVisible();
  await expect(rooms.getByRole('row').nth(2)).toContainText(firstName);
  await closeToast(page, 'Ordre des chambres mis à jour');
  await tapTouchTarget(rooms.getByRole('button', { name: `Monter ${firstName}` }));
  await expect(rooms.getByRole('row').nth(1)).toContainText(firstName);
  expect(await axeViolations(page)).toEqual([]);

  // Saisons: add, then delete with the confirmation.
  await page.goto('/admin/seasons');
  await expectNoHorizontalScroll(page);
  const season = `Saison ${stamp}`;
  await page.getByLabel('Nom de la saison').fill(season);
  await tapTouchTarget(page.getByRole('button', { name: 'Ajouter' }));
  await closeToast(page, 'Saison ajoutée avec succès');
  await tapTouchTarget(page.getByRole('button', { name: `Supprimer ${season}` }));
  await tapTouchTarget(page.getByRole('alertdialog', { name: 'Supprimer la saison' }).getByRole('button', { name: 'Supprimer' }));
  await expect(page.getByText('Saison supprimée avec succès')).toBeVisible();

  // Livre d'Or: publish / unpublish, every action of a row reachable.
  await page.goto('/admin/testimonials');
  await expectNoHorizontalScroll(page);
  const row = page.getByRole('table', { name: 'Témoignages' }).getByRole('row').nth(1);
  const publish = row.getByRole('button', { name: /^(Publier|Dépublier) le témoignage de / });
  const wasPublished = (await publish.getAttribute('aria-label'))!.startsWith('Dépublier');
  await tapTouchTarget(publish);
  await expect(page.getByText(wasPublished ? 'Témoignage dépublié' : 'Témoignage publié', { exact: true })).toBeVisible();
  await closeToast(page, wasPublished ? 'Témoignage dépublié' : 'Témoignage publié');
  await tapTouchTarget(row.getByRole('button', { name: /^(Publier|Dépublier) le témoignage de / }));
  await expect(page.getByText(wasPublished ? 'Témoignage publié' : 'Témoignage dépublié', { exact: true })).toBeVisible();
  for (const action of [/^Voir le témoignage/, /^Modifier le témoignage/, /^Favori : /, /^Supprimer le témoignage/]) {
    await expect(row.getByRole('button', { name: action })).toBeInViewport();
  }
  expect(await axeViolations(page)).toEqual([]);

  // Utilisateurs: role change.
  await page.goto('/admin/users');
  await expectNoHorizontalScroll(page);
  await page.getByRole('searchbox', { name: 'Rechercher un utilisateur' }).fill(email);
  await tapTouchTarget(page.getByRole('button', { name: `Modifier le rôle de ${email}` }));
  const dialog = page.getByRole('dialog', { name: 'Modifier le rôle' });
  // The role's whole line (the radio, its name and what it may do) is the touch target.
  await tapTouchTarget(dialog.locator('label').filter({ has: page.getByRole('radio', { name: 'Administrateur', exact: true }) }));
  await tapTouchTarget(dialog.getByRole('button', { name: 'Enregistrer' }));
  await expect(page.getByText('Rôle mis à jour avec succès')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Utilisateurs' }).getByText('Administrateur', { exact: true })).toBeVisible();

  // Langues: edit through the dialog.
  await page.goto('/admin/languages');
  await expectNoHorizontalScroll(page);
  await tapTouchTarget(page.getByRole('button', { name: 'Modifier English' }));
  const edit = page.getByRole('dialog', { name: 'Modifier la langue' });
  await tapTouchTarget(edit.getByRole('button', { name: 'Enregistrer' }));
  await expect(page.getByText('Langue modifiée avec succès')).toBeVisible();

  // Sections: deactivate and activate again.
  await page.goto('/admin/sections');
  await expectNoHorizontalScroll(page);
  const toggle = page
    .getByRole('table', { name: 'Sections' })
    .getByRole('button', { name: /^(Activer|Désactiver) / })
    .first();
  const label = (await toggle.getAttribute('aria-label'))!;
  await tapTouchTarget(toggle);
  const title = label.replace(/^(Activer|Désactiver) /, '');
  const back = page.getByRole('button', { name: `${label.startsWith('Activer') ? 'Désactiver' : 'Activer'} ${title}` });
  await tapTouchTarget(back);
  await expect(page.getByRole('button', { name: label })).toBeVisible();

  // Messages: mark an enquiry read, then unread again.
  const visitor = `Visiteur ${stamp}`;
  const sent = await page.request.post('/?index', {
    headers: { origin: baseURL! },
    form: { intent: 'contact', website: '', name: visitor, email: 'visiteur@example.org', guests: '2', message: 'Une chambre ?' },
  });
  expect(sent.status()).toBe(200);
  await page.goto('/admin/messages');
  await expectNoHorizontalScroll(page);
  const enquiry = page.getByRole('article', { name: visitor });
  await tapTouchTarget(enquiry.getByRole('button', { name: `Marquer comme lu : message de ${visitor}` }));
  await expect(page.getByText('Message marqué comme lu')).toBeVisible();
  await closeToast(page, 'Message marqué comme lu');
  await tapTouchTarget(enquiry.getByRole('button', { name: `Marquer comme non lu : message de ${visitor}` }));
  await expect(page.getByText('Message marqué comme non lu')).toBeVisible();
  await closeToast(page, 'Message marqué comme non lu');

  // Réservations: block nights far ahead, then delete the block with its confirmation.
  await page.goto('/admin/reservations');
  await expectNoHorizontalScroll(page);
  // The occupancy grid names every room in full, wrapped rather than cut (« Chambre… »).
  const roomHeaders = page.getByRole('region', { name: /^Occupation de / }).getByRole('rowheader');
  expect(await roomHeaders.count()).toBeGreaterThan(1);
  for (const header of await roomHeaders.all()) {
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis'), await header.innerText()).toBe(
      true,
    );
  }
  // Two years ahead: no other spec books or blocks that far, so the nights are free.
  const night = new Date(Date.now() + (700 + (Date.now() % 300)) * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Première nuit').fill(night);
  await page.getByLabel('Dernière nuit').fill(night);
  await page.getByLabel('Note').fill(`Blocage ${stamp}`);
  await tapTouchTarget(page.getByRole('button', { name: 'Bloquer ces nuits' }));
  await expect(page.getByText('Nuits bloquées', { exact: true })).toBeVisible();
  await closeToast(page, 'Nuits bloquées');
  const block = page
    .getByRole('list', { name: 'Blocages à venir' })
    .getByRole('listitem')
    .filter({ hasText: `Blocage ${stamp}` });
  await tapTouchTarget(block.getByRole('button', { name: /^Supprimer le blocage / }));
  await tapTouchTarget(page.getByRole('alertdialog', { name: 'Supprimer ce blocage ?' }).getByRole('button', { name: 'Supprimer' }));
  await expect(page.getByText('Blocage supprimé', { exact: true })).toBeVisible();
  await expect(block).toHaveCount(0);

  // Configuration: its lists (contact emails, distances) too.
  await page.goto('/admin/config');
  await expectNoHorizontalScroll(page);
  const city = `Ville ${stamp}`;
  const distanceForm = page.locator('form').filter({ has: page.getByLabel('Durée (minutes)') });
  await distanceForm.getByLabel('Ville').fill(city);
  await distanceForm.getByLabel('Durée (minutes)').fill('25');
  await tapTouchTarget(distanceForm.getByRole('button', { name: 'Ajouter' }));
  await expect(page.getByText('Distance ajoutée avec succès')).toBeVisible();
  await closeToast(page, 'Distance ajoutée avec succès');
  await tapTouchTarget(page.getByRole('list', { name: 'Distances' }).getByRole('button', { name: `Supprimer ${city}` }));
  await expect(page.getByText('Distance supprimée avec succès')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Distances' })).not.toContainText(city);
});

test('hero images are reordered by touch at 375 px', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/config');
  await expectNoHorizontalScroll(page);
  const scope = page.locator('div', { has: page.getByText("Images d'accueil", { exact: true }) }).last();
  const thumbnails = scope.getByRole('img', { name: /^Image \d+$/ });
  expect(await thumbnails.count(), 'the demo site has hero images').toBeGreaterThanOrEqual(2);
  const srcOf = (n: number) => scope.getByRole('img', { name: `Image ${n}`, exact: true }).getAttribute('src');
  const [first, second] = [await srcOf(1), await srcOf(2)];
  await expect(scope.getByRole('button', { name: "Monter l'image 1" })).toBeDisabled();

  await tapTouchTarget(scope.getByRole('button', { name: "Descendre l'image 1" }));
  await expect(page.getByText('Ordre des images mis à jour')).toBeVisible();
  await expect.poll(() => srcOf(1)).toBe(second);
  expect(await srcOf(2)).toBe(first);
  await closeToast(page, 'Ordre des images mis à jour');

  // The home page's slider follows the new order; then the order is put back.
  const heroSources = async () => {
    const home = await page.request.get('/');
    // The first slide is drawn by the server, the others once the page has hydrated: the order of first
    // mention holds (the first slide's preload, then the page's structured data, names in JSON strings).
    return [...(await home.text()).matchAll(/homepage-images\/hero\/[^"?&\s\\]+/g)].map((m) => m[0]);
  };
  const order = await heroSources();
  expect(order.indexOf(second!.match(/homepage-images\/hero\/[^"?&\s]+/)![0])).toBeLessThan(
    order.indexOf(first!.match(/homepage-images\/hero\/[^"?&\s]+/)![0]),
  );
  await tapTouchTarget(scope.getByRole('button', { name: "Monter l'image 2" }));
  await expect.poll(() => srcOf(1)).toBe(first);
});
