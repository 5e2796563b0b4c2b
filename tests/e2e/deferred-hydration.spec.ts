// Public pages download their JavaScript after their first image has been painted
// (app/page-delivery/deferred-hydration-rewrite.server.ts): the hero keeps the phone's bandwidth, and the page
// still hydrates, whether it came from the page cache (CSP by hashes) or not (nonce).
import { expect, test, holdBack, waitForHydration } from './fixtures';

const isAppScript = (url: string) => /\/assets\/[^/]+\.js$/.test(new URL(url).pathname);

/** The header's first control: React has attached its handlers to the page's markup. */
const HEADER_CONTROL = 'header button, header a';

test('the home page asks for no script while its hero image loads; a click meanwhile is not lost', async ({ page }) => {
  // The hero's slides (the first is the page's only high-priority image) are held.
  const { requested: heroRequested, release: releaseHero } = await holdBack(page, '**/media/homepage-images/hero/**');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (isAppScript(request.url())) scripts.push(request.url());
  });

  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await heroRequested;
  // Only the first slide is in the page until the slideshow's script can show the others.
  await expect(page.locator('#accueil img')).toHaveCount(1);
  // The whole document is parsed: nothing left in it may start the client code.
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  await expect(page.locator('script[type="module"]')).toHaveCount(0);
  expect(scripts).toEqual([]);

  // A visitor taps a dot of the slideshow before any script has run…
  const second = page.getByRole('button', { name: "Afficher l'image 2 sur 3" });
  await second.click();
  expect(scripts).toEqual([]);
  // …and once the hero is there the page hydrates and the tap takes effect.
  releaseHero();
  await expect(second).toHaveAttribute('aria-current', 'true');
  expect(scripts.length).toBeGreaterThan(0);
  await expect(page.locator('#accueil img')).toHaveCount(3);
  // The page's texts were asked for by the boot itself, beside the modules (a preload),
  // not once the modules had run.
  const texts = await page.locator('html').getAttribute('data-catalog');
  expect(texts).toMatch(/^\/i18n\/fr\.[0-9a-f]{10}\.json$/);
  const initiator = await page.evaluate(
    (href) => performance.getEntriesByName(new URL(href, location.href).href).map((e) => (e as PerformanceResourceTiming).initiatorType),
    texts!,
  );
  expect(initiator).toEqual(['link']);
});

test('a page hydrates both when rendered for the request and when served from the page cache', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // Served from the cache (its scripts allowed by hashes).
  for (const path of ['/', '/mentions-legales']) {
    await page.goto(path);
    const again = await page.goto(path);
    expect(again?.headers()['x-page-cache']).toBe('hit');
    await waitForHydration(page, HEADER_CONTROL);
  }
  // Rendered for the request (a nonce): a month of a room's calendar is never kept.
  await page.goto('/');
  const room = await page
    .getByRole('link', { name: /Voir les détails/ })
    .first()
    .getAttribute('href');
  const month = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 7);
  const rendered = await page.goto(`${room}?month=${month}`);
  expect(rendered?.headers()['x-page-cache']).toBeUndefined();
  await waitForHydration(page, HEADER_CONTROL);
  expect(violations).toEqual([]);
});

test('a page carries the symbols of the icons it draws, and only those; an icon drawn later loads them all', async ({ page }) => {
  const symbolFiles: string[] = [];
  const documents: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.isNavigationRequest()) documents.push(path);
    // The favicon too is inside the page (app/page-delivery/delivery-head.tsx): no .svg file at all.
    if (path.endsWith('.svg') || /\/icon-symbols-[\w-]+\.js$/.test(path)) symbolFiles.push(path);
  });
  const missingSymbols = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('use')]
        .map((use) => use.getAttribute('href') ?? '')
        .filter((href) => !href.startsWith('#icon-') || !document.getElementById(href.slice(1))),
    );
  for (const path of ['/', '/livre-dor', '/mentions-legales']) {
    await page.goto(path);
    await waitForHydration(page, HEADER_CONTROL);
    expect(await missingSymbols()).toEqual([]);
    const unused = await page.evaluate(() =>
      [...document.querySelectorAll('#icon-sprite symbol')].map((s) => s.id).filter((id) => !document.querySelector(`use[href="#${id}"]`)),
    );
    expect(unused).toEqual([]);
    // Drawn, not an empty box: the header's language icon has a size once rendered.
    const drawn = await page
      .locator('header svg:has(use)')
      .first()
      .evaluate((svg) => (svg as SVGSVGElement).getBBox().width);
    expect(drawn).toBeGreaterThan(0);
  }
  expect(symbolFiles, 'a page drawn by the server finds its symbols and its favicon in itself').toEqual([]);

  await page.goto('/');
  await waitForHydration(page, HEADER_CONTROL);
  if (test.info().project.name === 'mobile') {
    // The phone menu's close icon is drawn only once the menu opens.
    await page.getByLabel('Ouvrir le menu').click();
    const close = page.getByLabel('Fermer le menu');
    await expect.poll(() => close.locator('svg').evaluate((svg) => (svg as SVGSVGElement).getBBox().width)).toBeGreaterThan(0);
    await close.click();
  }
  // A room reached in the app draws icons the home page did not (its back link, its amenities).
  // Its link is clicked once the app handles it: before, the click loads the room as a document.
  const roomLink = page.getByRole('link', { name: /Voir les détails/ }).first();
  await waitForHydration(page, `a[href="${await roomLink.getAttribute('href')}"]`);
  await roomLink.click();
  await expect(page).toHaveURL(/\/room\//);
  // The room drawn (the address can change before the new page is committed): its back link's arrow, which the home page has not.
  const arrow = page.locator('main svg:has(use[href="#icon-arrow-left"])').first();
  await expect(arrow).toBeAttached();
  await expect.poll(missingSymbols).toEqual([]);
  expect(symbolFiles, `symbol files, with these documents loaded: ${documents.join(', ')}`).toHaveLength(1);
  // Drawn once its symbol has arrived.
  await expect.poll(() => arrow.evaluate((svg) => (svg as SVGSVGElement).getBBox().width)).toBeGreaterThan(0);
});

test('the sign-in page, which hydrates at once, asks for its texts beside its modules and is interactive', async ({ page }) => {
  await page.goto('/auth');
  const texts = await page.locator('html').getAttribute('data-catalog');
  expect(texts).toMatch(/^\/i18n\/[a-z-]+\.[0-9a-f]{10}\.json$/);
  await waitForHydration(page, 'form button');
  const initiator = await page.evaluate(
    (href) => performance.getEntriesByName(new URL(href, location.href).href).map((e) => (e as PerformanceResourceTiming).initiatorType),
    texts!,
  );
  // One request: the head's preload, which the client's own fetch then used.
  expect(initiator).toEqual(['link']);
});
