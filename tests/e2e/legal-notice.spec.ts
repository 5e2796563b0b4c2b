// The legal notice (LCEN art. 6): with its mandatory fields empty, Configuration and the
// owner's home say what is missing and the public notice shows no placeholder, in every
// language; filled in, the notice shows what the owners entered.
import { closeToast } from './admin-helpers';
import { expect, test, signInAsAdmin } from './fixtures';

test('with the legal fields empty, the notice has no placeholder and both screens say what is missing', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/config');
  // As on a fresh site (another test may have filled them).
  for (const label of [
    'Propriétaire (nom ou raison sociale)',
    'Directeur de la publication',
    "Nom de l'hébergeur",
    "Adresse de l'hébergeur",
    "Téléphone de l'hébergeur",
  ]) {
    await page.getByLabel(label).fill('');
  }
  await page.getByRole('button', { name: 'Enregistrer les mentions légales' }).click();
  await closeToast(page, 'Configuration sauvegardée avec succès');

  // Configuration: at the top, before the first card.
  const warning = page.getByRole('region', { name: 'Mentions légales incomplètes' });
  await expect(warning).toContainText('Directeur de la publication');
  await expect(warning).toContainText("Nom de l'hébergeur");
  const [warningTop, firstCardTop] = await Promise.all([
    warning.evaluate((el) => el.getBoundingClientRect().top),
    page.getByRole('heading', { name: 'Configuration générale' }).evaluate((el) => el.getBoundingClientRect().top),
  ]);
  expect(warningTop).toBeLessThan(firstCardTop);
  // The owner's home says it too, with the way to the card.
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'Mentions légales incomplètes' })).toBeVisible();
  await page.getByRole('link', { name: 'Compléter les mentions légales' }).click();
  await expect(page).toHaveURL(/\/admin\/config#mentions-legales$/);

  for (const language of ['fr', 'en', 'es', 'de']) {
    await page.goto(`/mentions-legales?lang=${language}`);
    const article = page.locator('article');
    await expect(article).not.toContainText('—');
    // The site's name stands for the publisher (admin-config.spec.ts may have renamed the site on this server).
    await expect(article).toContainText(language === 'fr' ? /édité par la maison d'hôtes [^\s—][^—]*\./ : /published by the [^\s—][^—]* guesthouse\./);
  }
  // Spanish and German readers are told, in their language, why the text is English.
  await page.goto('/mentions-legales?lang=de');
  await expect(page.getByText('Dieses Impressum wird auf Französisch und Englisch veröffentlicht.', { exact: false })).toHaveAttribute('lang', 'de');
});

test('missing mandatory fields are flagged in Configuration, and the notice shows what the owners enter', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/config');
  const missing = page.getByTestId('legal-missing');
  const save = page.getByRole('button', { name: 'Enregistrer les mentions légales' });
  const director = page.getByLabel('Directeur de la publication');
  // Empty mandatory fields (as on a fresh site; another project may have filled them).
  await director.fill('');
  await page.getByLabel("Nom de l'hébergeur").fill('');
  await save.click();
  await expect(missing).toContainText('Directeur de la publication');
  await expect(missing).toContainText("Nom de l'hébergeur");
  await page.goto('/mentions-legales');
  // Never a placeholder (issue 34): the host's sentence is said without its name.
  await expect(page.locator('article')).not.toContainText('—');
  await expect(page.locator('article')).toContainText("Les coordonnées de l'hébergeur du site sont communiquées sur simple demande");

  await page.goto('/admin/config');
  await page.getByLabel('Propriétaire (nom ou raison sociale)').fill('SARL La Bastide');
  await director.fill('Claire Martin');
  await page.getByLabel("Nom de l'hébergeur").fill('OVH SAS');
  await page.getByLabel("Adresse de l'hébergeur").fill('2 rue Kellermann\n59100 Roubaix');
  await page.getByLabel("Téléphone de l'hébergeur").fill('+33 9 72 10 10 07');
  await save.click();
  await expect(missing).toHaveCount(0);
  await page.goto('/mentions-legales');
  const article = page.locator('article');
  await expect(article).toContainText('Directeur de la publication : Claire Martin');
  await expect(article).toContainText('Le site est hébergé par OVH SAS.');
  await expect(article.getByRole('link', { name: '+33 9 72 10 10 07' })).toHaveAttribute('href', 'tel:+33972101007');
});
