// The one price engine: every price shown or mailed for a stay comes from
// `computeQuote`. Pure (no database), so it is proved by property tests; its inputs
// are loaded by `quoteStay` (quote-inputs.ts). Money in integer cents; nights are calendar
// dates (see ~/lib/nights), never instants.
import { addDays, daysBetween, eachNight, isIsoDate, type IsoDate } from '~/lib/nights';

export interface QuoteSeason {
  id: string;
  name: string;
  minStay: number | null;
  /** This room's price in this season; null: the room's base price applies. */
  priceCents: number | null;
  /** First and last night of each period, included. */
  periods: Array<{ firstNight: IsoDate; lastNight: IsoDate }>;
}

/** The stay terms of Configuration, as figures: what the engine adds to the nights' price. */
export interface StayTerms {
  /** Tourist tax per adult per night. */
  touristTaxCents: number;
  /** Share of the nights' price asked as a deposit, 0–100. */
  depositPercent: number;
  /** The balance is due this many days before arrival (0: on arrival). */
  balanceDueDays: number;
}

export const NO_STAY_TERMS: StayTerms = { touristTaxCents: 0, depositPercent: 0, balanceDueDays: 0 };

export interface QuoteInput {
  arrival: string;
  departure: string;
  guests: number;
  /** Guests under the tourist tax's age (they pay none); 0 when not said. */
  children?: number;
  terms: StayTerms;
  room: { maxGuests: number; basePriceCents: number | null };
  seasons: QuoteSeason[];
  /** Nights taken by confirmed bookings, manual blocks or imported events. */
  unavailable: ReadonlySet<IsoDate>;
  /** Today in the guesthouse's time zone. */
  today: IsoDate;
  maxNights: number;
  horizonDays: number;
  /** The owner's price for the nights (cents) instead of the seasons': tax, deposit and balance follow it. */
  priceOverrideCents?: number | null;
}

/** What the stay's dates and guests alone decide, before any price or taken night is read. */
export type StayShape = Pick<QuoteInput, 'arrival' | 'departure' | 'guests' | 'today' | 'maxNights' | 'horizonDays'> & { maxGuests: number };

export type QuoteProblem =
  | { code: 'invalid_dates' }
  | { code: 'past' }
  | { code: 'departure_not_after_arrival' }
  | { code: 'too_long'; maxNights: number }
  | { code: 'too_far'; horizonDays: number; lastArrival: IsoDate }
  | { code: 'guests'; maxGuests: number }
  | { code: 'unavailable'; nights: IsoDate[] }
  | { code: 'min_stay'; minStay: number }
  | { code: 'no_price' };

export interface PricedNight {
  night: IsoDate;
  seasonId: string | null;
  priceCents: number;
}

export interface QuoteLine {
  seasonId: string | null;
  /** Season name, or null for nights outside every season (base price). */
  seasonName: string | null;
  nights: number;
  unitCents: number;
  totalCents: number;
}

export interface Quote {
  arrival: IsoDate;
  departure: IsoDate;
  guests: number;
  nights: PricedNight[];
  lines: QuoteLine[];
  /** The nights' price. */
  totalCents: number;
  /** Tourist tax: adults × nights × the configured rate. */
  taxCents: number;
  /** What the guest pays in all: nights and tax. */
  amountCents: number;
  /** Asked at booking: the configured share of the nights' price, rounded to the cent. */
  depositCents: number;
  /** What remains after the deposit. */
  balanceCents: number;
  /** The day the balance is due (arrival less the configured days, never before today). */
  balanceDueDate: IsoDate;
  /** The strictest minimum stay among the seasons the stay touches (1 when none). */
  minStay: number;
  /** Every reason the request is not possible; empty when it can be sent. */
  problems: QuoteProblem[];
}

/** The season covering each night, for the nights asked. */
export function seasonByNight(seasons: QuoteSeason[], nights: IsoDate[]): Map<IsoDate, QuoteSeason> {
  const byNight = new Map<IsoDate, QuoteSeason>();
  for (const night of nights) {
    const season = seasons.find((s) => s.periods.some((p) => p.firstNight <= night && night <= p.lastNight));
    if (season) byNight.set(night, season);
  }
  return byNight;
}

/** The one pricing rule: the season covering the night prices it for the room, else the base price; null: no price. */
const nightPrice = (season: QuoteSeason | undefined, basePriceCents: number | null) => season?.priceCents ?? basePriceCents;

export interface NightlyRate {
  firstNight: IsoDate;
  lastNight: IsoDate;
  seasonId: string | null;
  seasonName: string | null;
  /** Price of each of these nights; null: no price (price on request). */
  priceCents: number | null;
}

/**
 * The room's price per night over [from, to), as runs of consecutive nights with
 * the same season and price: what the JSON-LD offers publish. The same rule as
 * `computeQuote`, so a stay's quote is the sum of these prices over its nights.
 */
export function listNightlyRates(input: { from: IsoDate; to: IsoDate; room: { basePriceCents: number | null }; seasons: QuoteSeason[] }): NightlyRate[] {
  const nightDates = eachNight(input.from, input.to);
  const seasons = seasonByNight(input.seasons, nightDates);
  const rates: NightlyRate[] = [];
  for (const night of nightDates) {
    const season = seasons.get(night);
    const priceCents = nightPrice(season, input.room.basePriceCents);
    const last = rates.at(-1);
    if (last && last.seasonId === (season?.id ?? null) && last.priceCents === priceCents && addDays(last.lastNight, 1) === night) last.lastNight = night;
    else rates.push({ firstNight: night, lastNight: night, seasonId: season?.id ?? null, seasonName: season?.name ?? null, priceCents });
  }
  return rates;
}

/**
 * The problems of the stay's shape (dates in order, not past, not too far, not too long, the
 * room's number of guests), and whether its nights can be priced at all: a request is
 * answered from these before any calendar is fetched.
 */
export function stayShapeProblems(shape: StayShape): { problems: QuoteProblem[]; priceable: boolean } {
  const { arrival, departure, guests, today } = shape;
  const problems: QuoteProblem[] = [];
  if (!isIsoDate(arrival) || !isIsoDate(departure)) return { problems: [{ code: 'invalid_dates' }], priceable: false };
  if (!Number.isInteger(guests) || guests < 1 || guests > shape.maxGuests) problems.push({ code: 'guests', maxGuests: shape.maxGuests });
  if (arrival < today) problems.push({ code: 'past' });
  const length = daysBetween(arrival, departure);
  if (length <= 0) return { problems: [...problems, { code: 'departure_not_after_arrival' }], priceable: false };
  const lastArrival = addDays(today, shape.horizonDays);
  if (arrival > lastArrival) problems.push({ code: 'too_far', horizonDays: shape.horizonDays, lastArrival });
  // Not priced: a stay this long is refused whatever it costs, and pricing it would be unbounded work.
  if (length > shape.maxNights) return { problems: [...problems, { code: 'too_long', maxNights: shape.maxNights }], priceable: false };
  return { problems, priceable: true };
}

export function computeQuote(input: QuoteInput): Quote {
  const { arrival, departure, guests, room } = input;
  const shape = stayShapeProblems({ ...input, maxGuests: room.maxGuests });
  const problems = shape.problems;
  if (!shape.priceable) return { arrival, departure, guests, nights: [], lines: [], ...stayMoney(0, 0, 0, input), minStay: 1, problems };

  const nightDates = eachNight(arrival, departure);
  const seasons = seasonByNight(input.seasons, nightDates);
  const nights: PricedNight[] = [];
  let unpriced = false;
  for (const night of nightDates) {
    const season = seasons.get(night) ?? null;
    const price = nightPrice(season ?? undefined, room.basePriceCents);
    if (price === null) unpriced = true;
    nights.push({ night, seasonId: season?.id ?? null, priceCents: price ?? 0 });
  }
  if (unpriced && input.priceOverrideCents == null) problems.push({ code: 'no_price' });

  const taken = nightDates.filter((n) => input.unavailable.has(n));
  if (taken.length) problems.push({ code: 'unavailable', nights: taken });

  const minStay = Math.max(1, ...[...new Set(seasons.values())].map((s) => s.minStay ?? 1));
  if (nightDates.length < minStay) problems.push({ code: 'min_stay', minStay });

  // One line per season and unit price, in the order the stay first meets them.
  const lines: QuoteLine[] = [];
  for (const night of nights) {
    const line = lines.find((l) => l.seasonId === night.seasonId && l.unitCents === night.priceCents);
    if (line) {
      line.nights += 1;
      line.totalCents += night.priceCents;
    } else {
      const seasonName = night.seasonId ? seasons.get(night.night)!.name : null;
      lines.push({ seasonId: night.seasonId, seasonName, nights: 1, unitCents: night.priceCents, totalCents: night.priceCents });
    }
  }
  const totalCents = input.priceOverrideCents ?? lines.reduce((sum, l) => sum + l.totalCents, 0);
  return { arrival, departure, guests, nights, lines, ...stayMoney(totalCents, nights.length, adultsOf(input), input), minStay, problems };
}

const adultsOf = (input: QuoteInput) => Math.max(0, input.guests - Math.max(0, input.children ?? 0));

/** Tax, deposit and balance of a stay whose nights cost `totalCents`: the one rule. */
function stayMoney(totalCents: number, nights: number, adults: number, input: Pick<QuoteInput, 'arrival' | 'today' | 'terms'>) {
  const { terms } = input;
  const taxCents = adults * nights * terms.touristTaxCents;
  const depositCents = Math.round((totalCents * terms.depositPercent) / 100);
  const amountCents = totalCents + taxCents;
  let balanceDueDate = isIsoDate(input.arrival) ? addDays(input.arrival, -terms.balanceDueDays) : input.today;
  if (balanceDueDate < input.today) balanceDueDate = input.today;
  return { totalCents, taxCents, amountCents, depositCents, balanceCents: amountCents - depositCents, balanceDueDate };
}

/** True when the guest may send the request. */
export const isBookable = (quote: Quote) => quote.problems.length === 0;

/** The figures a request or booking keeps from its quote (cents): what the guest was shown. */
export const moneySnapshot = (quote: Pick<Quote, 'totalCents' | 'taxCents' | 'depositCents' | 'balanceDueDate'>) => ({
  totalCents: quote.totalCents,
  taxCents: quote.taxCents,
  depositCents: quote.depositCents,
  balanceDueDate: quote.balanceDueDate,
});
