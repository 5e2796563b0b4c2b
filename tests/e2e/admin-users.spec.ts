import { type APIRequestContext } from '@playwright/test';
import { expect, test, E2E_ADMIN, signInAsAdmin } from './fixtures';
import { axeViolations } from './axe';

/** Creates a plain account through the sign-up form's action (the only way in). */
async function signUp(request: APIRequestContext, baseURL: string, email: string) {
  const response = await request.post('/auth', {
    form: { intent: 'signup', email, password: 'e2e-user-password' },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

test.describe('admin: Gestion des Utilisateurs', () => {
  test('search, counts, role change and deletion of a user', async ({ page, playwright, baseURL }, testInfo) => {
    const email = `e2e-user-${testInfo.project.name}-${Date.now()}@example.com`;
    const api = await playwright.request.newContext({ baseURL });
    await signUp(api, baseURL!, email);
    await api.dispose();

    await signInAsAdmin(page);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Gestion des Utilisateurs' })).toBeVisible();
    await expect(page.getByText('Total utilisateurs')).toBeVisible();
    await expect(page.getByText('Administrateurs', { exact: true })).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Rechercher un utilisateur' });
    await search.fill(email.toUpperCase());
    const table = page.getByRole('table', { name: 'Utilisateurs' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('cell', { name: email, exact: true })).toBeVisible();
    await search.fill('personne-ne-correspond-zzz');
    await expect(page.getByText('Aucun utilisateur trouvé pour cette recherche')).toBeVisible();
    await search.fill(email);

    // Role change through the dialog, with the keyboard.
    await page.getByRole('button', { name: `Modifier le rôle de ${email}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Modifier le rôle' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: 'Administrateur', exact: true }).check();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Rôle mis à jour avec succès')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(table.getByText('Administrateur', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Modifier le rôle de ${email}` }).click();
    await dialog.getByRole('radio', { name: 'Utilisateur', exact: true }).check();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByText('Utilisateur', { exact: true })).toBeVisible();

    // Deletion asks for confirmation first.
    await page.getByRole('button', { name: `Supprimer ${email}` }).click();
    const confirm = page.getByRole('alertdialog', { name: "Supprimer l'utilisateur" });
    await expect(confirm).toContainText('Cette action est irréversible');
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole('cell', { name: email, exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Supprimer ${email}` }).click();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Utilisateur supprimé avec succès')).toBeVisible();
    await expect(page.getByText('Aucun utilisateur trouvé pour cette recherche')).toBeVisible();
  });

  test('an admin cannot delete themselves nor remove their own admin role', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Rechercher un utilisateur' }).fill(E2E_ADMIN.email);
    await expect(page.getByRole('button', { name: `Supprimer ${E2E_ADMIN.email}` })).toBeDisabled();
    await page.getByRole('button', { name: `Modifier le rôle de ${E2E_ADMIN.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le rôle' });
    await dialog.getByRole('radio', { name: 'Utilisateur', exact: true }).check();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText("Vous ne pouvez pas retirer votre propre rôle d'administrateur.").last()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.reload();
    await page.getByRole('searchbox', { name: 'Rechercher un utilisateur' }).fill(E2E_ADMIN.email);
    await expect(page.getByRole('table', { name: 'Utilisateurs' }).getByText('Administrateur', { exact: true })).toBeVisible();
  });

  test('has no axe violations, list and dialogs', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/users');
    await expect(page.getByRole('table', { name: 'Utilisateurs' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Modifier le rôle de ${E2E_ADMIN.email}` }).click();
    await expect(page.getByRole('dialog', { name: 'Modifier le rôle' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
