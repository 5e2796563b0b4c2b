// Issue 35 as the owner lives it, at 1280 px and 375 px: signing in lands on
// "Aujourd'hui"; a booking taken by phone is recorded, its dates changed (the public
// calendar and the export feed follow), its deposit marked received; another is
// cancelled (its nights reopen on both); two overlapping requests warn before Accepter.
import type { Page } from '@playwright/test';
import { addDays } from '../../app/lib/nights';
import { axeViolations } from './axe';
import { freeOffset, today } from './demo-stays';
import { currentServer, expect, signInAsAdmin, test } from './fixtures';

const dayLabel = (date: string) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const fr = (date: string) => date.split('-').reverse().join('/');

/** Whether the public calendar shows the night as taken. */
async function nightTaken(page: Page, roomId: string, night: string) {
  await page.goto(`/room/${roomId}?lang=fr&month=${night.slice(0, 7)}`);
  const label = dayLabel(night);
  const taken = page.locator(`[title="${label} : indisponible"]`);
  const free = page.getByRole('link', { name: `${label} : choisir comme arrivée` });
  // The day is in view either way: taken, or free to choose.
  await expect(taken.or(free).first()).toBeAttached();
  return (await taken.count()) > 0;
}

async function exportFeed(page: Page, roomId: string) {
  await page.goto(`/admin/room/${roomId}`);
  await page.getByRole('tab', { name: 'Calendriers' }).click();
  const url = await page.getByLabel("Lien d'export iCal").inputValue();
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return response.text();
}

const dtstart = (date: string) => `DTSTART;VALUE=DATE:${date.replaceAll('-', '')}`;

async function recordPhoneBooking(page: Page, { name, arrival, departure }: { name: string; arrival: string; departure: string }) {
  await page.goto('/admin/booking/new');
  await expect(page.getByRole('heading', { name: 'Enregistrer une réservation' })).toBeVisible();
  const room = page.getByLabel('Chambre');
  await room.selectOption({ index: 1 });
  const roomId = await room.inputValue();
  await page.getByLabel('Arrivée').fill(arrival);
  await page.getByLabel('Départ').fill(departure);
  await page.getByLabel('Adultes').fill('2');
  await page.getByLabel('Nom du client').fill(name);
  await page.getByLabel('E-mail du client').fill('client.telephone@example.org');
  await page.getByLabel('Téléphone du client').fill('06 11 22 33 44');
  await page.getByRole('button', { name: 'Enregistrer la réservation' }).click();
  await expect(page.getByRole('heading', { name: `Réservation de ${name}` })).toBeVisible();
  await expect(page.getByText('source : téléphone')).toBeVisible();
  return { roomId, url: page.url() };
}

test('the owner runs stays from the back office', async ({ page }, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  // Its stays span 33 days, out of the demo's Saturday-arrival season.
  const base = freeOffset(mobile ? 260 : 200, 33);
  const tag = `${testInfo.project.name} ${Date.now().toString(36)}`;

  // Signing in lands on the owner's home.
  await signInAsAdmin(page);
  await expect(page.getByRole('heading', { name: "Aujourd'hui" })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Arrivées du jour' })).toContainText('Jan de Vries');
  expect.soft(await axeViolations(page), "axe on Aujourd'hui").toEqual([]);

  // A booking taken by phone closes its nights on the site and in the export feed.
  const arrival = addDays(today(), base);
  const departure = addDays(today(), base + 3);
  const phone = await recordPhoneBooking(page, { name: `Paul Téléphone ${tag}`, arrival, departure });
  await expect(page.getByRole('link', { name: '+33 6 11 22 33 44' })).toHaveAttribute('href', 'tel:+33611223344');
  expect.soft(await axeViolations(page), 'axe on a booking').toEqual([]);
  const bookingId = phone.url.split('/').pop()!;
  expect(await nightTaken(page, phone.roomId, arrival)).toBe(true);
  expect(await exportFeed(page, phone.roomId)).toContain(dtstart(arrival));

  // Its dates change: the old first night reopens, the new nights close, the feed follows.
  // A week later, as long (the same weekdays and nights: the season's stay rules still hold).
  const newArrival = addDays(arrival, 7);
  const newDeparture = addDays(arrival, 10);
  await page.goto(phone.url);
  await page.getByText('Modifier les dates ou la chambre…').click();
  await page.getByLabel('Arrivée').fill(newArrival);
  await page.getByLabel('Départ').fill(newDeparture);
  await page.getByRole('button', { name: 'Enregistrer la modification' }).click();
  await expect(page.getByText('Réservation modifiée, le client est prévenu')).toBeVisible();
  await expect(page.getByText(`du ${fr(newArrival)} au ${fr(newDeparture)}`).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Historique' })).toContainText('Modifiée');
  expect(await nightTaken(page, phone.roomId, arrival)).toBe(false);
  expect(await nightTaken(page, phone.roomId, newArrival)).toBe(true);
  const feed = await exportFeed(page, phone.roomId);
  expect(feed).toContain(dtstart(newArrival));
  expect(feed).not.toContain(dtstart(arrival));

  // The arrhes are marked received (the form pre-filled with them): what remains goes down.
  await page.goto(phone.url);
  const before = await page.getByTestId('outstanding').textContent();
  await expect(page.getByText(/Confirmée — arrhes attendues/)).toBeVisible();
  await page.getByRole('form', { name: 'Enregistrer un paiement ou un remboursement' }).getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Paiement enregistré')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Paiements et remboursements' })).toContainText('Arrhes');
  await expect(page.getByTestId('outstanding')).not.toHaveText(before!);
  await expect(page.getByText(/arrhes attendues/)).toHaveCount(0);

  // Another booking is cancelled: its nights reopen on the site and leave the feed.
  const other = await recordPhoneBooking(page, { name: `Anne Annulée ${tag}`, arrival: addDays(today(), base + 20), departure: addDays(today(), base + 22) });
  const otherArrival = addDays(today(), base + 20);
  expect(await nightTaken(page, other.roomId, otherArrival)).toBe(true);
  await page.goto(other.url);
  await page.getByText('Annuler la réservation…').click();
  await page.getByLabel('Message au client (facultatif)').fill('Annulée à votre demande.');
  await page.getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(page.getByText('Réservation annulée, le client est prévenu')).toBeVisible();
  await expect(page.getByText('Annulée · source : téléphone')).toBeVisible();
  expect(await nightTaken(page, other.roomId, otherArrival)).toBe(false);
  expect(await exportFeed(page, other.roomId)).not.toContain(dtstart(otherArrival));

  // Two overlapping requests from the site: each card names the other before any click.
  const origin = currentServer().origin;
  const requestArrival = addDays(today(), base + 30);
  for (const [name, shift] of [
    [`Alice ${tag}`, 0],
    [`Bob ${tag}`, 1],
  ] as const) {
    const response = await page.request.post(`/room/${phone.roomId}?lang=fr`, {
      headers: { origin },
      form: {
        intent: 'book',
        arrival: addDays(requestArrival, shift),
        departure: addDays(requestArrival, shift + 2),
        adults: '2',
        children: '0',
        name,
        email: 'demande@example.org',
        phone: '',
        message: '',
        website: '',
      },
    });
    expect(response.status()).toBe(200);
  }
  await page.goto('/admin/reservations');
  const alice = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`Alice ${tag}`) }) });
  await expect(alice.getByRole('status')).toContainText(`Chevauche la demande en attente de Bob ${tag}`);
  await expect(alice.getByRole('button', { name: `Accepter la demande de Alice ${tag}` })).toBeEnabled();
  expect.soft(await axeViolations(page), 'axe on Réservations').toEqual([]);

  // The arrivals list of the period shows the changed booking; its CSV too.
  await page.goto(`/admin/arrivals?from=${addDays(newArrival, -1)}&to=${addDays(newArrival, 1)}`);
  await expect(page.getByRole('table', { name: 'Arrivées' })).toContainText(`Paul Téléphone ${tag}`);
  expect.soft(await axeViolations(page), 'axe on Arrivées').toEqual([]);
  const csv = await page.request.get(`/admin/arrivals.csv?from=${addDays(newArrival, -1)}&to=${addDays(newArrival, 1)}`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain(`Paul Téléphone ${tag}`);
  expect(bookingId).toMatch(/^[0-9a-f-]{36}$/);
});
