// The public site's second pass (phones, map consent, header, room page on phones,
// gallery viewer), on the demo content. (The legal notice's configuration: lawful-and-finished.spec.ts.)
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const isThirdParty = (url: string, origin: string) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:');

test.describe('phone numbers', () => {
  test('tel: links are international in every language; non-French pages show the international form', async ({ page }) => {
    await page.goto('/?lang=fr');
    const footerPhones = page.locator('footer a[href^="tel:"]');
    expect(await footerPhones.count()).toBeGreaterThan(0);
    for (const href of await footerPhones.evaluateAll((els) => els.map((e) => e.getAttribute('href')))) expect(href).toMatch(/^tel:\+33\d{9}$/);
    for (const lang of ['en', 'es', 'de']) {
      await page.goto(`/?lang=${lang}`);
      for (const link of await page.locator('a[href^="tel:"]').all()) {
        await expect(link).toHaveAttribute('href', /^tel:\+\d{8,15}$/);
        await expect(link).toHaveText(/^\+\d/);
      }
    }
  });
});

test.describe('map consent', () => {
  test('no request to a third party before the click; the frame loads after it and the choice lasts for the visit', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/#acces');
    const access = page.locator('#acces');
    const placeholder = access.getByTestId('map-placeholder');
    await placeholder.scrollIntoViewIfNeeded();
    await expect(placeholder).toContainText('06130 Grasse');
    await expect(placeholder.getByRole('link', { name: 'Ouvrir dans Google Maps' })).toHaveAttribute('href', /google\.com\/maps/);
    await expect(placeholder.getByRole('link', { name: 'Ouvrir dans OpenStreetMap' })).toHaveAttribute('href', /openstreetmap\.org/);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((url) => isThirdParty(url, origin))).toEqual([]);

    // The frame's own requests are Google's business: keep the test off the network.
    await page.route('https://www.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>map</p>' }));
    await placeholder.getByRole('button', { name: 'Afficher la carte' }).click();
    const frame = access.locator('iframe');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?q=.+&output=embed$/);
    expect(await frame.evaluate((el) => el.getBoundingClientRect().height)).toBe(500);
    await page.reload();
    await expect(page.locator('#acces iframe')).toHaveCount(1);
  });
});

async function headerFitsOneLine(page: Page) {
  return page
    .locator('header')
    .first()
    .evaluate((header) => {
      const bar = header.querySelector(':scope > div') as HTMLElement;
      const visible = [...bar.querySelectorAll<HTMLElement>('a, summary, button')].filter((el) => el.offsetParent !== null);
      // Every label on one line: no element taller than one line of its text plus its padding.
      const wrapped = visible.filter((el) => el.getClientRects().length > 1 || el.scrollWidth > el.clientWidth + 1 || el.offsetHeight > 44);
      return { barHeight: bar.offsetHeight, wrapped: wrapped.map((el) => el.textContent) };
    });
}

test.describe('header', () => {
  test('brand and navigation never wrap, from 320 to 1920 px, in Spanish and German', async ({ page }) => {
    for (const lang of ['es', 'de']) {
      await page.goto(`/?lang=${lang}`);
      for (const width of [320, 375, 768, 820, 1000, 1024, 1280, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await headerFitsOneLine(page), `${lang} at ${width}px`).toEqual({ barHeight: 64, wrapped: [] });
      }
    }
  });
});

test.describe('room page', () => {
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
