// Room detail (issue 4, part 3), the viewer, and the 404s (part 1).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function openFirstRoom(page: Page) {
  await page.goto('/');
  const href = await page
    .getByTestId('room-card')
    .first()
    .getByRole('link', { name: /Voir les détails/ })
    .getAttribute('href');
  await page.goto(href!);
  return href!;
}

test.describe('room detail', () => {
  test('shows the gallery, name, description, prices, tags, amenities and links', async ({ page }) => {
    await openFirstRoom(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Chambre Lavande' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour aux chambres' })).toHaveAttribute('href', '/#chambres');
    const main = page.getByTestId('gallery-main');
    await expect(main).toHaveAttribute('src', /w=800&h=400&q=80/);
    await expect(main).toHaveAttribute('alt', /Chambre Lavande/);
    const thumbs = page.getByRole('group', { name: 'Galerie de photos' }).getByRole('button', { name: /Chambre Lavande – photo/ });
    expect(await thumbs.count()).toBeGreaterThan(1);
    await expect(thumbs.first().locator('img')).toHaveAttribute('src', /w=150&h=80&q=70/);
    const prices = page.getByTestId('season-prices').or(page.getByTestId('base-price'));
    await expect(prices).toContainText('€');
    await expect(prices).toContainText('par nuit');
    await expect(page.getByRole('heading', { name: 'Équipements' })).toBeVisible();
    await expect(page.locator('[data-amenity="wifi"]')).toHaveText('WiFi');
    await expect(page.locator('[data-amenity="wifi"] svg')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Points forts' })).toBeVisible();
    // The main action leads to the calendar on the page; SPEC §2's button to the contact form stays beside it (issue 47).
    await expect(page.getByRole('link', { name: 'Voir les disponibilités' })).toHaveAttribute('href', '#reserver');
    await expect(page.getByRole('link', { name: 'Poser une question' })).toHaveAttribute('href', '/#contact');
  });

  test('the viewer: counter, wrap-around, keys, swipe, labelled close', async ({ page }, info) => {
    await openFirstRoom(page);
    const total = await page
      .getByRole('group', { name: 'Galerie de photos' })
      .getByRole('button', { name: /Chambre Lavande – photo/ })
      .count();
    await page.getByRole('button', { name: /Agrandir la photo 1/ }).click();
    const viewer = page.getByRole('dialog', { name: 'Visionneuse de photos' });
    await expect(viewer).toBeVisible();
    const counter = viewer.getByTestId('viewer-counter');
    await expect(counter).toHaveText(`1 / ${total}`);
    await viewer.getByRole('button', { name: 'Photo précédente' }).click();
    await expect(counter).toHaveText(`${total} / ${total}`);
    await viewer.getByRole('button', { name: 'Photo suivante' }).click();
    await expect(counter).toHaveText(`1 / ${total}`);
    await expect(viewer.getByRole('img')).toHaveAttribute('alt', 'Chambre Lavande – photo 1');

    if (info.project.name === 'desktop') {
      await page.keyboard.press('ArrowRight');
      await expect(counter).toHaveText(`2 / ${total}`);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(counter).toHaveText(`${total} / ${total}`);
      // Focus stays inside the open viewer.
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
    } else {
      const swipe = async (from: number, to: number) => {
        const box = (await viewer.boundingBox())!;
        const y = box.height / 2;
        await viewer.dispatchEvent('touchstart', {
          touches: [{ identifier: 1, clientX: from, clientY: y }],
          changedTouches: [{ identifier: 1, clientX: from, clientY: y }],
        });
        await viewer.dispatchEvent('touchend', { touches: [], changedTouches: [{ identifier: 1, clientX: to, clientY: y }] });
      };
      await swipe(300, 200); // left swipe over 50 px: next
      await expect(counter).toHaveText(`2 / ${total}`);
      await swipe(200, 240); // 40 px: ignored
      await expect(counter).toHaveText(`2 / ${total}`);
      await swipe(100, 300); // right swipe: previous
      await swipe(100, 300);
      await expect(counter).toHaveText(`${total} / ${total}`);
      const close = viewer.getByRole('button', { name: 'Fermer' });
      await expect(close).toBeVisible();
      await expect(close).toHaveText('Fermer');
      await close.click();
      await expect(viewer).toBeHidden();
    }
  });

  test('an unknown room answers 404 with its page and toast', async ({ page }) => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-room']) {
      const response = await page.goto(`/room/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Chambre non trouvée' })).toBeVisible();
      await expect(page.getByText('Chambre introuvable')).toBeVisible();
    }
  });

  test('any other path answers the 404 page with a link home', async ({ page }) => {
    const response = await page.goto('/cette-page-n-existe-pas');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Oops! Page introuvable')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('room page on a phone and in the viewer', () => {
  test('on a phone the price and the call to action come right after the title', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await page.getByTestId('room-card').first().getByRole('link').last().click();
    await expect(page).toHaveURL(/\/room\//);
    const prices = page.getByRole('region', { name: await page.locator('#room-prices').innerText() });
    await expect(prices).toBeVisible();
    // Measured in one go: the page may still be scrolling after the navigation.
    const tops = await page.evaluate(() => {
      const y = (el: Element | null | undefined) => (el ? el.getBoundingClientRect().top : NaN);
      const headings = [...document.querySelectorAll('article h2')];
      return {
        title: y(document.querySelector('article h1')),
        prices: y(document.querySelector('article #room-prices')?.parentElement),
        book: y([...document.querySelectorAll('article a')].find((a) => a.textContent === 'Voir les disponibilités')),
        description: y(document.querySelector('article [class*="leading-relaxed"]')),
        amenities: y(headings.find((h) => h.textContent === 'Équipements')),
      };
    });
    expect(tops.prices).toBeGreaterThan(tops.title);
    expect(tops.prices).toBeLessThan(tops.description);
    expect(tops.book).toBeLessThan(tops.amenities);
  });

  test('the gallery viewer hides the page behind an opaque backdrop', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('room-card').first().getByRole('link').last().click();
    await expect(page).toHaveURL(/\/room\//);
    // In the page's main content: the header's phone menu is a <details> (a group) too.
    await page.getByRole('main').getByRole('group').getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const colours = await dialog.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el, '::backdrop').backgroundColor]);
    expect(colours).toEqual(['rgb(0, 0, 0)', 'rgb(0, 0, 0)']);
  });
});
