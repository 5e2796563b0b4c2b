import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect, test, signInAsAdmin } from './fixtures';

test.describe('admin: backup from the configuration screen', () => {
  test('"Télécharger une sauvegarde" saves the archive and the screen tells when it was made', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/config');
    const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Sauvegarde' }) });
    await expect(card.getByRole('button', { name: 'Télécharger une sauvegarde' })).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Télécharger une sauvegarde' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^sauvegarde-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.gz$/);
    const file = await download.path();
    // A complete gzip stream (gunzip checks its length and CRC) whose tar ends with the manifest.
    const tarball = zlib.gunzipSync(fs.readFileSync(file));
    expect(tarball.includes(Buffer.from('manifest.json'))).toBe(true);
    await expect(page).toHaveURL(/\/admin\/config$/); // the page stayed

    await page.reload();
    await expect(card.getByText(/^Dernière sauvegarde : \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2} \(téléchargée, /)).toBeVisible();
  });
});
