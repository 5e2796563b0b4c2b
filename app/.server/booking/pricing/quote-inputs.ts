// Loads what the price engine needs for one room and stay, and runs it. Every
// price shown or mailed for a stay goes through `quoteStay` → `computeQuote`.
import { asc, eq } from 'drizzle-orm';
import { daysBetween, isIsoDate, toCents, type IsoDate } from '~/lib/nights';
import { config } from '../../environment';
import { loadTexts, pickText } from '../../content/multilingual-content';
import { db, type Executor } from '../../db/client';
import { rooms, roomSeasonPrices, seasonPeriods, seasons } from '../../db/schema';
import { seasonNameKey } from '../../content/content-keys';
import { loadStayTerms } from '../../content/site-settings';
import { listUnavailableNights } from '../availability/taken-nights';
import { guesthouseToday } from '../../guesthouse-time';
import { computeQuote, type Quote, type QuoteSeason } from './quote';
import { ROOM_DEFAULT_MAX_GUESTS } from '~/lib/schemas/room';

/** The seasons with their periods, this room's price in each, names along the language chain. */
export async function loadQuoteSeasons(roomId: string, chain: string[], executor: Executor = db): Promise<QuoteSeason[]> {
  // One query after another: the executor may be a transaction, whose one connection runs one query at a time.
  const seasonRows = await executor.select({ id: seasons.id, name: seasons.name, minStay: seasons.minStay }).from(seasons).orderBy(asc(seasons.name));
  const periodRows = await executor
    .select({ seasonId: seasonPeriods.seasonId, firstNight: seasonPeriods.firstNight, lastNight: seasonPeriods.lastNight })
    .from(seasonPeriods)
    .orderBy(asc(seasonPeriods.firstNight));
  const priceRows = await executor
    .select({ seasonId: roomSeasonPrices.seasonId, price: roomSeasonPrices.pricePerNight })
    .from(roomSeasonPrices)
    .where(eq(roomSeasonPrices.roomId, roomId));
  const texts = await loadTexts(
    'season',
    seasonRows.map((s) => s.id),
    executor,
  );
  return seasonRows.map((season) => {
    const price = priceRows.find((p) => p.seasonId === season.id)?.price;
    return {
      id: season.id,
      name: pickText(texts.get(seasonNameKey(season.id)), chain, season.name),
      minStay: season.minStay,
      priceCents: price === undefined ? null : toCents(price),
      periods: periodRows.filter((p) => p.seasonId === season.id).map(({ firstNight, lastNight }) => ({ firstNight, lastNight })),
    };
  });
}

export interface StayRequest {
  arrival: string;
  departure: string;
  guests: number;
  /** Guests under the tourist tax's age. */
  children?: number;
}

/**
 * The quote for a stay in a room, or null when the room does not exist. A change of
 * a booking names it in `excludeBookingId`: its own nights do not count as taken.
 */
export async function quoteStay(
  roomId: string,
  stay: StayRequest,
  chain: string[],
  executor: Executor = db,
  options: { excludeBookingId?: string } = {},
): Promise<Quote | null> {
  const [room] = await executor.select({ maxGuests: rooms.maxGuests, price: rooms.pricePerNight }).from(rooms).where(eq(rooms.id, roomId)).limit(1);
  if (!room) return null;
  const { BOOKING_MAX_NIGHTS, BOOKING_HORIZON_DAYS } = config();
  const datesUsable =
    isIsoDate(stay.arrival) &&
    isIsoDate(stay.departure) &&
    daysBetween(stay.arrival, stay.departure) > 0 &&
    daysBetween(stay.arrival, stay.departure) <= BOOKING_MAX_NIGHTS;
  const seasonList = await loadQuoteSeasons(roomId, chain, executor);
  const unavailable = datesUsable
    ? await listUnavailableNights(roomId, stay.arrival as IsoDate, stay.departure as IsoDate, executor, options)
    : new Set<IsoDate>();
  const terms = await loadStayTerms(executor);
  return computeQuote({
    ...stay,
    room: { maxGuests: room.maxGuests ?? ROOM_DEFAULT_MAX_GUESTS, basePriceCents: room.price === null ? null : toCents(room.price) },
    seasons: seasonList,
    unavailable,
    today: guesthouseToday(),
    maxNights: BOOKING_MAX_NIGHTS,
    horizonDays: BOOKING_HORIZON_DAYS,
    terms,
  });
}
