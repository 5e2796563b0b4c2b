// What the room page shows about booking: the availability calendar of the months
// in view and, when the query string names a stay, its quote. Every label that
// depends on Intl is written here, on the server, so the browser renders the same
// bytes when it hydrates (ICU versions differ between Node and browsers).
import { headingCase } from '~/lib/heading-case';
import { dayStateLetter, type CalendarMonth } from '~/lib/calendar-month';
import { dateTimeFormat, intlLocale } from '~/lib/date-time-format';
import { decimalEuros, formatMoney } from '~/lib/money';
import { addDays, eachNight, isIsoDate, monthStart, nextMonth, utcMidnight, type IsoDate } from '~/lib/nights';
import { config } from '../../environment';
import { cachePublicData } from '../../public-content/invalidation';
import { listUnavailableNights } from '../availability/taken-nights';
import { hasStaleFeed } from '../availability/feeds';
import { guesthouseToday } from '../../guesthouse-time';
import { listNightlyRates, seasonByNight, type QuoteSeason } from '../pricing/quote';
import { quoteView, type QuoteView } from '../pricing/quote-view';
import { loadQuoteSeasons, quoteStay } from '../pricing/quote-inputs';
import { isNotFound } from '../../rule-refusal';
import { loadMoneyTerms } from '../../content/site-settings';
import type { DepositNature } from '~/lib/money-terms';

/** How far ahead the JSON-LD offers describe the room's nightly prices. */
export const OFFER_DAYS = 365;
/** A bound on the offers of one page, whatever the number of periods. */
export const MAX_OFFERS = 24;

export const CALENDAR_MONTHS = 2;

export interface RoomBooking {
  today: IsoDate;
  lastArrival: IsoDate;
  weekdays: string[];
  months: CalendarMonth[];
  previousMonth: string | null;
  nextMonth: string | null;
  stay: { arrival: string; departure: string; guests: number } | null;
  quote: QuoteView | null;
  /** False when the room has no price at all: price on request, contact form instead. */
  priced: boolean;
  /** An imported calendar of the room is stale (ICAL_STALE_HOURS): the guest is told availability may be behind. */
  calendarsBehind: boolean;
  /** The rates box: this room's season prices, names in the page's language, in date order with their coming periods. */
  rates: RateView[];
  /** The deposit's legal nature (issue 52): the quote names it and says what it means on cancellation. */
  depositNature: DepositNature;
}

export interface RateView {
  key: string;
  name: string;
  price: string;
  periods: string[];
}

/**
 * The seasons this room has a price in, in the order they come (by their next period
 * still to come; seasons without one last), each period written in the page's language.
 */
export function rateViews(seasons: QuoteSeason[], today: IsoDate, language: string): RateView[] {
  const day = dateTimeFormat(intlLocale(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const upcoming = (season: QuoteSeason) => season.periods.filter((p) => p.lastNight >= today).sort((a, b) => (a.firstNight < b.firstNight ? -1 : 1));
  return seasons
    .filter((season) => season.priceCents !== null)
    .map((season) => ({ season, periods: upcoming(season) }))
    .sort((a, b) => {
      const first = (x: typeof a) => x.periods[0]?.firstNight ?? '9999';
      return first(a) < first(b) ? -1 : first(a) > first(b) ? 1 : a.season.name.localeCompare(b.season.name);
    })
    .map(({ season, periods }) => ({
      key: season.id,
      name: season.name,
      price: formatMoney(season.priceCents!, language),
      // The last night is a night stayed; the period reads as the nights it covers.
      periods: periods.map((p) => `${day.format(utcMidnight(p.firstNight))} – ${day.format(utcMidnight(p.lastNight))}`),
    }));
}

function parseStay(params: URLSearchParams, maxGuestsFallback: number) {
  const arrival = params.get('arrival');
  const departure = params.get('departure');
  if (!arrival || !departure) return null;
  const guests = Number.parseInt(params.get('guests') ?? '', 10);
  return { arrival: arrival.slice(0, 10), departure: departure.slice(0, 10), guests: Number.isFinite(guests) ? guests : Math.min(2, maxGuestsFallback) };
}

/**
 * The room's schema.org offers: its price per night for the coming year, one offer
 * per run of nights at one price (a season's, or the base price between seasons),
 * from the price engine's own rule (`listNightlyRates`). Nights without a price
 * (price on request) are not offered.
 */
export function jsonLdOffers(rates: ReturnType<typeof listNightlyRates>) {
  return rates
    .filter((rate) => rate.priceCents !== null)
    .slice(0, MAX_OFFERS)
    .map((rate) => {
      const price = decimalEuros(rate.priceCents);
      const valid = { validFrom: rate.firstNight, validThrough: rate.lastNight };
      return {
        '@type': 'Offer',
        ...(rate.seasonName ? { name: rate.seasonName } : {}),
        price,
        priceCurrency: 'EUR',
        ...valid,
        priceSpecification: { '@type': 'UnitPriceSpecification', price, priceCurrency: 'EUR', unitText: 'NIGHT', ...valid },
      };
    });
}

type BookingRoom = { id: string; maxGuests: number; pricePerNightCents: number | null; hasSeasonPrice: boolean };
type RoomCalendar = { booking: Omit<RoomBooking, 'stay' | 'quote'>; offers: ReturnType<typeof jsonLdOffers> };

export async function loadRoomBooking(
  room: BookingRoom,
  params: URLSearchParams,
  language: string,
  chain: string[],
): Promise<{ booking: RoomBooking; offers: ReturnType<typeof jsonLdOffers> }> {
  const today = guesthouseToday();
  const lastArrival = addDays(today, config().BOOKING_HORIZON_DAYS);
  const stay = parseStay(params, room.maxGuests);
  const asked = params.get('month');
  let first = monthStart(today);
  if (asked && isIsoDate(`${asked}-01`)) first = `${asked}-01`;
  // An arrival alone (the departure still to choose) opens on its month too.
  else if (isIsoDate(params.get('arrival'))) first = monthStart(params.get('arrival')!);
  if (first < monthStart(today)) first = monthStart(today);
  if (first > monthStart(lastArrival)) first = monthStart(lastArrival);

  // The calendar and the offers are the same for every visitor until a write announces a
  // change (bookings, blocks, imported events, seasons, rooms, texts: migration 0005; a
  // feed's staleness: feeds.ts) or the day turns, so they are kept in memory like the rest
  // of the page's data. A quote is one visitor's question and is always computed.
  const [calendar, quote] = await Promise.all([
    cachePublicData(`room-booking:${room.id}:${today}:${first}:${language}:${chain.join(',')}`, () =>
      readRoomCalendar(room, { today, lastArrival, first, language, chain }),
    ),
    stay ? quoteStay(room.id, stay, chain).then((q) => (isNotFound(q) ? null : q)) : Promise.resolve(null),
  ]);
  return {
    booking: {
      ...calendar.booking,
      stay: stay && quote ? { arrival: stay.arrival, departure: stay.departure, guests: stay.guests } : null,
      quote: quote ? quoteView(quote, language) : null,
    },
    offers: calendar.offers,
  };
}

async function readRoomCalendar(
  room: BookingRoom,
  { today, lastArrival, first, language, chain }: { today: IsoDate; lastArrival: IsoDate; first: IsoDate; language: string; chain: string[] },
): Promise<RoomCalendar> {
  const monthStarts = [first];
  while (monthStarts.length < CALENDAR_MONTHS) monthStarts.push(nextMonth(monthStarts.at(-1)!));
  const end = nextMonth(monthStarts.at(-1)!);
  const [taken, seasons, stale, terms] = await Promise.all([
    listUnavailableNights(room.id, first, end),
    loadQuoteSeasons(room.id, chain),
    hasStaleFeed(room.id),
    loadMoneyTerms(),
  ]);
  const dayLabel = dateTimeFormat(intlLocale(language), { dateStyle: 'full', timeZone: 'UTC' });
  const monthTitle = dateTimeFormat(intlLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const weekday = dateTimeFormat(intlLocale(language), { weekday: 'short', timeZone: 'UTC' });
  const lastNight = addDays(lastArrival, config().BOOKING_MAX_NIGHTS);
  const months = monthStarts.map((start) => {
    const nights = eachNight(start, nextMonth(start));
    const bySeason = seasonByNight(seasons, nights);
    return {
      month: start.slice(0, 7),
      title: headingCase(monthTitle.format(utcMidnight(start)), language),
      offset: (utcMidnight(start).getUTCDay() + 6) % 7,
      states: nights.map((date) => dayStateLetter(date < today || date > lastNight ? 'past' : taken.has(date) ? 'taken' : 'free')).join(''),
      labels: nights.map((date) => dayLabel.format(utcMidnight(date))),
      minStay: Math.max(1, ...[...bySeason.values()].map((s) => s.minStay ?? 1)),
    };
  });
  const previous = monthStarts[0]! > monthStart(today) ? addDays(monthStarts[0]!, -1).slice(0, 7) : null;
  const following = end <= monthStart(lastArrival) ? end.slice(0, 7) : null;
  const rates = listNightlyRates({
    from: today,
    to: addDays(today, OFFER_DAYS),
    room: { basePriceCents: room.pricePerNightCents },
    seasons,
  });
  const booking: RoomCalendar['booking'] = {
    today,
    lastArrival,
    // 2024-01-01 was a Monday.
    weekdays: Array.from({ length: 7 }, (_, i) => weekday.format(utcMidnight(addDays('2024-01-01', i)))),
    months,
    previousMonth: previous,
    nextMonth: following,
    priced: room.pricePerNightCents !== null || room.hasSeasonPrice,
    calendarsBehind: stale,
    rates: rateViews(seasons, today, language),
    depositNature: terms.depositNature,
  };
  return { booking, offers: jsonLdOffers(rates) };
}
