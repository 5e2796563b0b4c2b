import { expect, test, E2E_ADMIN, signInThroughForm } from './fixtures';

test.describe('sign-in and the admin guard', () => {
  test('a signed-out visitor to /admin lands on /auth', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  });

  test('wrong credentials show the French error and stay on /auth', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Mot de passe').fill('not-the-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByText('Erreur de connexion')).toBeVisible();
    await expect(page.getByText('Email ou mot de passe incorrect').first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the admin signs in, reaches Administration, and signs out to /', async ({ page }) => {
    await signInThroughForm(page);
    await expect(page.getByText('Connexion réussie')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Administration' }).first()).toBeVisible();
    await page.getByRole('button', { name: /déconnexion/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('sign-up', () => {
  const signUp = async (page: import('@playwright/test').Page, email: string, password: string) => {
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe').fill(password);
    await page.getByRole('button', { name: 'Créer un compte' }).click();
  };

  test('refuses a common password with the French message', async ({ page }) => {
    await signUp(page, `common-${Date.now()}@example.com`, 'motdepasse');
    await expect(page.getByText('Ce mot de passe est trop courant. Choisissez-en un autre.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  });

  test('answers alike for a new address and for the admin’s own address', async ({ page }, testInfo) => {
    const answer =
      "Si cette adresse n'avait pas encore de compte, il est créé : connectez-vous avec votre mot de passe. Sinon, nous venons d'écrire à cette adresse.";
    await signUp(page, `e2e-signup-${testInfo.project.name}-${Date.now()}@example.com`, 'Lavande & mimosa 1987');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(answer)).toBeVisible();

    await signUp(page, E2E_ADMIN.email, 'Lavande & mimosa 1987');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(answer)).toBeVisible();
  });
});

test("/auth speaks the visitor's language", async ({ page }) => {
  for (const [language, title] of [
    ['fr', 'Connexion'],
    ['en', 'Sign in'],
    ['es', 'Iniciar sesión'],
    ['de', 'Anmelden'],
  ]) {
    await page.goto(`/auth?lang=${language}`);
    await expect(page).toHaveTitle(title!);
  }
});
