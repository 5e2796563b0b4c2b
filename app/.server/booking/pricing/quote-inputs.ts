// Loads what the price engine needs for one room and stay, and runs it. Every
// price shown or mailed for a stay goes through `quoteStay` → `computeQuote`.
import { asc, eq, inArray } from 'drizzle-orm';
import { daysBetween, isIsoDate, type IsoDate } from '~/lib/nights';
import { ROOM_DEFAULT_MAX_GUESTS } from '~/lib/schemas/room';
import { NO_OVERRIDE, STAY_NIGHTS_LIMIT, type GeneralRules, type RulesOverride } from '~/lib/stay-rules';
import { touristTaxPerNightCents } from '~/lib/tourist-tax';
import { loadTexts, pickText } from '../../content/multilingual-content';
import { loadLengthDiscounts } from '../../content/length-discounts';
import { lookupPromoCode } from '../../content/promo-codes';
import { loadStayRulesSettings } from '../../content/site-settings';
import { db, type Executor } from '../../db/client';
import { rooms, roomSeasonPrices, roomSeasonRules, seasonPeriods, seasons, siteConfig } from '../../db/schema';
import { seasonNameKey } from '../../content/content-keys';
import { guesthouseToday } from '../../guesthouse-time';
import { NOT_FOUND, type NotFound } from '../../rule-refusal';
import { listUnavailableNights } from '../availability/taken-nights';
import {
  computeQuote,
  judgeStay,
  NO_STAY_TERMS,
  type AppliedRules,
  type LengthDiscount,
  type Quote,
  type QuoteInput,
  type QuoteProblem,
  type QuoteRoom,
  type QuoteSeason,
  type StayTerms,
} from './quote';

/**
 * The stay terms of Configuration (Séjour et paiements, Taxe de séjour) as the engine's
 * figures; zero everywhere until set. The tax per adult per night is the town's base with
 * its surcharges, rounded once (touristTaxPerNightCents, ~/lib/tourist-tax).
 */
export async function loadStayTerms(executor: Executor = db): Promise<StayTerms> {
  const [row] = await executor
    .select({
      baseCents: siteConfig.touristTaxBaseCents,
      regionalPercent: siteConfig.touristTaxRegionalPercent,
      departmentalPercent: siteConfig.touristTaxDepartmentalPercent,
      depositPercent: siteConfig.depositPercent,
      balanceDueDays: siteConfig.balanceDueDays,
    })
    .from(siteConfig)
    .limit(1);
  if (!row) return NO_STAY_TERMS;
  const { depositPercent, balanceDueDays, ...rate } = row;
  return { touristTaxCents: touristTaxPerNightCents(rate), depositPercent, balanceDueDays };
}

/** Configuration's stay rules, the environment's defaults where the owner set none. */
export const loadGeneralRules = (executor: Executor = db): Promise<GeneralRules> => loadStayRulesSettings(executor);

/** Season names along the language chain (the name typed first when no text is): the guest's, or the owners' French. */
export async function loadSeasonNames(seasonIds: string[], chain: string[], executor: Executor = db): Promise<Map<string, string>> {
  if (seasonIds.length === 0) return new Map();
  const rows = await executor.select({ id: seasons.id, name: seasons.name }).from(seasons).where(inArray(seasons.id, seasonIds));
  const texts = await loadTexts('season', seasonIds, executor);
  return new Map(rows.map((s) => [s.id, pickText(texts.get(seasonNameKey(s.id)), chain, s.name)]));
}

const overrideOf = (row: { [K in keyof RulesOverride]: number | null } | null | undefined): RulesOverride =>
  row
    ? { minNights: row.minNights, maxNights: row.maxNights, arrivalDays: row.arrivalDays, departureDays: row.departureDays, minNoticeDays: row.minNoticeDays }
    : NO_OVERRIDE;

/** The seasons with their periods, rules, this room's price and rules in each, names along the language chain. */
export async function loadQuoteSeasons(roomId: string, chain: string[], executor: Executor = db): Promise<QuoteSeason[]> {
  // One query after another: the executor may be a transaction, whose one connection runs one query at a time.
  const seasonRows = await executor
    .select({
      id: seasons.id,
      minNights: seasons.minStay,
      maxNights: seasons.maxNights,
      arrivalDays: seasons.arrivalDays,
      departureDays: seasons.departureDays,
      minNoticeDays: seasons.minNoticeDays,
    })
    .from(seasons)
    .orderBy(asc(seasons.name));
  const periodRows = await executor
    .select({ seasonId: seasonPeriods.seasonId, firstNight: seasonPeriods.firstNight, lastNight: seasonPeriods.lastNight })
    .from(seasonPeriods)
    .orderBy(asc(seasonPeriods.firstNight));
  const priceRows = await executor
    .select({ seasonId: roomSeasonPrices.seasonId, priceCents: roomSeasonPrices.pricePerNightCents })
    .from(roomSeasonPrices)
    .where(eq(roomSeasonPrices.roomId, roomId));
  const roomRuleRows = await executor.select().from(roomSeasonRules).where(eq(roomSeasonRules.roomId, roomId));
  const names = await loadSeasonNames(
    seasonRows.map((s) => s.id),
    chain,
    executor,
  );
  return seasonRows.map((season) => ({
    id: season.id,
    name: names.get(season.id)!,
    priceCents: priceRows.find((p) => p.seasonId === season.id)?.priceCents ?? null,
    periods: periodRows.filter((p) => p.seasonId === season.id).map(({ firstNight, lastNight }) => ({ firstNight, lastNight })),
    rules: overrideOf(season),
    roomRules: overrideOf(roomRuleRows.find((r) => r.seasonId === season.id)),
  }));
}

export interface StayRequest {
  arrival: string;
  departure: string;
  adults: number;
  /** Minors (under 18): exempt from the tourist tax. */
  children: number;
  /** A promo code as typed (any case, spaces): the engine says why it cannot be used. */
  code?: string | null;
}

async function loadQuoteRoom(roomId: string, executor: Executor): Promise<QuoteRoom | null> {
  const [room] = await executor
    .select({
      id: rooms.id,
      maxGuests: rooms.maxGuests,
      basePriceCents: rooms.pricePerNightCents,
      includedGuests: rooms.includedGuests,
      extraAdultCents: rooms.extraAdultCents,
      extraChildCents: rooms.extraChildCents,
      singleReductionCents: rooms.singleReductionCents,
    })
    .from(rooms)
    .where(eq(rooms.id, roomId))
    .limit(1);
  return room ? { ...room, maxGuests: room.maxGuests ?? ROOM_DEFAULT_MAX_GUESTS } : null;
}

/** What the engine reads of a room whatever the stay: the room, its seasons, the general rules, the reductions, the terms. */
export interface RoomPricing {
  room: QuoteRoom;
  seasons: QuoteSeason[];
  general: GeneralRules;
  lengthDiscounts: LengthDiscount[];
  terms: StayTerms;
}

/** A room's pricing inputs (null: no such room), read one query after another (the executor may be a transaction). */
export async function loadRoomPricing(roomId: string, chain: string[], executor: Executor = db): Promise<RoomPricing | null> {
  const room = await loadQuoteRoom(roomId, executor);
  if (!room) return null;
  const seasonList = await loadQuoteSeasons(roomId, chain, executor);
  const general = await loadGeneralRules(executor);
  const lengthDiscounts = await loadLengthDiscounts(roomId, executor);
  const terms = await loadStayTerms(executor);
  return { room, seasons: seasonList, general, lengthDiscounts, terms };
}

/** Everything the engine reads but the taken nights. */
async function loadStayInputs(
  roomId: string,
  stay: StayRequest,
  chain: string[],
  executor: Executor,
  pricing?: RoomPricing | null,
): Promise<Omit<QuoteInput, 'unavailable'> | null> {
  const inputs = pricing ?? (await loadRoomPricing(roomId, chain, executor));
  if (!inputs) return null;
  const today = guesthouseToday();
  const promo = await lookupPromoCode(stay.code, today, executor);
  return { ...inputs, arrival: stay.arrival, departure: stay.departure, adults: stay.adults, children: stay.children, promo, today };
}

/**
 * What the engine says of the stay's dates, guests, rules and code alone (no price, no
 * taken night read), or NOT_FOUND for a room that is not there: a request is answered from
 * it before any calendar is fetched.
 */
export async function checkStayShape(
  roomId: string,
  stay: StayRequest,
  chain: string[],
  executor: Executor = db,
): Promise<{ problems: QuoteProblem[]; rules: AppliedRules | null } | NotFound> {
  const inputs = await loadStayInputs(roomId, stay, chain, executor);
  if (!inputs) return NOT_FOUND;
  const { problems, rules } = judgeStay(inputs);
  return { problems, rules };
}

/**
 * The quote for a stay in a room, or NOT_FOUND when the room does not exist. A change of
 * a booking names it in `excludeBookingId`: its own nights do not count as taken. The
 * owner may price the nights himself (`priceOverrideCents`). `pricing`: the room's inputs
 * already read (the room page keeps them in memory until a write changes them).
 */
export async function quoteStay(
  roomId: string,
  stay: StayRequest,
  chain: string[],
  executor: Executor = db,
  options: { excludeBookingId?: string; priceOverrideCents?: number | null; pricing?: RoomPricing | null } = {},
): Promise<Quote | NotFound> {
  const inputs = await loadStayInputs(roomId, stay, chain, executor, options.pricing);
  if (!inputs) return NOT_FOUND;
  const nights = isIsoDate(stay.arrival) && isIsoDate(stay.departure) ? daysBetween(stay.arrival, stay.departure) : 0;
  const unavailable =
    nights > 0 && nights <= STAY_NIGHTS_LIMIT
      ? await listUnavailableNights(roomId, stay.arrival as IsoDate, stay.departure as IsoDate, executor, { excludeBookingId: options.excludeBookingId })
      : new Set<IsoDate>();
  return computeQuote({ ...inputs, unavailable, priceOverrideCents: options.priceOverrideCents });
}
