// The public forms answer a validation problem at the fields only (focus on the first
// invalid one, no failure toast), with or without JavaScript; without JavaScript a sent
// form comes back to its anchor with the confirmation in view, and a reload resends nothing.
import { expect, test, waitForHydration } from './fixtures';

const CONTACT_FAILURE = "Impossible d'envoyer le message. Veuillez réessayer.";
const GUEST_BOOK_FAILURE = "Impossible d'envoyer votre témoignage. Veuillez réessayer.";

test.describe('contact form with JavaScript', () => {
  test('a validation problem shows at the field, focused, without the failure toast; the corrected resend shows success only', async ({ page }) => {
    await page.goto('/#contact');
    await waitForHydration(page, '#contact button[type="submit"]');
    const form = page.locator('#contact');
    const name = form.getByRole('textbox', { name: 'Nom', exact: true });
    // Blanks pass the browser's "required" but not the server's rule.
    await name.fill('   ');
    await form.getByLabel('Email').fill('visiteur@example.com');
    await form.getByLabel('Message').fill('Bonjour');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Ce champ est obligatoire')).toBeVisible();
    await expect(name).toBeFocused();
    await expect(page.getByText(CONTACT_FAILURE)).toHaveCount(0);
    await name.fill('Visiteur');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByTestId('contact-success')).toBeVisible();
    await expect(page.getByText(CONTACT_FAILURE)).toHaveCount(0);
  });
});

test.describe('guest-book form with JavaScript', () => {
  test('a validation problem shows at the field without the failure toast', async ({ page }) => {
    await page.goto('/livre-dor');
    await waitForHydration(page, '#temoigner button[type="submit"]');
    await page.getByLabel('Nom').fill('  ');
    await page.getByLabel('Email').fill('hote@example.com');
    await page.getByLabel('Pays').selectOption('BE');
    await page.getByLabel('Votre témoignage').fill('Très bien');
    await page.getByRole('button', { name: 'Envoyer mon témoignage' }).click();
    await expect(page.getByLabel('Nom')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Nom')).toBeFocused();
    await expect(page.getByText(GUEST_BOOK_FAILURE)).toHaveCount(0);
    await page.getByLabel('Nom').fill('Hôte');
    await page.getByRole('button', { name: 'Envoyer mon témoignage' }).click();
    await expect(page.getByText('Votre témoignage a été envoyé et sera publié après modération.')).toBeVisible();
    await expect(page.getByText(GUEST_BOOK_FAILURE)).toHaveCount(0);
    // The emptied form shows the country list's placeholder again, not a blank.
    await expect(page.getByLabel('Pays')).toHaveValue('');
    expect(await page.getByLabel('Pays').evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe('Sélectionnez votre pays');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('contact: errors come back at the anchor, focused; a sent message lands on the confirmation and a reload resends nothing', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('#contact');
    const name = form.getByRole('textbox', { name: 'Nom', exact: true });
    await name.fill('   ');
    await form.getByLabel('Email').fill('visiteur@example.com');
    await form.getByLabel('Message').fill('Bonjour sans JavaScript');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page).toHaveURL(/\/\?index$/);
    await expect(form.getByText('Ce champ est obligatoire')).toBeVisible();
    // The browser focuses the first invalid field (autofocus), which scrolls it into view.
    await expect(name).toBeFocused();
    await expect(name).toBeInViewport({ ratio: 1 });
    await expect(form.getByLabel('Message')).toHaveValue('Bonjour sans JavaScript');

    await name.fill('Visiteur sans script');
    const post = page.waitForResponse((r) => r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    expect((await post).status()).toBe(303);
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.getByTestId('contact-success')).toContainText('Message envoyé avec succès !');
    await expect(page.getByTestId('contact-success')).toBeInViewport({ ratio: 1 });

    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.method()));
    await page.reload();
    expect(requests).not.toContain('POST');
    // The confirmation was for that one answer; the reloaded page offers the form again.
    await expect(page.getByTestId('contact-success')).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Envoyer le message' })).toBeVisible();
  });

  test('guest book: a sent testimonial lands on the form with the confirmation in view', async ({ page }) => {
    await page.goto('/livre-dor');
    await page.getByLabel('Nom').fill('Sans script');
    await page.getByLabel('Email').fill('hote@example.com');
    await page.getByLabel('Pays').selectOption('DE');
    await page.getByLabel('Votre témoignage').fill('Merci pour tout');
    // Without JavaScript the button is not disabled by the script, so it can be pressed.
    await page.getByRole('button', { name: 'Envoyer mon témoignage' }).click();
    await expect(page).toHaveURL(/\/livre-dor#temoigner$/);
    await expect(page.getByTestId('testimonial-sent')).toContainText('Votre témoignage a été envoyé et sera publié après modération.');
    await expect(page.getByTestId('testimonial-sent')).toBeInViewport({ ratio: 1 });
  });
});

test('after a contact send the success panel is in view; the guest book says why Send waits', async ({ page }) => {
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
