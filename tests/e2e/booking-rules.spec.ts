// Booking rules and prices the way hosts set them (issue 45), at 1280 and 375 px, in English
// and French: the home card says « à partir de » with the lowest price a guest can book;
// in the demo's high season (3 nights at least, arrivals on Saturdays) the calendar refuses
// a Tuesday arrival and says why, and so does the quote; a week shows the length-of-stay
// reduction, a code typed any way applies after it, and the tourist tax counts the adults
// only; the owner records a phone booking seeing the engine's quote before saving.
import { addDays, type IsoDate } from '../../app/lib/nights';
import { formatMoney } from '../../app/lib/money';
import { weekdayOf } from '../../app/lib/stay-rules';
import { DEMO_ROOMS } from '../../app/.server/seed/demo-content';
import { rulesAllow, today } from './demo-stays';
import { expect, signInAsAdmin, test } from './fixtures';

const SUITE = DEMO_ROOMS.find((room) => room.maxGuests === 4)!;
const SATURDAY = 5;

/** A night in the Saturday-arrival season: one night from it is refused. */
const restricted = (night: IsoDate) => !rulesAllow(night, addDays(night, 1));

/** The `nth` Saturday (0, 1…) of the coming high season from which two weeks stay in it. */
function highSeasonSaturday(nth: number): IsoDate {
  let found = 0;
  for (let n = 1; n < 500; n++) {
    const day = addDays(today(), n);
    if (weekdayOf(day) === SATURDAY && restricted(day) && restricted(addDays(day, 14)) && found++ === nth) return day;
  }
  throw new Error('no high season ahead');
}

const dayName = (date: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

test('stay rules, prices by guests, reductions and the owner’s live quote', async ({ page }, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const saturday = highSeasonSaturday(mobile ? 1 : 0);
  const tuesday = addDays(saturday, 3);
  const week = addDays(saturday, 7);

  // The home card: from the lowest price of a night one can book (the suite's low season), with what it includes.
  await page.goto('/?lang=fr');
  const card = page.getByTestId('room-card').filter({ hasText: SUITE.name.fr });
  const lowest = Math.min(...SUITE.seasonPricesCents);
  await expect(card.getByTestId('room-card-price')).toContainText(`à partir de ${formatMoney(lowest, 'fr')} / nuit`);
  await expect(card.getByTestId('room-card-price')).toContainText('petit-déjeuner inclus · Wi-Fi inclus');
  const room = (await card.getByRole('link').first().getAttribute('href'))!.split('?')[0]!;
  expect(room).toMatch(/^\/room\//);

  // The calendar in English: a Tuesday of the high season is no arrival, and says why; Saturday is.
  await page.goto(`${room}?lang=en&month=${tuesday.slice(0, 7)}`);
  const booking = page.getByRole('region', { name: 'Availability and booking' });
  const rule = 'In High season: 3 nights minimum, arrival on Saturday';
  await expect(booking.getByText(`${dayName(tuesday, 'en-GB')}: no arrival on this day (${rule})`)).toBeAttached();
  await expect(booking.getByRole('link', { name: `${dayName(tuesday, 'en-GB')}: choose as arrival` })).toHaveCount(0);
  await expect(booking.getByTestId('calendar-rules').first()).toContainText(rule);
  if (saturday.slice(0, 7) === tuesday.slice(0, 7)) {
    await expect(booking.getByRole('link', { name: `${dayName(saturday, 'en-GB')}: choose as arrival` })).toBeVisible();
  }

  // The quote in French refuses the Tuesday with the same reason, and shows no price.
  await page.goto(`${room}?lang=fr&arrival=${tuesday}&departure=${addDays(tuesday, 4)}&adults=2`);
  const quote = page.getByTestId('quote');
  await expect(quote).toContainText("Pas d'arrivée le mardi — En Haute saison\u00a0: 3 nuits minimum, arrivée le samedi.");
  await expect(page.getByTestId('quote-amount')).toHaveCount(0);

  // A week from Saturday for 2 adults and a child, a code typed in lower case with spaces:
  // the nights, the child beyond the two the price includes, −10 % from 7 nights, then the
  // code on what remains; the tax counts the 2 adults, the minor exempt; the first figure is the total with the tax.
  await page.goto(`${room}?lang=fr&arrival=${saturday}&departure=${week}&adults=2&children=1&code=${encodeURIComponent(' bienvenue ')}`);
  await expect(quote).toContainText('Haute saison\u00a0: 7 nuits');
  await expect(quote).toContainText(`Enfant supplémentaire\u00a0: 1 enfant × 7 nuits × ${formatMoney(SUITE.extraGuestCents!.child, 'fr')}`);
  await expect(quote).toContainText('Réduction séjour long\u00a0: −10\u00a0% dès 7 nuits');
  await expect(quote).toContainText('Code promo BIENVENUE\u00a0: −10\u00a0%');
  await expect(page.getByTestId('quote-tax')).toContainText(`Taxe de séjour\u00a0: 2 adultes × 7 nuits × ${formatMoney(110, 'fr')} (1 mineur exonéré)`);
  const nights = 7 * SUITE.seasonPricesCents[2] + 7 * SUITE.extraGuestCents!.child;
  const afterLength = nights - Math.round(nights * 0.1);
  const stay = afterLength - Math.round(afterLength * 0.1);
  const amount = formatMoney(stay + 2 * 7 * 110, 'fr');
  await expect(page.getByTestId('quote-amount')).toHaveText(amount);
  await expect(quote.getByTestId('price-includes')).toHaveText('petit-déjeuner inclus · Wi-Fi inclus');

  // An expired or unknown code is said in the visitor's language.
  await page.goto(`${room}?lang=en&arrival=${saturday}&departure=${week}&adults=2&code=NOPE`);
  await expect(quote).toContainText('The code “NOPE” does not exist.');

  // The owner takes the same week by phone and sees the engine's quote before saving.
  await page.goto('/?lang=fr');
  await signInAsAdmin(page);
  await page.goto('/admin/booking/new');
  await expect(page.getByRole('heading', { name: 'Enregistrer une réservation' })).toBeVisible();
  await page.getByLabel('Chambre').selectOption({ label: SUITE.name.fr });
  await page.getByLabel('Arrivée').fill(saturday);
  await page.getByLabel('Départ').fill(week);
  await page.getByLabel('Adultes').fill('2');
  await page.getByLabel('Enfants (moins de 18 ans)').fill('1');
  await page.getByLabel('Code promo (facultatif)').fill('Bienvenue');
  const live = page.getByTestId('live-quote');
  await expect(live.getByTestId('simulation-free')).toHaveText('Nuits libres');
  await expect(live.getByTestId('simulation-amount')).toHaveText(amount);
  await expect(live).toContainText('Taxe de séjour\u00a0: 2 adultes × 7 nuits');
  const guest = `Léa Téléphone ${testInfo.project.name}`;
  await page.getByLabel('Nom du client').fill(guest);
  await page.getByLabel('E-mail du client').fill('lea.telephone@example.org');
  await page.getByRole('button', { name: 'Enregistrer la réservation' }).click();
  await expect(page.getByRole('heading', { name: `Réservation de ${guest}` })).toBeVisible();
  await expect(page.getByText('Code promo BIENVENUE').first()).toBeVisible();
  await expect(page.getByText(amount).first()).toBeVisible();

  // The same nights, asked again: the live quote names the conflict before any click.
  await page.goto('/admin/booking/new');
  await page.getByLabel('Chambre').selectOption({ label: SUITE.name.fr });
  await page.getByLabel('Arrivée').fill(saturday);
  await page.getByLabel('Départ').fill(week);
  await expect(live.getByTestId('simulation-conflict')).toContainText(guest);
});
