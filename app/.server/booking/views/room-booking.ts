// What the room page shows about booking: the availability calendar of the months in
// view (the days one may not arrive on marked and explained by their rules), the room's
// rates with their reductions and, when the query string names a stay, its quote. Every
// label that depends on Intl is written here, on the server, so the browser renders the
// same bytes when it hydrates (ICU versions differ between Node and browsers). The
// « à partir de » price of the home cards and of the JSON-LD offers comes from here too.
import { headingCase } from '~/lib/heading-case';
import { dayStateLetter, ruleIndexLetter, type CalendarMonth, type DayState } from '~/lib/calendar-month';
import { dateTimeFormat, intlLocale } from '~/lib/date-time-format';
import { OWNER_CHAIN } from '~/lib/i18n';
import { decimalEuros, formatMoney } from '~/lib/money';
import { addDays, eachNight, isIsoDate, monthStart, nextMonth, utcMidnight, type IsoDate } from '~/lib/nights';
import { allowsDay, type GeneralRules } from '~/lib/stay-rules';
import { cachePublicData } from '../../public-content/invalidation';
import { listUnavailableNights } from '../availability/taken-nights';
import { hasStaleFeed } from '../availability/feeds';
import { guesthouseToday } from '../../guesthouse-time';
import { listNightlyRates, lowestNightlyPrice, rulesForArrival, type QuoteSeason } from '../pricing/quote';
import { quoteView, type QuoteView } from '../pricing/quote-view';
import { loadRoomPricing, quoteStay, type RoomPricing } from '../pricing/quote-inputs';
import { describeAppliedRules, describeLengthDiscount, labelled } from '../pricing/quote-lines';
import { isNotFound } from '../../rule-refusal';
import { loadMoneyTerms } from '../../content/site-settings';
import type { DepositNature } from '~/lib/money-terms';

/** How far ahead the JSON-LD offers and the « à partir de » price look. */
export const OFFER_DAYS = 365;
/** A bound on the offers of one page, whatever the number of periods. */
export const MAX_OFFERS = 24;

export const CALENDAR_MONTHS = 2;

export interface StayAsked {
  arrival: string;
  departure: string;
  adults: number;
  children: number;
  code: string;
}

export interface RoomBooking {
  today: IsoDate;
  lastArrival: IsoDate;
  weekdays: string[];
  months: CalendarMonth[];
  previousMonth: string | null;
  nextMonth: string | null;
  stay: StayAsked | null;
  quote: QuoteView | null;
  /** An arrival chosen, the departure still to choose: the nights and weekdays its rules allow (the calendar offers those days only). */
  departureRule: { minNights: number; maxNights: number; departureDays: number; text: string } | null;
  /** False when the room has no price at all: price on request, contact form instead. */
  priced: boolean;
  /** An imported calendar of the room is stale (ICAL_STALE_HOURS): the guest is told availability may be behind. */
  calendarsBehind: boolean;
  /** The rates box: this room's season prices, names in the page's language, in date order with their coming periods. */
  rates: RateView[];
  /** The deposit's legal nature (issue 52): the quote names it and says what it means on cancellation. */
  depositNature: DepositNature;
  /** The length-of-stay reductions, in words: « −10 % dès 7 nuits », « Haute saison : −5 % dès 5 nuits ». */
  reductions: string[];
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

const smallCount = (value: string | null, min: number, max: number): number | null => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** The stay the query string asks for (adults and children; `guests` from older links: all adults). */
function parseStay(params: URLSearchParams, maxGuests: number): StayAsked | null {
  const arrival = params.get('arrival');
  const departure = params.get('departure');
  if (!arrival || !departure) return null;
  return {
    arrival: arrival.slice(0, 10),
    departure: departure.slice(0, 10),
    adults: smallCount(params.get('adults'), 0, 10) ?? smallCount(params.get('guests'), 0, 10) ?? Math.min(2, maxGuests),
    children: smallCount(params.get('children'), 0, 10) ?? 0,
    code: (params.get('code') ?? '').slice(0, 60),
  };
}

/** The nights one may book from today: from the first arrival Configuration allows to the last night of a stay arriving at the horizon, a year at most. */
export function bookableWindow(today: IsoDate, general: GeneralRules): { from: IsoDate; to: IsoDate } {
  const to = addDays(today, Math.min(OFFER_DAYS, general.horizonDays + general.maxNights));
  return { from: addDays(today, Math.min(general.minNoticeDays, OFFER_DAYS)), to };
}

/** The room's nightly prices over the nights one may book (what the offers publish and the « à partir de » reads). */
function bookableRates(pricing: RoomPricing, today: IsoDate) {
  const window = bookableWindow(today, pricing.general);
  return listNightlyRates({ ...window, room: { basePriceCents: pricing.room.basePriceCents }, seasons: pricing.seasons });
}

/**
 * The room's schema.org offers: its price per night over the nights one may book, one
 * offer per run of nights at one price (a season's, or the base price between seasons),
 * from the price engine's own rule (`listNightlyRates`). Nights without a price (price on
 * request) are not offered. Their lowest price is the room's « à partir de ».
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

/** A room's pricing inputs, kept in memory until a write changes them (seasons, rooms, rules, reductions, settings). */
const roomPricing = (roomId: string, chain: string[]) => cachePublicData(`room-pricing:${roomId}:${chain.join(',')}`, () => loadRoomPricing(roomId, chain));

/**
 * Each room's lowest and highest price of a night one may book in the next twelve months
 * (the home cards' « à partir de », the home's JSON-LD): from the engine's nightly rates,
 * the same figures as the room page's offers. Kept until a write or the next day.
 */
export function listRoomFromPrices(roomIds: string[]): Promise<Map<string, { fromCents: number; toCents: number }>> {
  const today = guesthouseToday();
  return cachePublicData(`room-from-prices:${today}:${roomIds.join(',')}`, async () => {
    const prices = new Map<string, { fromCents: number; toCents: number }>();
    for (const id of roomIds) {
      const pricing = await roomPricing(id, OWNER_CHAIN);
      if (!pricing) continue;
      const rates = bookableRates(pricing, today);
      const from = lowestNightlyPrice(rates);
      const all = rates.flatMap((r) => (r.priceCents === null ? [] : [r.priceCents]));
      if (from !== null) prices.set(id, { fromCents: from, toCents: Math.max(...all) });
    }
    return prices;
  });
}

type BookingRoom = { id: string; maxGuests: number; pricePerNightCents: number | null; hasSeasonPrice: boolean };
type RoomCalendar = {
  booking: Omit<RoomBooking, 'stay' | 'quote' | 'departureRule'>;
  offers: ReturnType<typeof jsonLdOffers>;
  fromCents: number | null;
};

export async function loadRoomBooking(
  room: BookingRoom,
  params: URLSearchParams,
  language: string,
  chain: string[],
): Promise<{ booking: RoomBooking; offers: ReturnType<typeof jsonLdOffers>; fromCents: number | null }> {
  const today = guesthouseToday();
  const pricing = await roomPricing(room.id, chain);
  if (!pricing) throw new Error(`room ${room.id} has no pricing`);
  const lastArrival = addDays(today, pricing.general.horizonDays);
  const stay = parseStay(params, room.maxGuests);
  const asked = params.get('month');
  let first = monthStart(today);
  if (asked && isIsoDate(`${asked}-01`)) first = `${asked}-01`;
  // An arrival alone (the departure still to choose) opens on its month too.
  else if (isIsoDate(params.get('arrival'))) first = monthStart(params.get('arrival')!);
  if (first < monthStart(today)) first = monthStart(today);
  if (first > monthStart(lastArrival)) first = monthStart(lastArrival);

  // The calendar and the offers are the same for every visitor until a write announces a
  // change (bookings, blocks, imported events, seasons, rules, rooms, texts: migrations 0005
  // and 0014; a feed's staleness: feeds.ts) or the day turns, so they are kept in memory like
  // the rest of the page's data. A quote is one visitor's question and is always computed.
  const [calendar, quote] = await Promise.all([
    cachePublicData(`room-booking:${room.id}:${today}:${first}:${language}:${chain.join(',')}`, () =>
      readRoomCalendar(room, pricing, { today, lastArrival, first, language }),
    ),
    stay ? quoteStay(room.id, stay, chain, undefined, { pricing }).then((q) => (isNotFound(q) ? null : q)) : Promise.resolve(null),
  ]);
  const arrival = params.get('arrival');
  let departureRule: RoomBooking['departureRule'] = null;
  if (isIsoDate(arrival) && !params.get('departure')) {
    const rules = rulesForArrival(pricing, arrival);
    departureRule = { minNights: rules.minNights, maxNights: rules.maxNights, departureDays: rules.departureDays, text: describeAppliedRules(rules, language) };
  }
  return {
    booking: {
      ...calendar.booking,
      stay: stay && quote ? stay : null,
      quote: quote ? quoteView(quote, language) : null,
      departureRule,
    },
    offers: calendar.offers,
    fromCents: calendar.fromCents,
  };
}

async function readRoomCalendar(
  room: BookingRoom,
  pricing: RoomPricing,
  { today, lastArrival, first, language }: { today: IsoDate; lastArrival: IsoDate; first: IsoDate; language: string },
): Promise<RoomCalendar> {
  const monthStarts = [first];
  while (monthStarts.length < CALENDAR_MONTHS) monthStarts.push(nextMonth(monthStarts.at(-1)!));
  const end = nextMonth(monthStarts.at(-1)!);
  const [taken, stale, terms] = await Promise.all([listUnavailableNights(room.id, first, end), hasStaleFeed(room.id), loadMoneyTerms()]);
  const dayLabel = dateTimeFormat(intlLocale(language), { dateStyle: 'full', timeZone: 'UTC' });
  const monthTitle = dateTimeFormat(intlLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const weekday = dateTimeFormat(intlLocale(language), { weekday: 'short', timeZone: 'UTC' });
  const lastNight = addDays(lastArrival, pricing.general.maxNights);
  // A night's rules in words, made once per distinct set of rules.
  const ruleTexts = new Map<string, string>();
  const months = monthStarts.map((start) => {
    const nights = eachNight(start, nextMonth(start));
    const rules: string[] = [];
    let ruleOf = '';
    const states = nights.map((date): DayState => {
      const applied = rulesForArrival(pricing, date);
      const key = JSON.stringify(applied);
      let text = ruleTexts.get(key);
      if (text === undefined) ruleTexts.set(key, (text = describeAppliedRules(applied, language)));
      if (text && !rules.includes(text)) rules.push(text);
      ruleOf += ruleIndexLetter(text ? rules.indexOf(text) : -1);
      if (date < today || date > lastNight) return 'past';
      if (taken.has(date)) return 'taken';
      const arrives = allowsDay(applied.arrivalDays, date) && date >= addDays(today, applied.minNoticeDays) && date <= lastArrival;
      return arrives ? 'free' : 'closed';
    });
    return {
      month: start.slice(0, 7),
      title: headingCase(monthTitle.format(utcMidnight(start)), language),
      offset: (utcMidnight(start).getUTCDay() + 6) % 7,
      states: states.map(dayStateLetter).join(''),
      labels: nights.map((date) => dayLabel.format(utcMidnight(date))),
      rules,
      ruleOf,
    };
  });
  const previous = monthStarts[0]! > monthStart(today) ? addDays(monthStarts[0]!, -1).slice(0, 7) : null;
  const following = end <= monthStart(lastArrival) ? end.slice(0, 7) : null;
  const rates = bookableRates(pricing, today);
  const seasonName = new Map(pricing.seasons.map((s) => [s.id, s.name]));
  const reductions = [...pricing.lengthDiscounts]
    .filter((d) => d.roomId === room.id || (d.seasonId !== null && seasonName.has(d.seasonId)))
    .sort((a, b) => a.minNights - b.minNights)
    .map((d) => {
      const text = describeLengthDiscount(d.percent, d.minNights, language);
      return d.seasonId ? labelled(seasonName.get(d.seasonId)!, text, language) : text;
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
    rates: rateViews(pricing.seasons, today, language),
    reductions,
    depositNature: terms.depositNature,
  };
  return { booking, offers: jsonLdOffers(rates), fromCents: lowestNightlyPrice(rates) };
}
