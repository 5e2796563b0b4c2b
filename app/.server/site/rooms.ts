// Public reads of rooms (SPEC §7 "Public reads"): cards for the home page and one
// room's detail with its season prices, texts resolved along the language chain.
import { asc, eq } from 'drizzle-orm';
import { loadTexts, pickText, type TextsByKey } from '../content';
import { roomTextKey, type TextField } from '../content-keys';
import { db } from '../db/client';
import { rooms, roomSeasonPrices, seasons } from '../db/schema';
import { cleanRichText, plainText } from './html';

export const DEFAULT_MAX_GUESTS = 2;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Primary image first, then the others in stored order. */
export function orderImages(images: string[], primary: string | null): string[] {
  if (!primary || !images.includes(primary)) return images;
  return [primary, ...images.filter((i) => i !== primary)];
}

function roomTexts(texts: TextsByKey, id: string, chain: string[], columnTags: string[]) {
  const text = (field: TextField<'room'>) => pickText(texts.get(roomTextKey(id, field)), chain);
  const tags = text('tags');
  return {
    name: text('name'),
    shortDescription: cleanRichText(text('short_description')),
    longDescription: cleanRichText(text('long_description')),
    tags: (tags ? tags.split(',') : columnTags).map((t) => t.trim()).filter(Boolean),
  };
}

export async function listRoomCards(chain: string[]) {
  const rows = await db
    .select({
      id: rooms.id,
      images: rooms.images,
      primaryImage: rooms.primaryImage,
      maxGuests: rooms.maxGuests,
      pricePerNight: rooms.pricePerNight,
      tags: rooms.tags,
    })
    .from(rooms)
    .orderBy(asc(rooms.position), asc(rooms.createdAt));
  const texts = await loadTexts('room', rows.map((r) => r.id));
  return rows.map((row, index) => {
    const t = roomTexts(texts, row.id, chain, row.tags);
    return {
      id: row.id,
      name: t.name || `Chambre #${index + 1}`,
      shortDescription: t.shortDescription,
      tags: t.tags.slice(0, 4),
      image: orderImages(row.images, row.primaryImage)[0] ?? null,
      maxGuests: row.maxGuests ?? DEFAULT_MAX_GUESTS,
      pricePerNight: row.pricePerNight,
    };
  });
}

export type RoomCard = Awaited<ReturnType<typeof listRoomCards>>[number];

/** One room, or null for an unknown id (including ids that are not UUIDs at all). */
export async function getRoomDetail(id: string, chain: string[]) {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({
      id: rooms.id,
      position: rooms.position,
      images: rooms.images,
      primaryImage: rooms.primaryImage,
      maxGuests: rooms.maxGuests,
      pricePerNight: rooms.pricePerNight,
      tags: rooms.tags,
      amenities: rooms.amenities,
    })
    .from(rooms)
    .where(eq(rooms.id, id))
    .limit(1);
  if (!row) return null;
  const [texts, prices] = await Promise.all([
    loadTexts('room', [id]),
    db
      .select({ id: roomSeasonPrices.id, season: seasons.name, pricePerNight: roomSeasonPrices.pricePerNight })
      .from(roomSeasonPrices)
      .innerJoin(seasons, eq(seasons.id, roomSeasonPrices.seasonId))
      .where(eq(roomSeasonPrices.roomId, id))
      .orderBy(asc(seasons.name)),
  ]);
  const t = roomTexts(texts, id, chain, row.tags);
  const description = t.longDescription || t.shortDescription;
  return {
    id: row.id,
    name: t.name || 'Chambre',
    description,
    summary: plainText(description),
    tags: t.tags,
    amenities: row.amenities,
    images: orderImages(row.images, row.primaryImage),
    maxGuests: row.maxGuests ?? DEFAULT_MAX_GUESTS,
    pricePerNight: row.pricePerNight,
    seasonPrices: prices,
  };
}

export type RoomDetail = NonNullable<Awaited<ReturnType<typeof getRoomDetail>>>;

export async function listRoomIds() {
  return db.select({ id: rooms.id, updatedAt: rooms.updatedAt }).from(rooms).orderBy(asc(rooms.position));
}
