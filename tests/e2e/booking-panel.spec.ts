// The room page's booking panel as a guest meets it (issue 32): the rates box in the
// page's language, the calendar that keeps taken nights and says what to do next, the
// request form that answers like the contact form, the same request without JavaScript,
// and prices written each language's way. The demo's first room has a confirmed stay
// from today + 45 to today + 48 (app/.server/seed/demo-bookings.ts). Stays are chosen
// within the demo's rules, whatever the day (demo-stays.ts).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addDays } from '../../app/lib/nights';
import { freeOffset, rulesAllow, today } from './demo-stays';

const dayName = (date: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

async function firstRoom(page: Page): Promise<string> {
  await page.goto('/?lang=en');
  const href = await page
    .locator('#chambres')
    .getByRole('link', { name: /details|Details|View/ })
    .first()
    .getAttribute('href');
  expect(href).toMatch(/^\/room\//);
  return href!;
}

test('the rates box shows the season names of the page, in date order, with their periods', async ({ page }) => {
  const room = await firstRoom(page);
  await page.goto(`${room}?lang=en`);
  const rates = page.getByTestId('season-prices');
  const names = await rates.locator('dt').allTextContents();
  expect([...names].sort()).toEqual(['High season', 'Low season', 'Mid season']);
  // In the order they come: the season of today's date first (see demo-bookings.ts).
  const month = today().slice(5);
  const current =
    month >= '01-04' && month < '04-01'
      ? 'Low season'
      : month < '07-01'
        ? 'Mid season'
        : month < '09-01'
          ? 'High season'
          : month < '11-01'
            ? 'Mid season'
            : month < '12-20'
              ? 'Low season'
              : 'Mid season';
  expect(names[0]).toBe(current);
  await expect(rates).not.toContainText('saison');
  // Each with its periods, in English.
  await expect(rates.getByText(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b.* – /).first()).toBeVisible();
});

test('taken nights stay marked once an arrival is picked; departures stop at the first of them; the language switch keeps the stay', async ({ page }) => {
  const room = await firstRoom(page);
  const booked = addDays(today(), 45);
  // The latest arrival before the booked nights that the rules allow up to them (+42 out of
  // the Saturday-arrival season), and the first arrival they allow after them.
  const arrival = [42, 41, 40, 39, 38, 37, 36].map((n) => addDays(today(), n)).find((day) => rulesAllow(day, booked))!;
  const after = [48, 49, 50, 51, 52, 53, 54].map((n) => addDays(today(), n)).find((day) => rulesAllow(day, addDays(day, 3)))!;
  await page.goto(`${room}?lang=en&arrival=${arrival}&adults=2`);
  const booking = page.getByRole('region', { name: 'Availability and booking' });
  await expect(booking.getByTestId('calendar-guidance')).toHaveText('Choose your departure date');
  // The booked nights (+45, +46, +47) are still shown taken (the calendar opens on the
  // arrival's month and the next: they fall in them)…
  for (const night of [46, 47]) await expect(booking.getByText(`${dayName(addDays(today(), night))}: unavailable`)).toBeAttached();
  // …the morning of +45 is the last departure offered, drawn as a departure (not struck through)…
  const lastDeparture = booking.getByRole('link', { name: `${dayName(booked)}: choose as departure` });
  await expect(lastDeparture).toBeVisible();
  await expect(lastDeparture).not.toHaveClass(/\btaken\b/);
  expect(await lastDeparture.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');
  // …and nothing beyond the booked nights is offered, as a departure or silently as a new arrival: it says why.
  await expect(booking.getByRole('link', { name: `${dayName(addDays(today(), 46))}: choose as departure` })).toHaveCount(0);
  await expect(booking.getByRole('link', { name: `${dayName(after)}: choose as departure` })).toHaveCount(0);
  await expect(booking.getByRole('link', { name: `${dayName(after)}: choose as arrival` })).toHaveCount(0);
  await expect(booking.getByText(`${dayName(after)}: departure not possible, a night before it is already booked`)).toBeAttached();
  // Another arrival is chosen from the guidance's link.
  await booking.getByRole('link', { name: 'Change the arrival date' }).click();
  await expect(booking.getByTestId('calendar-guidance')).toHaveText('Choose your arrival date');
  await expect(booking.getByRole('link', { name: `${dayName(after)}: choose as arrival` })).toBeVisible();
  // Calendar links are not for search engines.
  expect(await booking.locator('a.calendar-day:not([rel="nofollow"])').count()).toBe(0);

  // A stay across the booked nights: its reasons, no total.
  await page.goto(`${room}?lang=en&arrival=${arrival}&departure=${addDays(after, 1)}&adults=2`);
  await expect(page.getByTestId('quote')).toContainText('Nights already taken');
  await expect(page.getByTestId('quote-total')).toHaveCount(0);

  // Switching to German keeps arrival, departure and guests.
  await page.goto(`${room}?lang=en&arrival=${arrival}&departure=${booked}&adults=2&children=1`);
  // The picker's links sit in a closed <details>: read the link itself.
  const switcher = page.locator('a[hreflang="de"]').first();
  expect(await switcher.getAttribute('href')).toContain(`arrival=${arrival}&departure=${booked}&adults=2&children=1`);
});

test('the days are one Tab stop, moved through with the arrow keys', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'a keyboard on a phone is the desktop case');
  const room = await firstRoom(page);
  const arrival = addDays(today(), freeOffset(100, 9));
  await page.goto(`${room}?lang=en&arrival=${arrival}&adults=2`);
  const booking = page.getByRole('region', { name: 'Availability and booking' });
  const chosen = booking.getByRole('link', { name: `${dayName(arrival)}: choose as arrival` });
  await expect(chosen).toHaveAttribute('tabindex', '0');
  await expect(booking.locator('a.calendar-day[tabindex="0"]')).toHaveCount(1);
  await chosen.focus();
  await page.keyboard.press('ArrowRight');
  await expect(booking.getByRole('link', { name: `${dayName(addDays(arrival, 1))}: choose as departure` })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(booking.getByRole('link', { name: `${dayName(addDays(arrival, 8))}: choose as departure` })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await expect(chosen).toBeFocused();
  // Tab leaves the calendar instead of walking through sixty days.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.classList.contains('calendar-day'))).toBe(false);
});

test('a validation error shows field messages and no failure toast', async ({ page }) => {
  const room = await firstRoom(page);
  const arrival = addDays(today(), freeOffset(120, 2));
  await page.goto(`${room}?lang=en&arrival=${arrival}&departure=${addDays(arrival, 2)}&adults=2`);
  const booking = page.getByRole('region', { name: 'Availability and booking' });
  await booking.getByRole('textbox', { name: 'Name', exact: true }).fill('   ');
  await booking.getByRole('textbox', { name: 'Email', exact: true }).fill('jane@example.org');
  await booking.getByRole('button', { name: 'Send the request' }).click();
  await expect(booking.getByText('This field is required')).toBeVisible();
  await expect(page.getByText('Could not send the request. Please try again.')).toHaveCount(0);
  await expect(page.getByTestId('booking-success')).toHaveCount(0);
});

test('prices are written the German and the Spanish way', async ({ page }) => {
  const room = await firstRoom(page);
  const arrival = addDays(today(), freeOffset(150, 1));
  const stay = `arrival=${arrival}&departure=${addDays(arrival, 14)}&adults=2`;
  await page.goto(`${room}?lang=de&${stay}`);
  await expect(page.getByTestId('quote-total')).toHaveText(/^\d{1,2}\.\d{3}(,\d{2})?\u00a0€$/);
  await page.goto(`${room}?lang=es&${stay}`);
  await expect(page.getByTestId('quote-total')).toHaveText(/^\d{4}(,\d{2})?\u00a0€$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the request lands on its confirmation in the panel, and a reload does not post it again', async ({ page }, testInfo) => {
    const room = await firstRoom(page);
    const arrival = addDays(today(), freeOffset(testInfo.project.name === 'mobile' ? 200 : 190, 2));
    await page.goto(`${room}?lang=en&arrival=${arrival}&departure=${addDays(arrival, 2)}&adults=2`);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    const booking = page.getByRole('region', { name: 'Availability and booking' });
    await booking.getByRole('textbox', { name: 'Name', exact: true }).fill(`No-script ${testInfo.project.name}`);
    await booking.getByRole('textbox', { name: 'Email', exact: true }).fill('noscript@example.org');
    await booking.getByRole('button', { name: 'Send the request' }).click();
    await expect(page).toHaveURL(new RegExp(`arrival=${arrival}.*#reserver$`));
    const success = page.getByTestId('booking-success');
    await expect(success).toContainText('not confirmed yet');
    await expect(success).toBeInViewport();
    expect(posts).toHaveLength(1);
    await page.reload();
    await expect(page.getByTestId('booking-success')).toHaveCount(0);
    expect(posts).toHaveLength(1);
  });
});
