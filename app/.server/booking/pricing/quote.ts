// The one price engine: every price shown or mailed for a stay comes from
// `computeQuote`. Pure (no database), so it is proved by property tests; its inputs
// are loaded by `quoteStay` (quote-inputs.ts). Money in integer cents; nights are calendar
// dates (see ~/lib/nights), never instants.
//
// A stay is judged by the rules of its arrival night's season (~/lib/stay-rules.ts), then priced:
// each night at its season's price for the room (else the room's base price), the guests
// beyond those the price includes at the room's extra-adult and extra-child prices, a lone
// guest's reduction; then the best length-of-stay reduction on that price, then the promo
// code on what remains (decision 0029). The tourist tax is never discounted: adults ×
// nights × the rate, minors exempt. Every line has one shape (QuoteLine), reductions are
// negative lines, and the lines add up to the total.
import { addDays, daysBetween, eachNight, isIsoDate, type IsoDate } from '~/lib/nights';
import { allowsDay, mergeRules, STAY_NIGHTS_LIMIT, type GeneralRules, type RulesOverride, type StayRules } from '~/lib/stay-rules';

export interface QuoteSeason {
  id: string;
  name: string;
  /** This room's price in this season; null: the room's base price applies. */
  priceCents: number | null;
  /** First and last night of each period, included. */
  periods: Array<{ firstNight: IsoDate; lastNight: IsoDate }>;
  /** The season's own stay rules (null: Configuration's). */
  rules: RulesOverride;
  /** This room's own rules in this season (null: the season's). */
  roomRules: RulesOverride;
}

/** What the engine reads of the room: its capacity, base price and prices by number of guests. */
export interface QuoteRoom {
  id: string;
  maxGuests: number;
  basePriceCents: number | null;
  /** Guests the nightly price includes; each one more pays the extra-adult or extra-child price. */
  includedGuests: number;
  extraAdultCents: number;
  extraChildCents: number;
  /** Taken off each night when one guest stays alone (0: no such reduction). */
  singleReductionCents: number;
}

/** A length-of-stay reduction of a season (arrival night's) or of a room. */
export interface LengthDiscount {
  id: string;
  seasonId: string | null;
  roomId: string | null;
  minNights: number;
  percent: number;
}

/** A promo code as stored; its validity is the day the stay is asked for (today), first and last day included. */
export interface PromoCode {
  id: string;
  code: string;
  kind: 'percent' | 'amount';
  /** Percent (1–100) or cents. */
  value: number;
  validFrom: IsoDate;
  validUntil: IsoDate;
  minNights: number | null;
  maxUses: number | null;
  uses: number;
  /** The rooms it is good for; empty: every room. */
  roomIds: string[];
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
  adults: number;
  /** Minors: they count in the room's capacity and pay the extra-child price, never the tourist tax. */
  children: number;
  terms: StayTerms;
  room: QuoteRoom;
  seasons: QuoteSeason[];
  general: GeneralRules;
  /** The length-of-stay reductions of this room and of every season. */
  lengthDiscounts: LengthDiscount[];
  /** The code typed (normalised) and the stored code it names for today, if any. */
  promo: { typed: string; found: PromoCode | null } | null;
  /** Nights taken by confirmed bookings, manual blocks or imported events. */
  unavailable: ReadonlySet<IsoDate>;
  /** Today in the guesthouse's time zone. */
  today: IsoDate;
  /** The owner's price for the nights (cents) instead of the seasons': one line, tax, deposit and balance follow it. */
  priceOverrideCents?: number | null;
}

/** What the stay's dates, guests, rules and code alone decide, before any price or taken night is read. */
export type StayJudgement = Pick<QuoteInput, 'arrival' | 'departure' | 'adults' | 'children' | 'seasons' | 'general' | 'promo' | 'today'> & {
  room: Pick<QuoteRoom, 'id' | 'maxGuests'>;
};

export interface SeasonRef {
  id: string;
  name: string;
}

export type QuoteProblem =
  | { code: 'invalid_dates' }
  | { code: 'past' }
  | { code: 'departure_not_after_arrival' }
  | { code: 'too_long'; maxNights: number; season: SeasonRef | null }
  | { code: 'too_far'; horizonDays: number; lastArrival: IsoDate }
  | { code: 'min_nights'; minNights: number; season: SeasonRef | null }
  | { code: 'arrival_day'; arrivalDays: number; season: SeasonRef | null }
  | { code: 'departure_day'; departureDays: number; season: SeasonRef | null }
  | { code: 'notice'; minNoticeDays: number; firstArrival: IsoDate; season: SeasonRef | null }
  | { code: 'guests'; maxGuests: number }
  | { code: 'no_adult' }
  | { code: 'unavailable'; nights: IsoDate[] }
  | { code: 'no_price' }
  | { code: 'promo_unknown' | 'promo_expired' | 'promo_not_yet' | 'promo_exhausted' | 'promo_room'; promo: string }
  | { code: 'promo_min_nights'; promo: string; minNights: number };

export type QuoteProblemCode = QuoteProblem['code'];

/** The problems that are the host's stay rules: the owner may pass over them on a booking he records, with a reason. */
export const RULE_PROBLEMS: ReadonlySet<QuoteProblemCode> = new Set(['too_long', 'too_far', 'min_nights', 'arrival_day', 'departure_day', 'notice']);

export interface PricedNight {
  night: IsoDate;
  seasonId: string | null;
  /** The night's price for the guests the room's price includes. */
  priceCents: number;
}

export type QuoteLineKind = 'nights' | 'extra_adult' | 'extra_child' | 'single_guest' | 'length_of_stay' | 'promo_code' | 'agreed_price' | 'tourist_tax';

/**
 * One line of a quote, a note or a mail, whatever it prices: `quantity × unitCents =
 * totalCents`, always; a reduction is a negative line. Its words are not stored: they are
 * made from `kind` and the parts below in the reader's language (quote-lines.ts).
 */
export interface QuoteLine {
  kind: QuoteLineKind;
  /** The season of these nights, named in the language of whoever the quote was made for; null: the room's base price, or a line of no season. */
  season: SeasonRef | null;
  /** Persons the line counts (extra adults or children, taxed adults); null: it counts nights only, or the whole stay. */
  persons: number | null;
  /** Nights the line counts; null: a line of the whole stay (a percentage, a code's amount, an agreed price). */
  nights: number | null;
  quantity: number;
  unitCents: number;
  totalCents: number;
  /** A reduction's percentage; the nights from which a length-of-stay reduction applies; the promo code; minors exempt from the tax. */
  percent?: number;
  fromNights?: number;
  code?: string;
  exempt?: number;
}

/** The rules that judged the stay: its arrival night's season (null: Configuration's), the figures that apply, Configuration's most nights beside. */
export type AppliedRules = StayRules & { season: SeasonRef | null; horizonDays: number; generalMaxNights: number };

export interface Quote {
  arrival: IsoDate;
  departure: IsoDate;
  /** Everyone: adults and children. */
  guests: number;
  adults: number;
  children: number;
  nights: PricedNight[];
  /** The stay's price, line by line: nights, extra guests, reductions. They add up to `totalCents`. */
  lines: QuoteLine[];
  /** The tourist tax on its own line (null: no tax configured, or nothing to tax). */
  taxLine: QuoteLine | null;
  /** The stay's price (nights, guests, reductions). */
  totalCents: number;
  /** Tourist tax: adults × nights × the configured rate. */
  taxCents: number;
  /** What the guest pays in all: the stay and the tax. */
  amountCents: number;
  /** Asked at booking: the configured share of the stay's price, rounded to the cent. */
  depositCents: number;
  /** What remains after the deposit. */
  balanceCents: number;
  /** The day the balance is due (arrival less the configured days, never before today). */
  balanceDueDate: IsoDate;
  /** The rules the stay was judged by (null when its dates could not be read). */
  rules: AppliedRules | null;
  /** The promo code applied (its uses are counted when the request or booking is stored). */
  promo: { id: string; code: string } | null;
  /** Every reason the request is not possible; empty when it can be sent. */
  problems: QuoteProblem[];
}

/** The season covering each night, for the nights asked. */
export function seasonByNight(seasons: QuoteSeason[], nights: IsoDate[]): Map<IsoDate, QuoteSeason> {
  const byNight = new Map<IsoDate, QuoteSeason>();
  for (const night of nights) {
    const season = seasonOf(seasons, night);
    if (season) byNight.set(night, season);
  }
  return byNight;
}

const seasonOf = (seasons: QuoteSeason[], night: IsoDate) => seasons.find((s) => s.periods.some((p) => p.firstNight <= night && night <= p.lastNight)) ?? null;

const seasonRef = (season: QuoteSeason | null): SeasonRef | null => (season ? { id: season.id, name: season.name } : null);

/** The rules an arrival on this night is judged by: Configuration's, the season's over them, the room's in that season over both. */
export function rulesForArrival(input: Pick<QuoteInput, 'seasons' | 'general'>, arrival: IsoDate): AppliedRules {
  const season = seasonOf(input.seasons, arrival);
  return {
    ...mergeRules(input.general, season?.rules, season?.roomRules),
    horizonDays: input.general.horizonDays,
    generalMaxNights: input.general.maxNights,
    season: seasonRef(season),
  };
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
 * the same season and price: what the JSON-LD offers publish and the home cards'
 * « à partir de » reads. The same rule as `computeQuote`, so a stay's nights cost the sum
 * of these prices.
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

/** The lowest price of a night among these rates (the « à partir de » of a room); null: none has a price. */
export function lowestNightlyPrice(rates: NightlyRate[]): number | null {
  const prices = rates.flatMap((rate) => (rate.priceCents === null ? [] : [rate.priceCents]));
  return prices.length ? Math.min(...prices) : null;
}

/** The stored code this input names, checked for today, the room and the stay's length. */
function promoProblem(input: StayJudgement, nights: number): QuoteProblem | null {
  if (!input.promo) return null;
  const { typed, found } = input.promo;
  if (!found) return { code: 'promo_unknown', promo: typed };
  const promo = found.code;
  if (input.today < found.validFrom) return { code: 'promo_not_yet', promo };
  if (input.today > found.validUntil) return { code: 'promo_expired', promo };
  if (found.maxUses !== null && found.uses >= found.maxUses) return { code: 'promo_exhausted', promo };
  if (found.roomIds.length > 0 && !found.roomIds.includes(input.room.id)) return { code: 'promo_room', promo };
  if (found.minNights !== null && nights < found.minNights) return { code: 'promo_min_nights', promo, minNights: found.minNights };
  return null;
}

/**
 * The problems of the stay before any price or taken night is read — its dates (in order,
 * not past), guests (at least one adult, within the room's capacity), the rules of its
 * arrival night's season and the promo code — and whether its nights can be priced at
 * all: a request is answered from these before any calendar is fetched.
 */
export function judgeStay(input: StayJudgement): { problems: QuoteProblem[]; priceable: boolean; rules: AppliedRules | null } {
  const { arrival, departure, adults, children, today } = input;
  const problems: QuoteProblem[] = [];
  if (!isIsoDate(arrival) || !isIsoDate(departure)) return { problems: [{ code: 'invalid_dates' }], priceable: false, rules: null };
  const guests = adults + children;
  if (!Number.isInteger(adults) || !Number.isInteger(children) || adults < 0 || children < 0 || guests < 1 || guests > input.room.maxGuests) {
    problems.push({ code: 'guests', maxGuests: input.room.maxGuests });
  } else if (adults < 1) problems.push({ code: 'no_adult' });
  if (arrival < today) problems.push({ code: 'past' });
  const length = daysBetween(arrival, departure);
  if (length <= 0) return { problems: [...problems, { code: 'departure_not_after_arrival' }], priceable: false, rules: null };

  const rules = rulesForArrival(input, arrival);
  const { season } = rules;
  const lastArrival = addDays(today, rules.horizonDays);
  if (arrival > lastArrival) problems.push({ code: 'too_far', horizonDays: rules.horizonDays, lastArrival });
  const firstArrival = addDays(today, rules.minNoticeDays);
  if (arrival >= today && arrival < firstArrival) problems.push({ code: 'notice', minNoticeDays: rules.minNoticeDays, firstArrival, season });
  if (!allowsDay(rules.arrivalDays, arrival)) problems.push({ code: 'arrival_day', arrivalDays: rules.arrivalDays, season });
  if (!allowsDay(rules.departureDays, departure)) problems.push({ code: 'departure_day', departureDays: rules.departureDays, season });
  if (length < rules.minNights) problems.push({ code: 'min_nights', minNights: rules.minNights, season });
  const tooLong = length > rules.maxNights;
  if (tooLong) problems.push({ code: 'too_long', maxNights: rules.maxNights, season });
  const promo = promoProblem(input, length);
  if (promo) problems.push(promo);
  // Not priced: a stay this long is refused whatever it costs, and pricing it would be unbounded work.
  return { problems, priceable: length <= STAY_NIGHTS_LIMIT, rules };
}

/** One line per season and unit price, in the order the stay first meets them. */
function nightLines(nights: PricedNight[], seasons: Map<IsoDate, QuoteSeason>): QuoteLine[] {
  const lines: QuoteLine[] = [];
  for (const night of nights) {
    const line = lines.find((l) => (l.season?.id ?? null) === night.seasonId && l.unitCents === night.priceCents);
    if (line) {
      line.nights! += 1;
      line.quantity += 1;
      line.totalCents += night.priceCents;
    } else {
      const season = night.seasonId ? seasonRef(seasons.get(night.night)!) : null;
      lines.push({ kind: 'nights', season, persons: null, nights: 1, quantity: 1, unitCents: night.priceCents, totalCents: night.priceCents });
    }
  }
  return lines;
}

/**
 * Guests beyond those the price includes: adults take the included places first, children
 * the places left; each guest beyond pays the extra price of their kind, each night.
 */
function guestLines(room: QuoteRoom, adults: number, children: number, nights: PricedNight[]): QuoteLine[] {
  const n = nights.length;
  const extraAdults = Math.max(0, adults - room.includedGuests);
  const extraChildren = Math.max(0, children - Math.max(0, room.includedGuests - adults));
  const lines: QuoteLine[] = [];
  const extra = (kind: 'extra_adult' | 'extra_child', persons: number, unitCents: number) => {
    if (persons > 0 && unitCents > 0)
      lines.push({ kind, season: null, persons, nights: n, quantity: persons * n, unitCents, totalCents: persons * n * unitCents });
  };
  extra('extra_adult', extraAdults, room.extraAdultCents);
  extra('extra_child', extraChildren, room.extraChildCents);
  // A lone guest's reduction, never more than the stay's cheapest night: no night costs less than nothing.
  if (adults + children === 1 && room.includedGuests > 1 && room.singleReductionCents > 0) {
    const reduction = Math.min(room.singleReductionCents, ...nights.map((night) => night.priceCents));
    if (reduction > 0)
      lines.push({ kind: 'single_guest', season: null, persons: null, nights: n, quantity: n, unitCents: -reduction, totalCents: -reduction * n });
  }
  return lines;
}

const sum = (lines: QuoteLine[]) => lines.reduce((total, line) => total + line.totalCents, 0);
const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/** The best length-of-stay reduction of the arrival night's season or of the room for this many nights (they never add up). */
export function bestLengthDiscount(discounts: LengthDiscount[], roomId: string, season: SeasonRef | null, nights: number): LengthDiscount | null {
  let best: LengthDiscount | null = null;
  for (const discount of discounts) {
    const applies =
      (discount.seasonId === null || discount.seasonId === season?.id) &&
      (discount.roomId === null || discount.roomId === roomId) &&
      nights >= discount.minNights;
    if (applies && (!best || discount.percent > best.percent)) best = discount;
  }
  return best;
}

/** The reductions, in their order: length of stay on the price of the nights and guests, then the code on what remains; never below zero. */
function discountLines(input: QuoteInput, priced: QuoteLine[], nights: number, season: SeasonRef | null, promo: PromoCode | null): QuoteLine[] {
  const lines: QuoteLine[] = [];
  const whole = (cents: number): Omit<QuoteLine, 'kind'> => ({ season: null, persons: null, nights: null, quantity: 1, unitCents: cents, totalCents: cents });
  const length = bestLengthDiscount(input.lengthDiscounts, input.room.id, season, nights);
  if (length) {
    const cents = percentOf(sum(priced), length.percent);
    if (cents > 0) lines.push({ kind: 'length_of_stay', ...whole(-cents), percent: length.percent, fromNights: length.minNights });
  }
  if (promo) {
    const remaining = sum(priced) + sum(lines);
    const cents = Math.min(remaining, promo.kind === 'percent' ? percentOf(remaining, promo.value) : promo.value);
    if (cents > 0) lines.push({ kind: 'promo_code', ...whole(-cents), code: promo.code, ...(promo.kind === 'percent' ? { percent: promo.value } : {}) });
  }
  return lines;
}

export function computeQuote(input: QuoteInput): Quote {
  const { arrival, departure, adults, children, room } = input;
  const judged = judgeStay(input);
  const { problems, rules } = judged;
  const stay = { arrival, departure, guests: adults + children, adults, children };
  if (!judged.priceable) return { ...stay, nights: [], lines: [], taxLine: null, ...stayMoney(0, null, input), rules, promo: null, problems };

  const nightDates = eachNight(arrival, departure);
  const seasons = seasonByNight(input.seasons, nightDates);
  const nights: PricedNight[] = [];
  let unpriced = false;
  for (const night of nightDates) {
    const season = seasons.get(night);
    const price = nightPrice(season, room.basePriceCents);
    if (price === null) unpriced = true;
    nights.push({ night, seasonId: season?.id ?? null, priceCents: price ?? 0 });
  }
  const override = input.priceOverrideCents ?? null;
  if (unpriced && override === null) problems.push({ code: 'no_price' });

  const taken = nightDates.filter((n) => input.unavailable.has(n));
  if (taken.length) problems.push({ code: 'unavailable', nights: taken });

  // The code counts only when it is good for this stay (judgeStay said why not otherwise) and the owner did not set the price.
  const promo = override === null && input.promo?.found && !problems.some((p) => p.code.startsWith('promo_')) ? input.promo.found : null;
  let lines: QuoteLine[];
  if (override !== null) {
    lines = [{ kind: 'agreed_price', season: null, persons: null, nights: nights.length, quantity: 1, unitCents: override, totalCents: override }];
  } else {
    const priced = [...nightLines(nights, seasons), ...guestLines(room, Math.max(0, adults), Math.max(0, children), nights)];
    lines = [...priced, ...discountLines(input, priced, nights.length, rules?.season ?? null, promo)];
  }
  const taxLine = touristTaxLine(input, nights.length);
  return {
    ...stay,
    nights,
    lines,
    taxLine,
    ...stayMoney(sum(lines), taxLine, input),
    rules,
    promo: promo ? { id: promo.id, code: promo.code } : null,
    problems,
  };
}

/** Adults × nights × the rate, minors exempt (shown on the line). Null when there is no rate or no adult. */
function touristTaxLine(input: QuoteInput, nights: number): QuoteLine | null {
  const rate = input.terms.touristTaxCents;
  const adults = Math.max(0, input.adults);
  if (rate <= 0 || adults === 0 || nights === 0) return null;
  return {
    kind: 'tourist_tax',
    season: null,
    persons: adults,
    nights,
    quantity: adults * nights,
    unitCents: rate,
    totalCents: adults * nights * rate,
    exempt: Math.max(0, input.children),
  };
}

/** Tax, deposit and balance of a stay whose lines cost `totalCents`: the one rule. */
function stayMoney(totalCents: number, taxLine: QuoteLine | null, input: Pick<QuoteInput, 'arrival' | 'today' | 'terms'>) {
  const { terms } = input;
  const taxCents = taxLine?.totalCents ?? 0;
  const depositCents = percentOf(totalCents, terms.depositPercent);
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
