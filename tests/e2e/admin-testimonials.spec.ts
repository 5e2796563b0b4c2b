import type { Page } from '@playwright/test';
import { expect, test, signInAsAdmin } from './fixtures';
import { axeViolations } from './axe';

async function submitPublicTestimonial(page: Page, name: string, message: string) {
  await page.goto('/livre-dor');
  await page.getByRole('textbox', { name: /^Nom/ }).fill(name);
  await page.getByRole('textbox', { name: /^Email/ }).fill('e2e-guest@example.com');
  await page.getByRole('combobox', { name: /^Pays/ }).selectOption('BE');
  await page.getByRole('textbox', { name: /^Votre témoignage/ }).fill(message);
  await page.getByRole('button', { name: 'Envoyer mon témoignage' }).click();
  await expect(page.getByText('Votre témoignage a été envoyé et sera publié après modération.')).toBeVisible();
}

test.describe("admin: Livre d'Or", () => {
  test('moderate a new testimonial: search, view, edit, publish, favourite, delete', async ({ page, browser }, testInfo) => {
    const name = `Invité e2e ${testInfo.project.name} ${Date.now()}`;
    const message = `Séjour parfait ${Date.now()}`;
    const visitor = await browser.newPage();
    await submitPublicTestimonial(visitor, name, message);

    await signInAsAdmin(page);
    await page.goto('/admin/testimonials');
    await expect(page.getByRole('heading', { name: "Livre d'Or" })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Rechercher un témoignage' });
    await search.fill('aucun-témoignage-ne-correspond-zzz');
    await expect(page.getByText('Aucun témoignage trouvé avec ces critères de recherche')).toBeVisible();
    await search.fill(name.toLowerCase());
    const table = page.getByRole('table', { name: 'Témoignages' });
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('En attente')).toBeVisible();
    await expect(row.getByText('Belgique')).toHaveCount(1);
    // Search also covers the message and the country.
    await search.fill(message.toUpperCase());
    await expect(row).toHaveCount(1);
    await search.fill(name);

    // View dialog
    await page.getByRole('button', { name: `Voir le témoignage de ${name}` }).click();
    const view = page.getByRole('dialog', { name: 'Détails du témoignage' });
    await expect(view).toContainText(message);
    await expect(view).toContainText('e2e-guest@example.com');
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();

    // Edit dialog: new message, country removed (saved as none)
    await page.getByRole('button', { name: `Modifier le témoignage de ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier le témoignage' });
    await edit.getByLabel('Message').fill(`${message} (modifié)`);
    await edit.getByLabel('Pays').selectOption({ label: 'Aucun' });
    expect(await axeViolations(page)).toEqual([]);
    await edit.getByLabel('Nom').fill('');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(edit).toBeVisible();
    await edit.getByLabel('Nom').fill(name);
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Témoignage modifié avec succès')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row.getByText('Belgique')).toHaveCount(0);

    // Publish: it appears on the public guest book
    await page.getByRole('button', { name: `Publier le témoignage de ${name}` }).click();
    await expect(page.getByText('Témoignage publié', { exact: true })).toBeVisible();
    await expect(row.getByText('Publié', { exact: true })).toBeVisible();
    await visitor.goto('/livre-dor');
    await expect(visitor.getByText(`${message} (modifié)`)).toBeVisible();

    // Favourite: the confirmation appears when 3 or more are already featured
    await page.getByRole('button', { name: `Favori : témoignage de ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    if (await confirm.isVisible().catch(() => false)) {
      await expect(confirm).toContainText(
        "Il y a déjà 3 témoignages en favoris. Voulez-vous quand même ajouter celui-ci ? (Recommandé : maximum 3 favoris pour l'affichage accueil)",
      );
      await confirm.getByRole('button', { name: 'Ajouter quand même' }).click();
    }
    await expect(page.getByText('Témoignage ajouté aux favoris')).toBeVisible();
    await expect(row.getByText('Favori')).toBeVisible();
    await page.getByRole('button', { name: `Favori : témoignage de ${name}` }).click();
    await expect(page.getByText('Témoignage retiré des favoris')).toBeVisible();
    await expect(row.getByText('Favori')).toHaveCount(0);

    // Unpublish, then delete
    await page.getByRole('button', { name: `Dépublier le témoignage de ${name}` }).click();
    await expect(page.getByText('Témoignage dépublié')).toBeVisible();
    await expect(row.getByText('En attente')).toBeVisible();
    await page.getByRole('button', { name: `Supprimer le témoignage de ${name}` }).click();
    const del = page.getByRole('alertdialog', { name: 'Supprimer le témoignage' });
    await del.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Témoignage supprimé', { exact: true })).toBeVisible();
    await expect(page.getByText('Aucun témoignage trouvé avec ces critères de recherche')).toBeVisible();
    await visitor.goto('/livre-dor');
    await expect(visitor.getByText(`${message} (modifié)`)).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await visitor.close();
  });
});
