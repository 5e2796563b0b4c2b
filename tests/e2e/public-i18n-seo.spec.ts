// Languages (issue 4, part 8) and search engines (part 9).
import { expect, test } from './fixtures';

test.describe('languages', () => {
  test('the picker lists active languages, checks the current one, and switches without a full reload', async ({ page, context }, info) => {
    await page.goto('/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByLabel(/Choisir la langue/).click();
    const current = page.getByRole('link', { name: 'Français' });
    await expect(current).toHaveAttribute('aria-current', 'true');
    for (const name of ['English', 'Español', 'Deutsch']) await expect(page.getByRole('link', { name })).toBeVisible();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\?lang=en/);
    await expect(page.getByRole('heading', { name: 'Our Rooms & Rates' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Lavender Room' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(await page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe('en');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'selectedLanguage')?.value).toBe('en');
    // The choice is remembered on the next visit.
    await page.goto('/livre-dor');
    await expect(page.getByRole('heading', { level: 1, name: 'Guestbook' })).toBeVisible();
    if (info.project.name === 'mobile') await page.getByLabel('Open menu').click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).locator('visible=true').getByRole('link', { name: 'Rooms & Rates' })).toBeVisible();
  });

  test('each language shows its texts; database content falls back along the chain', async ({ page }) => {
    await page.goto('/?lang=es');
    await expect(page.getByRole('heading', { name: 'Nuestras habitaciones y tarifas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Habitación Lavanda' })).toBeVisible();
    await page.goto('/?lang=de');
    await expect(page.getByRole('heading', { name: 'Unsere Zimmer & Preise' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Zimmer Lavendel' })).toBeVisible();
    await expect(page.locator('#contact').getByText('Antwort innerhalb von 24 Std.')).toBeVisible();
    // An unknown language code is ignored: the stored choice stays.
    await page.goto('/?lang=xx');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

test.describe('search engines', () => {
  test('home: title, description, canonical, hreflang alternates and LodgingBusiness JSON-LD', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/La Bastide aux Jasmins/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Grasse/);
    // `/` is the x-default hreflang target, so it is its own canonical.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /:\d+\/$/);
    const hreflangs = await page.locator('link[rel="alternate"]').evaluateAll((els) => els.map((e) => e.getAttribute('hreflang')));
    expect(hreflangs).toEqual(['fr', 'en', 'es', 'de', 'x-default']);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({ '@type': 'LodgingBusiness', name: 'La Bastide aux Jasmins' });
    expect(ld.priceRange).toMatch(/€/);
    expect(ld.image.length).toBeGreaterThan(0);
  });

  test('room: HotelRoom with offers in euros, description in the page language', async ({ page }) => {
    await page.goto('/?lang=en');
    await page
      .getByRole('link', { name: /View details/ })
      .first()
      .click();
    await expect(page).toHaveTitle(/Lavender Room/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld['@type']).toBe('HotelRoom');
    expect(ld.offers[0]).toMatchObject({ '@type': 'Offer', priceCurrency: 'EUR' });
  });

  test('sitemap.xml lists every public page in every language; robots.txt keeps /admin and /auth out', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const lang of ['fr', 'en', 'es', 'de']) {
      expect(sitemap).toContain(`/livre-dor?lang=${lang}</loc>`);
      expect(sitemap).toContain(`/mentions-legales?lang=${lang}</loc>`);
    }
    expect(sitemap.match(/\/room\/[0-9a-f-]{36}\?lang=fr<\/loc>/g)).toHaveLength(4);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /auth');
  });

  test('the content is in the HTML without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByTestId('room-card')).toHaveCount(4);
    await expect(page.locator('#temoignages').getByTestId('testimonial').first()).toBeVisible();
    await expect(page.locator('#acces').getByText('En voiture')).toBeVisible();
    await page.goto('/livre-dor');
    await expect(page.getByTestId('testimonial').first()).toBeVisible();
    await context.close();
  });
});
