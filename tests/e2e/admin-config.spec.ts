import type { Page } from '@playwright/test';
import { expect, test, signInAsAdmin } from './fixtures';
import { axeViolations } from './axe';

const general = (page: Page) => page.locator('form').filter({ has: page.getByLabel('Nom du site') });

async function saveGeneral(page: Page) {
  await general(page).getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page.getByText('Configuration sauvegardée avec succès').last()).toBeVisible();
}

test.describe('admin: Configuration du Site', () => {
  test('general card: name in French and English reaches the home page, links are checked', async ({ page, context, baseURL }, testInfo) => {
    const stamp = `${testInfo.project.name} ${Date.now()}`;
    await signInAsAdmin(page);
    await page.goto('/admin/config');
    await expect(page.getByRole('heading', { name: 'Configuration du Site' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const nameField = page.getByLabel('Nom du site');
    const originalName = await nameField.inputValue();
    await nameField.fill(`Mas e2e ${stamp}`);

    // Only http(s) links are accepted; nothing is saved otherwise.
    await page.getByLabel('Lien TripAdvisor').fill('ftp://example.com/mas');
    await general(page).getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByText('Le lien doit commencer par http:// ou https://')).toBeVisible();
    await page.getByLabel('Lien TripAdvisor').fill('');

    // Phone rows can be added and removed.
    const phones = page.getByRole('group', { name: 'Téléphones' });
    const before = await phones.getByRole('textbox').count();
    await phones.getByRole('button', { name: 'Ajouter un téléphone' }).click();
    await expect(phones.getByRole('textbox')).toHaveCount(before + 1);
    await phones.getByRole('button', { name: `Retirer le téléphone ${before + 1}` }).click();
    await expect(phones.getByRole('textbox')).toHaveCount(before);

    await saveGeneral(page);
    const visitor = await context.browser()!.newPage();
    await visitor.goto('/');
    await expect(visitor.getByText(`Mas e2e ${stamp}`).first()).toBeVisible();

    // English, through the editing language.
    await context.addCookies([{ name: 'editingLanguage', value: 'en', url: baseURL! }]);
    await page.reload();
    const englishOriginal = await nameField.inputValue();
    await nameField.fill(`Mas e2e EN ${stamp}`);
    await saveGeneral(page);
    await visitor.goto('/?lang=en');
    await expect(visitor.getByText(`Mas e2e EN ${stamp}`).first()).toBeVisible();
    await visitor.goto('/?lang=fr');
    await expect(visitor.getByText(`Mas e2e ${stamp}`).first()).toBeVisible();

    // Put the demo names back for the other specs.
    await nameField.fill(englishOriginal);
    await saveGeneral(page);
    await context.addCookies([{ name: 'editingLanguage', value: 'fr', url: baseURL! }]);
    await page.reload();
    await nameField.fill(originalName);
    await saveGeneral(page);
    await visitor.close();
  });

  test('contact emails, transport options and distances', async ({ page }, testInfo) => {
    const stamp = `${testInfo.project.name}-${Date.now()}`;
    await signInAsAdmin(page);
    await page.goto('/admin/config');

    // Contact emails: empty is ignored, then add and delete.
    const email = `e2e-${stamp}@example.com`;
    const emailInput = page.getByLabel('Nouvel email de contact');
    const emailForm = page.locator('form').filter({ has: emailInput });
    await emailInput.fill('   ');
    await emailForm.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByText('Email ajouté avec succès')).toHaveCount(0);
    await emailInput.fill(email);
    await emailForm.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByText('Email ajouté avec succès')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Emails de contact' })).toContainText(email);
    await page.getByRole('button', { name: `Supprimer ${email}` }).click();
    await expect(page.getByText('Email supprimé avec succès')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Emails de contact' })).not.toContainText(email);

    // Transport: the description shows only when the option is enabled.
    const plane = page.getByRole('checkbox', { name: 'En avion' });
    const wasEnabled = (await plane.getAttribute('aria-checked')) === 'true';
    if (wasEnabled) {
      await plane.click();
      await expect(page.getByText('Option de transport mise à jour').last()).toBeVisible();
    }
    await expect(page.getByRole('textbox', { name: 'Description (En avion)' })).toHaveCount(0);
    await plane.click();
    await expect(page.getByText('Option de transport mise à jour').last()).toBeVisible();
    const description = page.getByRole('textbox', { name: 'Description (En avion)' });
    await expect(description).toBeVisible();
    const originalDescription = (await description.innerText()).trim();
    await description.fill(`Aéroport Nice Côte d'Azur ${stamp}`);
    await page.getByRole('button', { name: 'Sauvegarder la description' }).last().click();
    await expect(page.getByText('Description sauvegardée')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Description (En avion)' })).toHaveText(`Aéroport Nice Côte d'Azur ${stamp}`);
    if (originalDescription) {
      await page.getByRole('textbox', { name: 'Description (En avion)' }).fill(originalDescription);
      await page.getByRole('button', { name: 'Sauvegarder la description' }).last().click();
      await expect(page.getByText('Description sauvegardée').last()).toBeVisible();
    }
    if (!wasEnabled) {
      await page.getByRole('checkbox', { name: 'En avion' }).click();
      await expect(page.getByRole('textbox', { name: 'Description (En avion)' })).toHaveCount(0);
    }

    // Distances: city and a duration of at least 1 minute.
    const city = `Ville ${stamp}`;
    const distanceForm = page.locator('form').filter({ has: page.getByLabel('Durée (minutes)') });
    await distanceForm.getByLabel('Ville').fill(city);
    await distanceForm.getByLabel('Durée (minutes)').fill('0');
    await distanceForm.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByText('Veuillez saisir une ville et une durée valides').first()).toBeVisible();
    await distanceForm.getByLabel('Durée (minutes)').fill('75');
    await distanceForm.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByText('Distance ajoutée avec succès')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Distances' })).toContainText(`${city} — 1 h 15 min`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Supprimer ${city}` }).click();
    await expect(page.getByText('Distance supprimée avec succès')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Distances' })).not.toContainText(city);
  });

  test('hero images are managed once the configuration exists', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/config');
    await expect(page.getByRole('heading', { name: "Images d'accueil" })).toBeVisible();
    await expect(page.getByText("Veuillez d'abord sauvegarder la configuration")).toHaveCount(0);
  });
});
