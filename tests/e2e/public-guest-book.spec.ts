// Guest book (issue 4, part 4) and the legal notice (part 5).
import { expect, holdBack, test, waitForHydration } from './fixtures';

test.describe('guest book', () => {
  test('lists published testimonials with stars, country, quoted message and author', async ({ page }) => {
    await page.goto('/livre-dor');
    await expect(page.getByRole('heading', { level: 1, name: "Livre d'or" })).toBeVisible();
    const cards = page.getByTestId('testimonial');
    expect(await cards.count()).toBeGreaterThan(0);
    const first = cards.first();
    await expect(first.getByRole('img', { name: /Note : [1-5] sur 5/ })).toBeVisible();
    await expect(first.locator('blockquote')).toContainText('«');
    await expect(first.locator('figcaption')).toContainText('—');
  });

  test('a country chosen before the page has hydrated is kept: the form sends', async ({ page }) => {
    // A slow phone: the page's code arrives after the visitor has filled the form in.
    const { release } = await holdBack(page, '**/assets/*.js');
    await page.goto('/livre-dor', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Nom').fill(`Lent ${Date.now()}`);
    await page.getByLabel('Email').fill('lent@example.com');
    await page.getByLabel('Pays').selectOption('BE');
    await page.getByLabel('Votre témoignage').fill('Écrit avant que la page soit prête.');
    release();
    await waitForHydration(page, 'form button');
    await expect(page.getByText('Choisissez votre pays pour pouvoir envoyer votre témoignage.')).toBeHidden();
    await page.getByRole('button', { name: 'Envoyer mon témoignage' }).click();
    await expect(page.getByText('Votre témoignage a été envoyé et sera publié après modération.')).toBeVisible();
  });

  test('the form: 21 countries, rating 5 by default, submit enabled once a country is chosen, moderation message', async ({ page }) => {
    await page.goto('/livre-dor');
    const submit = page.getByRole('button', { name: 'Envoyer mon témoignage' });
    await expect(submit).toBeDisabled();
    const country = page.getByLabel('Pays');
    await expect(country.locator('option:not([disabled])')).toHaveCount(21);
    await expect(page.getByRole('radio', { name: '5 étoiles' })).toBeChecked();
    const name = `Hôte ${Date.now()}`;
    await page.getByLabel('Nom').fill(name);
    await page.getByLabel('Email').fill('hote@example.com');
    await country.selectOption('CH');
    await expect(submit).toBeEnabled();
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '4 étoiles' }) })
      .click();
    await expect(page.getByRole('radio', { name: '4 étoiles' })).toBeChecked();
    await page.getByLabel('Votre témoignage').fill('Un séjour merveilleux.');
    await submit.click();
    await expect(page.getByText('Merci !')).toBeVisible();
    await expect(page.getByText('Votre témoignage a été envoyé et sera publié après modération.')).toBeVisible();
    await expect(page.getByLabel('Nom')).toHaveValue('');
    await expect(submit).toBeDisabled();
    // Published only after moderation.
    await page.reload();
    await expect(page.getByText(name)).toHaveCount(0);
  });

  test('a bot that fills the honeypot is told "Merci !" and nothing reaches moderation', async ({ page }) => {
    await page.goto('/livre-dor');
    const name = `Robot ${Date.now()}`;
    await page.getByLabel('Nom').fill(name);
    await page.getByLabel('Email').fill('bot@example.com');
    await page.getByLabel('Pays').selectOption('FR');
    await page.getByLabel('Votre témoignage').fill('spam');
    await page.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = 'http://spam.example'));
    await page.getByRole('button', { name: 'Envoyer mon témoignage' }).click();
    await expect(page.getByText('Merci !')).toBeVisible();
  });
});

test.describe('legal notice', () => {
  test('seven sections filled from the configuration, today as last update, back home', async ({ page }) => {
    await page.goto('/mentions-legales');
    await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
    const titles = await page.locator('article h2').allTextContents();
    expect(titles).toEqual([
      '1. Éditeur du site',
      '2. Hébergement',
      '3. Propriété intellectuelle',
      '4. Responsabilité',
      '5. Données personnelles',
      '6. Cookies',
      '7. Droit applicable et médiation',
    ]);
    await expect(
      page
        .locator('article')
        .getByText(/La Bastide aux Jasmins/)
        .first(),
    ).toBeVisible();
    const today = new Date().toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
    await expect(page.getByText(`Dernière mise à jour : ${today}`)).toBeVisible();
    await page.locator('article').getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('English has its own text; Spanish and German visitors read the English one, marked lang="en"', async ({ page }) => {
    await page.goto('/mentions-legales?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Legal notice' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '7. Applicable law' })).toBeVisible();
    for (const lang of ['es', 'de']) {
      await page.goto(`/mentions-legales?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Legal notice' })).toBeVisible();
      await expect(page.locator('article')).toHaveAttribute('lang', 'en');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
    await expect(page.locator('footer').getByRole('link', { name: 'Impressum' })).toBeVisible();
  });
});
