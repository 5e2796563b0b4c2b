// The enquiry inbox: a message sent to the public contact action shows up in
// /admin/messages with the delivery state of its mail (no SMTP_URL in e2e: the
// mail is written as an .eml file and marked sent), can be marked read and deleted.
import { closeToast } from './admin-helpers';
import { currentServer, expect, signInAsAdmin, test } from './fixtures';

test('a visitor enquiry reaches the inbox, is marked read and deleted', async ({ page }, testInfo) => {
  const name = `Visiteur ${testInfo.project.name} ${Date.now()}`;

  // Posted as the contact form posts it (its action, its fields), so this spec does
  // not depend on the public page's layout.
  const origin = new URL(page.url() === 'about:blank' ? currentServer().origin : page.url()).origin;
  const response = await page.request.post('/?index', {
    headers: { origin },
    form: {
      intent: 'contact',
      website: '',
      name,
      email: 'visiteur@example.org',
      phone: '06 12 34 56 78',
      dates: 'du 12 au 15 juin',
      guests: '3',
      message: 'Bonjour <b>!</b>\nAvez-vous une chambre ?',
    },
  });
  expect(response.status()).toBe(200);

  await signInAsAdmin(page);
  await page.goto('/admin/messages');
  await expect(page.getByRole('heading', { name: 'Messages', exact: true })).toBeVisible();

  const card = page.getByRole('article', { name });
  // The worker delivers within a moment; the page shows the state it had when loaded.
  await expect(async () => {
    await page.reload();
    await expect(card.getByText('E-mail : Envoyé')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card.getByRole('link', { name: 'visiteur@example.org' })).toHaveAttribute('href', 'mailto:visiteur@example.org');
  await expect(card.getByRole('link', { name: '06 12 34 56 78' })).toHaveAttribute('href', 'tel:0612345678');
  await expect(card.getByText('du 12 au 15 juin')).toBeVisible();
  await expect(card.getByText('Bonjour <b>!</b>')).toBeVisible();
  await expect(card.getByText('Non lu', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: /^Marquer comme lu/ }).click();
  await expect(page.getByText('Message marqué comme lu')).toBeVisible();
  await expect(card.getByText('Non lu', { exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Marquer comme non lu/ })).toBeVisible();
  await closeToast(page, 'Message marqué comme lu');

  await card.getByRole('button', { name: `Supprimer le message de ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer le message' });
  await expect(dialog).toContainText('Cette action est irréversible.');
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Message supprimé avec succès')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(dialog).toBeHidden();
});
