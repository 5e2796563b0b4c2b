// Home page (issue 4, part 2) on the demo content: 4 rooms, 2 sections (positions
// 0 and 50), 5 published testimonials of which 3 featured, 3 hero images.
import type { Page } from '@playwright/test';
import { expect, holdBack, test, signInAsAdmin, waitForHydration } from './fixtures';

const isThirdParty = (url: string, origin: string) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:');

/** React has attached its handlers to the home page's server-rendered markup. */
const HOME_CONTROLS = '#accueil button, #contact button';

test.describe('home page', () => {
  test('shows the blocks in the spec order with their anchors', async ({ page }) => {
    await page.goto('/');
    const order = await page.evaluate(() => [...document.querySelectorAll('main > section')].map((s) => s.id || (s.querySelector('h2')?.textContent ?? '')));
    expect(order).toEqual(['accueil', 'Bienvenue à la Bastide', 'chambres', 'Le jardin et la piscine', 'modalites', 'temoignages', 'acces', 'contact']);
    await expect(page.getByRole('heading', { name: 'Modalités de séjour' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('lays out 4 rooms on 2 columns (count % 3 === 1) with their card content', async ({ page }, info) => {
    await page.goto('/');
    const grid = page.getByTestId('room-grid');
    const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(info.project.name === 'mobile' ? 1 : 2);
    const cards = page.getByTestId('room-card');
    await expect(cards).toHaveCount(4);
    const first = cards.first();
    await expect(first.getByRole('heading', { name: 'Chambre Lavande' })).toBeVisible();
    await expect(first.getByText('2 personnes')).toBeVisible();
    await expect(first.getByRole('img', { name: 'Chambre Lavande' })).toBeVisible();
    expect(await first.getByRole('listitem').count()).toBeLessThanOrEqual(4);
    await first.getByRole('link', { name: /Voir les détails/ }).click();
    await expect(page).toHaveURL(/\/room\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Chambre Lavande' })).toBeVisible();
  });

  test('the hero changes slide every 5 seconds, with dot buttons, and pauses on hover', async ({ page }, info) => {
    const t0 = Date.now();
    await page.clock.install({ time: t0 });
    await page.goto('/');
    const hero = page.locator('#accueil');
    await expect(hero.getByRole('heading', { level: 1, name: 'La Bastide aux Jasmins' })).toBeVisible();
    const dots = hero.getByRole('button', { name: /Afficher l'image/ });
    await expect(dots).toHaveCount(3);
    await waitForHydration(page, HOME_CONTROLS);
    await page.clock.pauseAt(t0 + 30_000);
    // A dot click (without moving the pointer or focus) restarts the 5-second period now.
    await dots.nth(1).dispatchEvent('click');
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(4900);
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(200);
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(5000);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    if (info.project.name === 'desktop') {
      await hero.hover();
      await page.clock.runFor(12_000);
      await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
      await page.mouse.move(5, 700);
      await page.clock.runFor(5100);
      await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    }
    const preload = page.locator('link[rel="preload"][as="image"]');
    await expect(preload.first()).toHaveAttribute('fetchpriority', 'high');
  });

  test('the hero does not auto-advance with reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const t0 = Date.now();
    await page.clock.install({ time: t0 });
    await page.goto('/');
    const dots = page.locator('#accueil').getByRole('button', { name: /Afficher l'image/ });
    await waitForHydration(page, HOME_CONTROLS);
    await page.clock.pauseAt(t0 + 30_000);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await page.clock.runFor(11_000);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  });

  test('featured testimonials: 3 cards and a link labelled with the published count', async ({ page }) => {
    await page.goto('/');
    const block = page.locator('#temoignages');
    // Demo content: 3 featured among 5 published (admin specs may change these later in a run).
    const cards = await block.getByTestId('testimonial').count();
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThanOrEqual(3);
    const link = block.getByRole('link', { name: /^Voir les \d+ témoignages$/ });
    const published = Number((await link.textContent())!.match(/\d+/)![0]);
    await link.click();
    await expect(page).toHaveURL(/\/livre-dor$/);
    await expect(page.getByTestId('testimonial')).toHaveCount(published);
  });

  test('access: address, transport by type with icons, distances nearest first, a 500px map placeholder', async ({ page }) => {
    await page.goto('/');
    const access = page.locator('#acces');
    await expect(access.getByRole('heading', { name: 'En voiture' })).toBeVisible();
    await expect(access.getByRole('heading', { name: 'En train' })).toBeVisible();
    await expect(access.getByRole('heading', { name: 'En avion' })).toBeVisible();
    expect(await access.locator('[data-transport]').evaluateAll((els) => els.map((e) => e.getAttribute('data-transport')))).toEqual(['car', 'plane', 'train']);
    await expect(access.locator('[data-transport] svg').first()).toBeVisible();
    const durations = await access.locator('li span.font-medium').allTextContents();
    expect(durations.length).toBeGreaterThan(0);
    for (const d of durations) expect(d).toMatch(/^(\d{1,2} min|\d+ h( \d{1,2} min)?)$/);
    const minutes = durations.map((d) => {
      const [, h, m] = d.match(/^(?:(\d+) h)? ?(?:(\d+) min)?$/)!;
      return Number(h ?? 0) * 60 + Number(m ?? 0);
    });
    expect(minutes).toEqual([...minutes].sort((x, y) => x - y));
    await expect(access.getByRole('link', { name: /06130 Grasse/ })).toHaveAttribute('href', /google\.com\/maps/);
    // The map asks first: see "every page's frame, and the map" below.
    const placeholder = access.getByTestId('map-placeholder');
    expect(await placeholder.evaluate((el) => el.getBoundingClientRect().height)).toBe(500);
    await expect(access.locator('iframe')).toHaveCount(0);
  });

  test('contact: sending state, 3-second success panel, then a reset form', async ({ page }) => {
    const t0 = Date.now();
    await page.clock.install({ time: t0 });
    await page.goto('/#contact');
    await waitForHydration(page, HOME_CONTROLS);
    const form = page.locator('#contact');
    await expect(form.getByText('Réponse sous 24h')).toBeVisible();
    await expect(form.getByLabel('Nombre de personnes')).toHaveValue('2');
    const name = `Visiteur ${Date.now()}`;
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill(name);
    await form.getByLabel('Email').fill('visiteur@example.com');
    await form.getByLabel('Téléphone').fill('06 12 34 56 78');
    await form.getByLabel('Dates souhaitées').fill('du 12 au 15 juin');
    await form.getByLabel('Nombre de personnes').selectOption('4');
    await form.getByLabel('Message').fill('Bonjour, avez-vous une chambre ?');
    // Hold the answer back a moment to see the sending state.
    await page.route('**/*.data*', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    // Stop page time before sending, so that the panel's 3-second timer starts at a known
    // instant (pausing after it appeared raced with a loaded machine). The target lies
    // far enough ahead of page time that it is never in the past when reached.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(form.getByRole('button', { name: 'Envoi en cours...' })).toBeDisabled();
    const panel = page.getByTestId('contact-success');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Message envoyé avec succès !');
    await expect(page.getByText('Nous vous répondrons dans les plus brefs délais.').first()).toBeVisible();
    await page.clock.runFor(2600);
    await expect(panel).toBeVisible();
    await page.clock.runFor(500);
    await expect(panel).toBeHidden();
    await expect(form.getByRole('textbox', { name: 'Nom', exact: true })).toHaveValue('');
    await expect(form.getByLabel('Nombre de personnes')).toHaveValue('2');
  });

  test('contact: a missing field keeps the form, with the error', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('#contact');
    await form.getByLabel('Email').fill('visiteur@example.com');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    // The browser's own check stops the submission: the form stays, nothing is sent.
    expect(await form.getByRole('textbox', { name: 'Nom', exact: true }).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await expect(page.getByTestId('contact-success')).toHaveCount(0);
  });

  test('header: navigation, brand to top, mobile menu, no Admin for visitors', async ({ page }, info) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    if (info.project.name === 'mobile') {
      // A <summary>, whose state is its <details>' (issue 47).
      const menu = page.locator('details:has(> summary[aria-label$="le menu"])');
      await expect(menu).not.toHaveAttribute('open');
      await page.getByLabel('Ouvrir le menu').click();
      await expect(menu).toHaveAttribute('open', '');
      await expect(page.getByLabel('Fermer le menu')).toBeVisible();
    }
    const nav = page.getByRole('navigation', { name: 'Navigation principale' }).locator('visible=true');
    for (const label of ['Accueil', 'Chambres & Tarifs', 'Accès', "Livre d'or", 'Contact']) {
      await expect(nav.getByRole('link', { name: label })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Accès' }).click();
    await expect(page).toHaveURL(/#acces$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('link', { name: /La Bastide aux Jasmins – retour en haut/ }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // From another page, anchors go to / plus the anchor.
    await page.goto('/livre-dor');
    if (info.project.name === 'mobile') await page.getByLabel('Ouvrir le menu').click();
    await page.getByRole('navigation', { name: 'Navigation principale' }).locator('visible=true').getByRole('link', { name: 'Chambres & Tarifs' }).click();
    await expect(page).toHaveURL(/\/#chambres$/);
  });

  test('header: an Admin button for a signed-in admin', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');
  });

  test('footer: quick links, contact block, legal link', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    const quick = footer.getByRole('navigation', { name: 'Liens rapides' });
    await expect(quick.getByRole('link', { name: "Livre d'or" })).toHaveAttribute('href', '/#temoignages');
    await expect(quick.getByRole('link', { name: 'Chambres & Tarifs' })).toHaveAttribute('href', '/#chambres');
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    expect(await footer.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
    await expect(footer.getByRole('link', { name: /06130 Grasse/ })).toHaveAttribute('href', /google\.com\/maps/);
    await expect(footer.getByText(/© \d{4} La Bastide aux Jasmins/)).toBeVisible();
    await footer.getByRole('link', { name: 'Mentions légales' }).click();
    await expect(page).toHaveURL(/\/mentions-legales$/);
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

test.describe("every page's frame, and the map, on the home page", () => {
  test('footer: tel: links are international in every language; non-French pages show the international form', async ({ page }) => {
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

  test('access: no request to a third party before the map is asked for; the frame loads after it and the choice lasts for the visit', async ({
    page,
    baseURL,
  }) => {
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
    // Everything the page loads (its 'load'), then everything hydration starts.
    await page.waitForLoadState('load');
    await waitForHydration(page, '[data-testid="map-placeholder"] button');
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

  test('header: brand and navigation never wrap, from 320 to 1920 px, in Spanish and German', async ({ page }) => {
    for (const lang of ['es', 'de']) {
      await page.goto(`/?lang=${lang}`);
      for (const width of [320, 375, 768, 820, 1000, 1024, 1280, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await headerFitsOneLine(page), `${lang} at ${width}px`).toEqual({ barHeight: 64, wrapped: [] });
      }
    }
  });

  test('header: the phone menu opened before the page has hydrated stays open, named « Fermer le menu »', async ({ page }, info) => {
    test.skip(info.project.name !== 'mobile', 'the phone menu');
    // A slow phone: the page's code arrives after the visitor has tapped the menu.
    const { release } = await holdBack(page, '**/assets/*.js');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const menu = page.locator('details:has(> summary[aria-label$="le menu"])');
    await page.getByLabel('Ouvrir le menu').click();
    await expect(menu).toHaveAttribute('open', '');
    release();
    await waitForHydration(page, 'header summary');
    await expect(page.getByLabel('Fermer le menu')).toBeVisible();
    await expect(menu).toHaveAttribute('open', '');
    const nav = page.getByRole('navigation', { name: 'Navigation principale' }).locator('visible=true');
    await nav.getByRole('link', { name: "Livre d'or" }).click();
    await expect(page).toHaveURL(/\/livre-dor$/);
    // A navigation in the app closes it.
    await expect(menu).not.toHaveAttribute('open');
    await expect(page.getByLabel('Ouvrir le menu')).toBeVisible();
  });

  test('header: without JavaScript the phone menu opens and its links work', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 }, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Navigation principale' }).locator('visible=true');
    await expect(menu.getByRole('link', { name: "Livre d'or" })).toHaveCount(0);
    await page.getByLabel('Ouvrir le menu').click();
    await expect(menu.getByRole('link', { name: "Livre d'or" })).toBeVisible();
    await menu.getByRole('link', { name: "Livre d'or" }).click();
    await expect(page).toHaveURL(/\/livre-dor$/);
    await context.close();
  });
});
