import { expect, test } from '@playwright/test';
import { E2E_ADMIN, signInAsAdmin } from './fixtures';

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
    await signInAsAdmin(page);
    await expect(page.getByText('Connexion réussie')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Administration' }).first()).toBeVisible();
    await page.getByRole('button', { name: /déconnexion/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth$/);
  });
});
