// The image uploader through the real UI: upload (file picker), thumbnails served
// by the media endpoint, refusal of a non-image, set primary and delete.
import { type Locator } from '@playwright/test';
import sharp from 'sharp';
import { closeToast } from './admin-helpers';
import { expect, test, signInAsAdmin } from './fixtures';

async function jpeg(label: string) {
  const svg = `<svg width="1200" height="800"><rect width="1200" height="800" fill="#c96"/><text x="60" y="400" font-size="120">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

function thumbnails(scope: Locator) {
  return scope.getByRole('img', { name: /^Image \d+$/ });
}

async function expectThumbnailsLoaded(scope: Locator) {
  const images = thumbnails(scope);
  const count = await images.count();
  for (let i = 0; i < count; i++) {
    // Thumbnails are lazy: bring each one on screen (the mobile viewport is short).
    await images.nth(i).scrollIntoViewIfNeeded();
    await expect.poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

async function uploadThrough(scope: Locator, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  await scope.getByLabel('Sélectionner des images').setInputFiles(files);
}

test.describe('image uploader', () => {
  test('uploads hero images on the configuration screen, refuses a non-image, deletes', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/config');
    const scope = page.locator('div', { has: page.getByText("Images d'accueil", { exact: true }) }).last();
    await expect(scope.getByText('JPG, PNG, WebP up to 10MB per image')).toBeVisible();
    await expectThumbnailsLoaded(scope);
    const before = await thumbnails(scope).count();

    await uploadThrough(scope, [
      { name: `hero-${Date.now()}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg('A') },
      { name: `hero-${Date.now()}-b.jpg`, mimeType: 'image/jpeg', buffer: await jpeg('B') },
    ]);
    await expect(page.getByText('2 image(s) uploadée(s) avec succès')).toBeVisible();
    await expect(thumbnails(scope)).toHaveCount(before + 2);
    await expectThumbnailsLoaded(scope);
    // Thumbnails are the SPEC's 200×128 q75 variant.
    await expect(thumbnails(scope).last()).toHaveAttribute('src', /\?w=200&h=128&q=75$/);

    // Drag and drop onto the drop zone.
    const dropped = (await jpeg('C')).toString('base64');
    const dataTransfer = await page.evaluateHandle((base64) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], 'dropped.jpg', { type: 'image/jpeg' }));
      return transfer;
    }, dropped);
    const dropZone = scope.getByText('JPG, PNG, WebP up to 10MB per image').locator('..');
    await dropZone.dispatchEvent('dragover', { dataTransfer });
    await dropZone.dispatchEvent('drop', { dataTransfer });
    await expect(page.getByText('1 image(s) uploadée(s) avec succès')).toBeVisible();
    await expect(thumbnails(scope)).toHaveCount(before + 3);
    await closeToast(page, '1 image(s) uploadée(s) avec succès');
    await scope.getByRole('button', { name: `Supprimer l'image ${before + 3}` }).click();
    await expect(thumbnails(scope)).toHaveCount(before + 2);
    await closeToast(page, 'Image supprimée avec succès');

    await uploadThrough(scope, [{ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('pas une image') }]);
    await expect(page.getByText("Erreur lors de l'upload des images").first()).toBeVisible();
    await expect(scope.getByRole('alert')).toContainText("n'est pas une image JPG, PNG, WebP ou AVIF");
    await expect(thumbnails(scope)).toHaveCount(before + 2);

    await scope.getByRole('button', { name: `Supprimer l'image ${before + 2}` }).click();
    await closeToast(page, 'Image supprimée avec succès');
    await expect(thumbnails(scope)).toHaveCount(before + 1);
    await scope.getByRole('button', { name: `Supprimer l'image ${before + 1}` }).click();
    await expect(thumbnails(scope)).toHaveCount(before);
  });

  test('uploads to a room, makes the new image primary, then restores the room', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/rooms');
    const edit = page.locator('a[href^="/admin/room/"]:not([href$="/new"])').first();
    const href = (await edit.getAttribute('href'))!;
    await page.goto(href);
    await page.getByRole('tab', { name: 'Images' }).click();
    const scope = page.getByRole('tabpanel', { name: 'Images' });
    await expect(scope.getByText('JPG, PNG, WebP up to 10MB per image')).toBeVisible();
    const before = await thumbnails(scope).count();
    const primaryBefore = before > 0 ? await scope.getByRole('listitem').filter({ hasText: 'Image principale' }).count() : 0;

    await uploadThrough(scope, [{ name: `room-${Date.now()}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg('R') }]);
    await expect(page.getByText('1 image(s) uploadée(s) avec succès')).toBeVisible();
    await expect(thumbnails(scope)).toHaveCount(before + 1);
    await expectThumbnailsLoaded(scope);

    const added = before + 1;
    await scope.getByRole('button', { name: `Définir l'image ${added} comme image principale` }).click();
    await closeToast(page, 'Image principale définie avec succès');
    const newest = scope.getByRole('listitem').filter({ has: page.getByRole('img', { name: `Image ${added}`, exact: true }) });
    await expect(newest.getByText('Image principale')).toBeVisible();
    await expect(scope.getByRole('button', { name: `Définir l'image ${added} comme image principale` })).toHaveCount(0);

    // Deleting the primary image clears it; the demo room gets its first image back as primary.
    await scope.getByRole('button', { name: `Supprimer l'image ${added}` }).click();
    await closeToast(page, 'Image supprimée avec succès');
    await expect(thumbnails(scope)).toHaveCount(before);
    await expect(scope.getByText('Image principale')).toHaveCount(0);
    if (primaryBefore > 0) {
      await scope.getByRole('button', { name: "Définir l'image 1 comme image principale" }).click();
      await expect(scope.getByText('Image principale')).toHaveCount(1);
    }
  });
});
