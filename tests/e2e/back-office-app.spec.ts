// The back office as an app on the owner's phone (issue 48), at both widths: the public
// pages register no service worker and link no manifest; a back-office page links the
// manifest and registers the worker scoped to /admin; with the network cut, a back-office
// page shows the offline page; and a guest's booking request reaches the owner's device
// through the stand-in push service, once, with the link to the request.
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { addDays } from '../../app/lib/nights';
import { freeOffset, today } from './demo-stays';
import { generateSubscriberKeys } from '../support/push-stand-in';
import { currentServer, expect, signInAsAdmin, test, waitForHydration } from './fixtures';

const registrations = () => navigator.serviceWorker.getRegistrations().then((all) => all.map((r) => r.scope));

test('public pages register no service worker and link no manifest', async ({ page }) => {
  // A fresh browser context: nothing of the back office was ever opened in it.
  await page.goto('/');
  const roomHref = await page.locator('#chambres a[href^="/room/"]').first().getAttribute('href');
  await page.goto(roomHref!);
  await page.goto('/livre-dor');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(await page.evaluate(registrations)).toEqual([]);
});

test('a back-office page links the manifest and registers the worker of /admin; offline, it shows the offline page', async ({ page, context }) => {
  await signInAsAdmin(page);
  const origin = currentServer().origin;
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/admin/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/admin/icons/apple-touch-icon.png');
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
  const manifest = await (await page.request.get('/admin/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: "Maison d'hôtes — Administration", start_url: '/admin/today', scope: '/admin', display: 'standalone' });
  for (const icon of [...manifest.icons.map((i: { src: string }) => i.src), '/admin/icons/apple-touch-icon.png']) {
    const response = await page.request.get(icon);
    expect(response.headers()['content-type'], icon).toBe('image/png');
  }
  // The layout registers the worker once hydrated; it is active a moment later.
  const activeWorker = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active ? { scope: registration.scope, script: registration.active.scriptURL } : null;
    });
  await expect.poll(activeWorker).toEqual({ scope: `${origin}/admin`, script: `${origin}/admin/sw.js` });
  expect(await page.evaluate(registrations)).toEqual([`${origin}/admin`]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Vous êtes hors ligne' })).toBeVisible();
  // « Réessayer » loads the page again: still offline, the offline page again (a new document).
  await page.evaluate(() => Object.assign(window, { before: true }));
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect.poll(() => page.evaluate(() => 'before' in window).catch(() => true)).toBe(false);
  await expect(page.getByRole('heading', { name: 'Vous êtes hors ligne' })).toBeVisible();
  // Back online, the page comes back by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: "Aujourd'hui" }).first()).toBeVisible();
});

test("a guest's request produces one push message to the owner's device, with the link to the request", async ({ page, request }, testInfo) => {
  const { pushPort } = currentServer();
  const pushService: APIRequestContext = await playwrightRequest.newContext({ baseURL: `https://127.0.0.1:${pushPort}`, ignoreHTTPSErrors: true });
  await signInAsAdmin(page);
  await page.goto('/admin/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' }).first()).toBeVisible();
  const applicationServerKey = (await page.locator('[data-application-server-key]').getAttribute('data-application-server-key'))!;

  // Headless Chromium reaches no real push service, so its PushManager cannot subscribe:
  // the test plays the browser, with keys it made, at the stand-in push service, and hands
  // the subscription to the same server action the page's « Activer » button posts to.
  const keys = generateSubscriberKeys();
  const subscription = await (await pushService.post('/_control/subscriptions', { data: { applicationServerKey, keys } })).json();
  const subscribed = await page.request.post('/admin/notifications', {
    form: { intent: 'subscribe', endpoint: subscription.endpoint, p256dh: keys.p256dh, auth: keys.auth, applicationServerKey },
  });
  expect(subscribed.status()).toBe(200);
  await page.reload();
  await expect(
    page
      .getByRole('table', { name: 'Vos appareils' })
      .getByText(/^Chrome sur /)
      .first(),
  ).toBeVisible();

  // A guest, elsewhere, asks for a stay far ahead (each project its own nights).
  await page.goto('/');
  const roomHref = (await page.locator('#chambres a[href^="/room/"]').first().getAttribute('href'))!;
  const arrival = addDays(today(), freeOffset(testInfo.project.name === 'mobile' ? 430 : 410, 3));
  const guest = `Ada ${testInfo.project.name} ${Date.now().toString(36)}`;
  const sent = await request.post(roomHref, {
    form: { intent: 'book', website: '', arrival, departure: addDays(arrival, 3), adults: '2', name: guest, email: 'ada@example.org' },
  });
  expect(sent.ok()).toBe(true);

  const mine = async () => {
    const { received } = await (await pushService.get('/_control/received')).json();
    return received.filter((r: { subscriptionId: string }) => r.subscriptionId === subscription.id);
  };
  await expect.poll(async () => (await mine()).length).toBe(1);
  const [message] = await mine();
  expect(message.payload).toMatchObject({ title: 'Nouvelle demande de réservation', body: expect.stringContaining(guest) });
  const url: string = message.payload.url;
  expect(url).toMatch(/^\/admin\/reservations#booking-[0-9a-f-]{36}$/);
  await page.goto(url);
  await expect(page.locator(`[id="${url.split('#')[1]}"]`)).toContainText(guest);
  // Delivered once: the worker has nothing more for this device.
  expect(await mine()).toHaveLength(1);
  await pushService.dispose();

  // The owner withdraws the device (a phone given away): it receives nothing more.
  await page.goto('/admin/notifications');
  // A click before hydration is the browser's own: no dialog would open.
  await waitForHydration(page, 'table button');
  const devices = page.getByRole('table', { name: 'Vos appareils' });
  await devices
    .getByRole('button', { name: /^Retirer / })
    .first()
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Retirer' }).click();
  await expect(page.getByText('Aucun appareil ne reçoit vos notifications.')).toBeVisible();
});
