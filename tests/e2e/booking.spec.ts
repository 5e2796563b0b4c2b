// Direct booking, guest → owner (issue 14): in English a guest picks a stay that
// crosses two seasons on a room page, sees the itemised quote, sends a request and
// gets the acknowledgement mail; the owner accepts it in Réservations; the nights
// are then unavailable on the public page and in the room's export feed. Desktop and
// 375 px use different stays.
import { addDays, dateInZone } from '../../app/lib/nights';
import { expectNoAxeViolations } from './axe';
import { rulesAllow } from './demo-stays';
import { expect, test, signInAsAdmin } from './fixtures';
import { sentMails } from './mailbox';

// The demo's season boundaries (app/.server/seed/demo-seasons.ts), as month-day.
const BOUNDARIES = ['01-04', '04-01', '07-01', '09-01', '11-01', '12-20'];

/**
 * The first season boundary at least `after` days from today (in Paris) that a stay of two
 * nights on each side may cross within the demo's rules (into the high season, not out of
 * it: there arrivals are on Saturdays), then the n-th such one after it.
 */
function boundary(after: number, nth: number) {
  const today = dateInZone(new Date(), 'Europe/Paris');
  const year = Number(today.slice(0, 4));
  const all = [year, year + 1, year + 2]
    .flatMap((y) => BOUNDARIES.map((b) => `${y}-${b}`))
    .filter((d) => d >= addDays(today, after) && rulesAllow(addDays(d, -2), addDays(d, 2)));
  return all[nth]!;
}

test('a guest requests a stay across two seasons, the owner accepts it, the nights close', async ({ page }, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const edge = boundary(10, mobile ? 1 : 0);
  const arrival = addDays(edge, -2);
  const departure = addDays(edge, 2);
  const guestName = `Jane ${testInfo.project.name} ${Date.now().toString(36)}`;
  const email = `jane.${testInfo.project.name}@example.org`;

  await page.goto('/?lang=en');
  const cards = page.locator('#chambres').getByRole('link', { name: /details|Details|View/ });
  const roomHref = await cards.last().getAttribute('href');
  expect(roomHref).toMatch(/^\/room\//);
  await page.goto(roomHref!);

  const booking = page.getByRole('region', { name: 'Availability and booking' });
  await expect(booking.getByRole('heading', { name: 'Availability calendar' })).toBeVisible();
  if (mobile) {
    // The stay fields (a GET form, working without JavaScript too).
    await booking.getByLabel('Arrival', { exact: true }).fill(arrival);
    await booking.getByLabel('Departure', { exact: true }).fill(departure);
    await booking.getByLabel('Adults', { exact: true }).selectOption('2');
    await booking.getByRole('button', { name: 'See the price' }).click();
  } else {
    // The calendar: month by month to the arrival, then a click on each day, in place.
    const dayName = (date: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
    const arrivalDay = booking.getByRole('link', { name: `${dayName(arrival)}: choose as arrival` });
    // Followed in place: the document is never loaded again (a mark on window survives).
    await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
    const nextMonth = booking.getByRole('link', { name: 'Next month' });
    for (let i = 0; i < 14 && !(await arrivalDay.isVisible()); i++) {
      const shown = (await nextMonth.getAttribute('href'))!;
      await nextMonth.click();
      // The month after it is on the page: the link now leads further.
      await expect(nextMonth).not.toHaveAttribute('href', shown);
    }
    await arrivalDay.click();
    await booking.getByRole('link', { name: `${dayName(departure)}: choose as departure` }).click();
    await expect(page).toHaveURL(new RegExp(`arrival=${arrival}&departure=${departure}&adults=2&children=0`));
    expect(await page.evaluate(() => (window as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
  }
  await expect(page).toHaveURL(new RegExp(`arrival=${arrival}&departure=${departure}&adults=2&children=0`));

  const quote = page.getByTestId('quote');
  await expect(quote.getByText(/2 nights ×/)).toHaveCount(2);
  await expect(quote.getByTestId('quote-amount')).toBeVisible();
  await expectNoAxeViolations(page);

  await booking.getByRole('textbox', { name: 'Name', exact: true }).fill(guestName);
  await booking.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await booking.getByRole('textbox', { name: 'Message', exact: true }).fill('Arriving by train.');
  await booking.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByTestId('booking-success')).toContainText('not confirmed yet');

  // The acknowledgement, in English, leaves through the outbox (no SMTP in e2e: an .eml file).
  await expect(async () => {
    expect(sentMails().some((m) => m.includes(`To: ${email}`) && m.includes('Request received'))).toBe(true);
  }).toPass({ timeout: 20_000 });

  await page.goto('/?lang=fr');
  await signInAsAdmin(page);
  // At a desk the owner answers in Réservations; on the phone, where they land: Aujourd'hui
  // shows the same card, with how long the request has waited (issue 48, item 5).
  await page.goto(mobile ? '/admin/today' : '/admin/reservations');
  await expect(page.getByRole('heading', { name: mobile ? "Aujourd'hui" : 'Réservations', exact: true })).toBeVisible();
  const request = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(guestName) }) });
  await expect(request).toContainText('4 nuits');
  if (mobile) await expect(request).toContainText(/En attente depuis \d+ min/);
  else await expect(page.getByRole('region', { name: /^Occupation de / })).toBeVisible();
  await expectNoAxeViolations(page);
  // Keyboard activation, as an owner on a phone with a keyboard would do it.
  await request.getByRole('button', { name: `Accepter la demande de ${guestName}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Réservation confirmée, le client est prévenu')).toBeVisible();
  await expect(request).toHaveCount(0);

  // The confirmed nights are in the room's export feed, for the platforms to close them.
  await page.goto(`/admin${roomHref}`);
  await page.getByRole('tab', { name: 'Calendriers' }).click();
  const exportUrl = await page.getByLabel("Lien d'export iCal").inputValue();
  const feed = await page.request.get(exportUrl);
  expect(feed.status()).toBe(200);
  const ics = await feed.text();
  expect(ics).toContain(`DTSTART;VALUE=DATE:${arrival.replaceAll('-', '')}`);
  expect(ics).toContain(`DTEND;VALUE=DATE:${departure.replaceAll('-', '')}`);

  await page.goto(`${roomHref}?lang=en&arrival=${arrival}&departure=${departure}&adults=2&children=0`);
  await expect(page.getByTestId('quote')).toContainText('Nights already taken');
  await expect(
    page
      .getByRole('region', { name: 'Availability and booking' })
      .getByText(/unavailable/)
      .first(),
  ).toBeAttached();
});
