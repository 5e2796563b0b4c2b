// The online deposit (issue 36), end to end: the owner turns it on in Configuration,
// a guest's request is accepted, the guest's mail carries the payment link, following
// it reaches the Stripe stand-in's checkout, paying there delivers a signed
// checkout.session.completed to /webhooks/stripe, and the booking is confirmed on the
// owner's screen while the guest's confirmation mail leaves. Another hold expires
// unpaid and its nights reopen; a third is released by the owner from its page (issue 51):
// its nights reopen at once, its link is closed and the guest is told. The switch is turned off again at the end of each test:
// the other specs accept requests the usual way.
import type { Page } from '@playwright/test';
import pg from 'pg';
import { runningEmbeddedUrl } from '../../app/.server/db/embedded';
import { addDays } from '../../app/lib/nights';
import { freeOffset, today } from './demo-stays';
import { currentServer, expect, signInAsAdmin, test } from './fixtures';
import { openFirstRoomInEnglish, sendRequest } from './guest-request';
import { sentMails } from './mailbox';

async function setOnlineDeposit(page: Page, on: boolean) {
  await page.goto('/admin/config');
  const box = page.getByLabel("Paiement en ligne de l'acompte");
  const form = page.locator('form').filter({ has: box });
  await box.setChecked(on);
  await form.getByLabel('Délai de paiement (heures)').fill('48');
  await form.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page.getByText('Configuration sauvegardée avec succès').first()).toBeVisible();
}

/** A guest's request in English from the first room's page, accepted by the owner: the room and the mailed payment link. */
async function heldRequest(page: Page, arrival: string, departure: string, guestName: string, email: string) {
  const { roomHref } = await openFirstRoomInEnglish(page, arrival, departure);
  await sendRequest(page, guestName, email);

  await page.goto('/admin/reservations');
  const request = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(guestName) }) });
  await request.getByRole('button', { name: `Accepter la demande de ${guestName}` }).click();
  await expect(page.getByText("Demande acceptée : le client reçoit le lien de paiement de l'acompte")).toBeVisible();
  await expect(page.getByRole('list', { name: 'Demandes traitées' }).getByRole('listitem').filter({ hasText: guestName })).toContainText(
    'En attente de paiement',
  );

  // The guest's mail, in English, carries the link.
  let link = '';
  await expect(async () => {
    const mail = sentMails().find((m) => m.includes(`To: ${email}`) && m.includes('Pay the deposit'));
    expect(mail).toBeTruthy();
    link = /https?:\/\/localhost:\d+\/pay\/[A-Za-z0-9_-]{43}/.exec(mail!)![0];
  }).toPass({ timeout: 20_000 });
  return { roomHref, link };
}

/** Two nights from today + offset (+ 10 on the phone), moved out of the demo's Saturday-arrival season when they fall in it. */
const stayOf = (project: string, offset: number) => {
  const arrival = addDays(today(), freeOffset(offset + (project === 'mobile' ? 10 : 0), 2));
  return { arrival, departure: addDays(arrival, 2) };
};

test('accept → the mail link → the stand-in checkout → the signed webhook → confirmed, and the guest is told', async ({ page }, testInfo) => {
  const { arrival, departure } = stayOf(testInfo.project.name, 220);
  const guestName = `Pay ${testInfo.project.name} ${Date.now().toString(36)}`;
  const email = `pay.${testInfo.project.name}.${Date.now().toString(36)}@example.org`;

  await signInAsAdmin(page);
  await setOnlineDeposit(page, true);
  try {
    const { link } = await heldRequest(page, arrival, departure, guestName, email);

    // Following it reaches the stand-in checkout; paying there delivers the signed webhook.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: /^Paiement \d+\.\d{2} EUR$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Payer' }).click();
    await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{43}\?retour=1$/);
    await expect(page.getByRole('status')).toHaveText(/The deposit is paid: your booking is confirmed\.|Payment being confirmed/);

    // The owner's screen: confirmed, the card deposit with its Stripe reference.
    await page.goto('/admin/reservations');
    await page.getByRole('list', { name: 'Demandes traitées' }).getByRole('link', { name: guestName }).click();
    await expect(page.getByText('Confirmée').first()).toBeVisible();
    await expect(page.getByTestId('online-deposit')).toContainText(/Arrhes payées par carte : .* \(référence Stripe pi_test_\w+\)/);

    // And the guest's confirmation mail leaves.
    await expect(async () => {
      expect(sentMails().some((m) => m.includes(`To: ${email}`) && m.includes('Booking confirmed'))).toBe(true);
    }).toPass({ timeout: 20_000 });
  } finally {
    await setOnlineDeposit(page, false);
  }
});

test('a hold that expires unpaid reopens its nights, and both sides are told', async ({ page }, testInfo) => {
  // The expiry pass runs every 15 s (HOLD_EXPIRY_INTERVAL_MS).
  const { arrival, departure } = stayOf(testInfo.project.name, 240);
  const guestName = `Late ${testInfo.project.name} ${Date.now().toString(36)}`;
  const email = `late.${testInfo.project.name}.${Date.now().toString(36)}@example.org`;

  await signInAsAdmin(page);
  await setOnlineDeposit(page, true);
  try {
    const { roomHref, link } = await heldRequest(page, arrival, departure, guestName, email);
    await page.goto(`${roomHref}?lang=en&arrival=${arrival}&departure=${departure}&adults=2&children=0`);
    await expect(page.getByTestId('quote')).toContainText('Nights already taken');

    // The window passes: its deadline is moved into the past (the clock is the one thing a test cannot wait 48 hours for).
    const url = runningEmbeddedUrl(currentServer().dataDir);
    if (!url) throw new Error('no embedded PostgreSQL in this worker’s DATA_DIR');
    const client = new pg.Client({ connectionString: url('guesthouse') });
    await client.connect();
    try {
      const token = link.split('/pay/')[1]!;
      const moved = await client.query(
        "update bookings set payment_expires_at = now() - interval '1 minute' where payment_token = $1 and status = 'awaiting_payment'",
        [token],
      );
      expect(moved.rowCount).toBe(1);
    } finally {
      await client.end();
    }

    // The background pass releases it: both mails leave, the nights are free again.
    await expect(async () => {
      const all = sentMails();
      // Bodies, not subjects: a subject with accents or a dash is MIME-encoded in the file.
      expect(all.some((m) => m.includes(`To: ${email}`) && m.includes('Booking not confirmed'))).toBe(true);
      expect(all.some((m) => m.includes(guestName) && m.includes('sont de nouveau libres'))).toBe(true);
    }).toPass({ timeout: 40_000, intervals: [1_000] });
    await page.goto(`${roomHref}?lang=en&arrival=${arrival}&departure=${departure}&adults=2&children=0`);
    await expect(page.getByTestId('quote')).not.toContainText('Nights already taken');
    await page.goto(link);
    await expect(page.getByRole('status')).toHaveText('The payment deadline has passed: the nights are no longer held for you.');
  } finally {
    await setOnlineDeposit(page, false);
  }
});

test('the owner releases a hold from its page: the nights reopen at once and the link is closed', async ({ page }, testInfo) => {
  const { arrival, departure } = stayOf(testInfo.project.name, 260);
  const guestName = `Released ${testInfo.project.name} ${Date.now().toString(36)}`;
  const email = `released.${testInfo.project.name}.${Date.now().toString(36)}@example.org`;

  await signInAsAdmin(page);
  await setOnlineDeposit(page, true);
  try {
    const { roomHref, link } = await heldRequest(page, arrival, departure, guestName, email);
    await page.goto('/admin/reservations');
    await page.getByRole('list', { name: 'Demandes traitées' }).getByRole('link', { name: guestName }).click();
    await page.getByText('Annuler la réservation…').click();
    await page.getByLabel('Message au client (facultatif)').fill('Nous ne pouvons plus garder ces dates.');
    await page.getByRole('button', { name: "Confirmer l'annulation" }).click();
    await expect(page.getByText('Réservation annulée, nuits libérées, le client est prévenu')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Historique' })).toContainText("Annulée en attente de l'acompte : nuits libérées, lien de paiement fermé");

    await page.goto(`${roomHref}?lang=en&arrival=${arrival}&departure=${departure}&adults=2&children=0`);
    await expect(page.getByTestId('quote')).not.toContainText('Nights already taken');
    await page.goto(link);
    await expect(page.getByRole('status')).toHaveText('This booking no longer awaits a payment.');
    await expect(async () => {
      expect(sentMails().some((m) => m.includes(`To: ${email}`) && m.includes('Booking cancelled'))).toBe(true);
    }).toPass({ timeout: 20_000 });
  } finally {
    await setOnlineDeposit(page, false);
  }
});
