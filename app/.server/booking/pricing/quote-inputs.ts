// Loads what the price engine needs for one room and stay, and runs it. Every
// price shown or mailed for a stay goes through `quoteStay` → `computeQuote`.
import { asc, eq, inArray } from 'drizzle-orm';
import { daysBetween, isIsoDate, type IsoDate } from '~/lib/nights';
import { ROOM_DEFAULT_MAX_GUESTS } from '~/lib/schemas/room';
import { touristTaxPerNightCents } from '~/lib/tourist-tax';
import { config } from '../../environment';
import { loadTexts, pickText } from '../../content/multilingual-content';
import { db, type Executor } from '../../db/client';
import { rooms, roomSeasonPrices, seasonPeriods, seasons, siteConfig } from '../../db/schema';
import { seasonNameKey } from '../../content/content-keys';
import { guesthouseToday } from '../../guesthouse-time';
import { NOT_FOUND, type NotFound } from '../../rule-refusal';
import { listUnavailableNights } from '../availability/taken-nights';
import { computeQuote, NO_STAY_TERMS, stayShapeProblems, type Quote, type QuoteProblem, type QuoteSeason, type StayTerms } from './quote';

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

/** Season names along the language chain (the name typed first when no text is): the guest's, or the owners' French. */
export async function loadSeasonNames(seasonIds: string[], chain: string[], executor: Executor = db): Promise<Map<string, string>> {
  if (seasonIds.length === 0) return new Map();
  const rows = await executor.select({ id: seasons.id, name: seasons.name }).from(seasons).where(inArray(seasons.id, seasonIds));
  const texts = await loadTexts('season', seasonIds, executor);
  return new Map(rows.map((s) => [s.id, pickText(texts.get(seasonNameKey(s.id)), chain, s.name)]));
}

/** The seasons with their periods, this room's price in each, names along the language chain. */
export async function loadQuoteSeasons(roomId: string, chain: string[], executor: Executor = db): Promise<QuoteSeason[]> {
  // One query after another: the executor may be a transaction, whose one connection runs one query at a time.
  const seasonRows = await executor.select({ id: seasons.id, minStay: seasons.minStay }).from(seasons).orderBy(asc(seasons.name));
  const periodRows = await executor
    .select({ seasonId: seasonPeriods.seasonId, firstNight: seasonPeriods.firstNight, lastNight: seasonPeriods.lastNight })
    .from(seasonPeriods)
    .orderBy(asc(seasonPeriods.firstNight));
  const priceRows = await executor
    .select({ seasonId: roomSeasonPrices.seasonId, priceCents: roomSeasonPrices.pricePerNightCents })
    .from(roomSeasonPrices)
    .where(eq(roomSeasonPrices.roomId, roomId));
  const names = await loadSeasonNames(
    seasonRows.map((s) => s.id),
    chain,
    executor,
  );
  return seasonRows.map((season) => ({
    id: season.id,
    name: names.get(season.id)!,
    minStay: season.minStay,
    priceCents: priceRows.find((p) => p.seasonId === season.id)?.priceCents ?? null,
    periods: periodRows.filter((p) => p.seasonId === season.id).map(({ firstNight, lastNight }) => ({ firstNight, lastNight })),
  }));
}

export interface StayRequest {
  arrival: string;
  departure: string;
  guests: number;
  /** Guests under the tourist tax's age. */
  children?: number;
}

async function loadQuoteRoom(roomId: string, executor: Executor) {
  const [room] = await executor
    .select({ maxGuests: rooms.maxGuests, basePriceCents: rooms.pricePerNightCents })
    .from(rooms)
    .where(eq(rooms.id, roomId))
    .limit(1);
  return room ? { maxGuests: room.maxGuests ?? ROOM_DEFAULT_MAX_GUESTS, basePriceCents: room.basePriceCents } : null;
}

/**
 * What the engine says of the stay's dates and guests alone (no price, no taken night
 * read), or NOT_FOUND for a room that is not there: a request is answered from it before
 * any calendar is fetched.
 */
export async function checkStayShape(roomId: string, stay: StayRequest, executor: Executor = db): Promise<QuoteProblem[] | NotFound> {
  const room = await loadQuoteRoom(roomId, executor);
  if (!room) return NOT_FOUND;
  const { BOOKING_MAX_NIGHTS, BOOKING_HORIZON_DAYS } = config();
  return stayShapeProblems({ ...stay, maxGuests: room.maxGuests, today: guesthouseToday(), maxNights: BOOKING_MAX_NIGHTS, horizonDays: BOOKING_HORIZON_DAYS })
    .problems;
}

/**
 * The quote for a stay in a room, or NOT_FOUND when the room does not exist. A change of
 * a booking names it in `excludeBookingId`: its own nights do not count as taken. The
 * owner may price the nights himself (`priceOverrideCents`).
 */
export async function quoteStay(
  roomId: string,
  stay: StayRequest,
  chain: string[],
  executor: Executor = db,
  options: { excludeBookingId?: string; priceOverrideCents?: number | null } = {},
): Promise<Quote | NotFound> {
  const room = await loadQuoteRoom(roomId, executor);
  if (!room) return NOT_FOUND;
  const { BOOKING_MAX_NIGHTS, BOOKING_HORIZON_DAYS } = config();
  const datesUsable =
    isIsoDate(stay.arrival) &&
    isIsoDate(stay.departure) &&
    daysBetween(stay.arrival, stay.departure) > 0 &&
    daysBetween(stay.arrival, stay.departure) <= BOOKING_MAX_NIGHTS;
  const seasonList = await loadQuoteSeasons(roomId, chain, executor);
  const unavailable = datesUsable
    ? await listUnavailableNights(roomId, stay.arrival as IsoDate, stay.departure as IsoDate, executor, { excludeBookingId: options.excludeBookingId })
    : new Set<IsoDate>();
  const terms = await loadStayTerms(executor);
  return computeQuote({
    ...stay,
    room,
    seasons: seasonList,
    unavailable,
    today: guesthouseToday(),
    maxNights: BOOKING_MAX_NIGHTS,
    horizonDays: BOOKING_HORIZON_DAYS,
    terms,
    priceOverrideCents: options.priceOverrideCents,
  });
}
