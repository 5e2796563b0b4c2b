// The rooms table (SPEC §2, §4, §7). Public reads: the home page's cards and one
// room's detail with its season prices, texts resolved along the language chain.
// Back office: the list, the editor, reordering, deletion and season prices.
// Multilingual texts live in multilingual_content under room_{id}_name /
// _short_description / _long_description / _tags.
import { NOT_FOUND, refuse, type NotFound, type Refusal } from '../rule-refusal';
import { OWNER_CHAIN } from '~/lib/i18n';
import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import { cleanRichText, plainText } from './sanitize';
import { deleteEntityTexts, loadTexts, pickText, upsertTexts, type TextsByKey } from './multilingual-content';
import { roomTextKey, sqlTextKey, type TextField } from './content-keys';
import { db } from '../db/client';
import { moveByPosition } from '../db/reorder';
import { multilingualContent, rooms, roomSeasonPrices, seasons } from '../db/schema';
import { storage } from '../media/storage';
import { cachePublicData } from '../public-content/invalidation';
import { ROOM_DEFAULT_MAX_GUESTS, type RoomInput } from '~/lib/schemas/room';
import type { RoomGuestPricesInput } from '~/lib/schemas/stay-rules';
import { isUuid } from '~/lib/uuid';

// Public reads

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

/** The home page's room cards, read once per language chain until a write changes them (public-content/invalidation.ts). */
export function listRoomCards(chain: string[]) {
  return cachePublicData(`rooms:cards:${chain.join(',')}`, () => readRoomCards(chain));
}

/** Each room's French name by id, for the owner's screens (stays, bookings, calendars). */
export async function roomNamesFr(): Promise<Map<string, string>> {
  return new Map((await listRoomCards(OWNER_CHAIN)).map((r) => [r.id, r.name]));
}

async function readRoomCards(chain: string[]) {
  const rows = await db
    .select({
      id: rooms.id,
      images: rooms.images,
      primaryImage: rooms.primaryImage,
      maxGuests: rooms.maxGuests,
      pricePerNightCents: rooms.pricePerNightCents,
      tags: rooms.tags,
    })
    .from(rooms)
    .orderBy(asc(rooms.position), asc(rooms.createdAt));
  const texts = await loadTexts(
    'room',
    rows.map((r) => r.id),
  );
  return rows.map((row, index) => {
    const t = roomTexts(texts, row.id, chain, row.tags);
    return {
      id: row.id,
      name: t.name || `Chambre #${index + 1}`,
      shortDescription: t.shortDescription,
      tags: t.tags.slice(0, 4),
      image: orderImages(row.images, row.primaryImage)[0] ?? null,
      maxGuests: row.maxGuests ?? ROOM_DEFAULT_MAX_GUESTS,
      pricePerNightCents: row.pricePerNightCents,
    };
  });
}

export type RoomCard = Awaited<ReturnType<typeof readRoomCards>>[number];

/**
 * One room, or null for an unknown id (including ids that are not UUIDs at all). Kept
 * in memory per room and language chain; unknown ids are answered from the cached set
 * of ids, so that made-up ids neither reach the database nor fill the cache.
 */
export async function getRoomDetail(id: string, chain: string[]) {
  if (!isUuid(id)) return null;
  const known = await cachePublicData('rooms:ids', async () => new Set((await listRoomIds()).map((r) => r.id)));
  if (!known.has(id.toLowerCase())) return null;
  return cachePublicData(`room:${id.toLowerCase()}:${chain.join(',')}`, () => readRoomDetail(id, chain));
}

async function readRoomDetail(id: string, chain: string[]) {
  const [row] = await db
    .select({
      id: rooms.id,
      position: rooms.position,
      images: rooms.images,
      primaryImage: rooms.primaryImage,
      maxGuests: rooms.maxGuests,
      pricePerNightCents: rooms.pricePerNightCents,
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
      .select({ id: roomSeasonPrices.id, season: seasons.name, pricePerNightCents: roomSeasonPrices.pricePerNightCents })
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
    maxGuests: row.maxGuests ?? ROOM_DEFAULT_MAX_GUESTS,
    pricePerNightCents: row.pricePerNightCents,
    seasonPrices: prices,
  };
}

export async function listRoomIds() {
  return db.select({ id: rooms.id, updatedAt: rooms.updatedAt }).from(rooms).orderBy(asc(rooms.position));
}

// Back office

const sqlLockRooms = sql`lock table ${rooms} in share row exclusive mode`;

export interface AdminRoomRow {
  id: string;
  position: number;
  name: string | null;
  maxGuests: number;
  pricePerNightCents: number | null;
  imageCount: number;
}

/** The list of 'Gestion des Chambres': names in the editing language only (the screen falls back to 'Chambre #n'). */
export async function listAdminRooms(language: string): Promise<AdminRoomRow[]> {
  const rows = await db
    .select({
      id: rooms.id,
      position: rooms.position,
      maxGuests: rooms.maxGuests,
      pricePerNightCents: rooms.pricePerNightCents,
      imageCount: sql<number>`cardinality(${rooms.images})`.mapWith(Number),
      name: multilingualContent.contentValue,
    })
    .from(rooms)
    .leftJoin(
      multilingualContent,
      and(
        eq(multilingualContent.entityId, rooms.id),
        eq(multilingualContent.contentType, 'room'),
        eq(multilingualContent.languageCode, language),
        eq(multilingualContent.contentKey, sqlTextKey('room', rooms.id, 'name')),
      ),
    )
    .orderBy(asc(rooms.position), asc(rooms.createdAt));
  return rows.map((r) => ({ ...r, maxGuests: r.maxGuests ?? ROOM_DEFAULT_MAX_GUESTS, name: r.name?.trim() ? r.name : null }));
}

/** SPEC §4: swaps the positions of a room and its neighbour (db/reorder.ts). False when there is no neighbour (first up, last down) or no room. */
export async function moveRoom(id: string, direction: 'up' | 'down'): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sqlLockRooms);
    return moveByPosition(tx, rooms, id, direction, 'swap');
  });
}

/** Deletes a room with its texts (season prices cascade) in one transaction, then its image files. */
export async function deleteRoom(id: string): Promise<true | NotFound> {
  const deleted = await db.transaction(async (tx) => {
    await deleteEntityTexts(tx, 'room', id);
    const removed = await tx.delete(rooms).where(eq(rooms.id, id)).returning({ id: rooms.id });
    return removed.length > 0 || NOT_FOUND;
  });
  if (deleted) {
    // Files are not transactional: a failure here leaves orphans, never a broken room.
    await storage()
      .deletePrefix(`room-images/${id}/`)
      .catch((error: unknown) => console.error(`[rooms] could not delete images of ${id}:`, error));
  }
  return deleted;
}

export interface RoomForEdit {
  id: string;
  maxGuests: number;
  pricePerNightCents: number | null;
  /** Prices by number of guests (issue 45). */
  guestPrices: { includedGuests: number; extraAdultCents: number; extraChildCents: number; singleReductionCents: number };
  amenities: string[];
  images: string[];
  primaryImage: string | null;
  /** Texts in the editing language ('' when missing). */
  name: string;
  shortDescription: string;
  longDescription: string;
  tags: string;
  /** The name in any language, for the title and as a hint when the editing language has none yet. */
  anyName: string;
}

export async function getRoomForEdit(id: string, language: string): Promise<RoomForEdit | null> {
  const [room] = await db
    .select({
      id: rooms.id,
      maxGuests: rooms.maxGuests,
      pricePerNightCents: rooms.pricePerNightCents,
      includedGuests: rooms.includedGuests,
      extraAdultCents: rooms.extraAdultCents,
      extraChildCents: rooms.extraChildCents,
      singleReductionCents: rooms.singleReductionCents,
      amenities: rooms.amenities,
      images: rooms.images,
      primaryImage: rooms.primaryImage,
      tags: rooms.tags,
    })
    .from(rooms)
    .where(eq(rooms.id, id));
  if (!room) return null;
  const texts = await db
    .select({ key: multilingualContent.contentKey, value: multilingualContent.contentValue, language: multilingualContent.languageCode })
    .from(multilingualContent)
    .where(and(eq(multilingualContent.contentType, 'room'), eq(multilingualContent.entityId, id)));
  const inLanguage = (field: Parameters<typeof roomTextKey>[1]) => texts.find((t) => t.key === roomTextKey(id, field) && t.language === language)?.value ?? '';
  const names = texts.filter((t) => t.key === roomTextKey(id, 'name'));
  const anyName = inLanguage('name') || (names.find((t) => t.language === 'fr') ?? names[0])?.value || '';
  return {
    id: room.id,
    maxGuests: room.maxGuests ?? ROOM_DEFAULT_MAX_GUESTS,
    pricePerNightCents: room.pricePerNightCents,
    guestPrices: {
      includedGuests: room.includedGuests,
      extraAdultCents: room.extraAdultCents,
      extraChildCents: room.extraChildCents,
      singleReductionCents: room.singleReductionCents,
    },
    amenities: room.amenities,
    images: room.images,
    primaryImage: room.primaryImage,
    name: inLanguage('name'),
    shortDescription: inLanguage('short_description'),
    longDescription: inLanguage('long_description'),
    tags: inLanguage('tags') || (language === 'fr' ? room.tags.join(', ') : ''),
    anyName,
  };
}

/**
 * Creates (id null) or updates a room and upserts its non-empty texts for the
 * editing language, in one transaction. Rich text is sanitised here, before storing.
 * rooms.tags mirrors the tags of the default language (and those of a new room).
 */
export async function saveRoom(
  id: string | null,
  input: Omit<RoomInput, 'intent'>,
  language: { code: string; isDefault: boolean },
): Promise<string | NotFound> {
  const { tags } = input;
  return db.transaction(async (tx) => {
    let roomId = id;
    const columns = {
      maxGuests: input.maxGuests,
      pricePerNightCents: input.pricePerNight ?? null,
      amenities: input.amenities,
    };
    if (roomId === null) {
      await tx.execute(sqlLockRooms);
      const [top] = await tx.select({ position: max(rooms.position) }).from(rooms);
      const [created] = await tx
        .insert(rooms)
        .values({ ...columns, tags, position: (top?.position ?? -1) + 1 })
        .returning({ id: rooms.id });
      roomId = created!.id;
    } else {
      const updated = await tx
        .update(rooms)
        .set({ ...columns, ...(language.isDefault && tags.length > 0 ? { tags } : {}) })
        .where(eq(rooms.id, roomId))
        .returning({ id: rooms.id });
      if (updated.length === 0) return NOT_FOUND;
    }
    await upsertTexts(tx, { contentType: 'room', entityId: roomId, language: language.code }, [
      { key: roomTextKey(roomId, 'name'), value: input.name },
      { key: roomTextKey(roomId, 'short_description'), value: cleanRichText(input.shortDescription) },
      { key: roomTextKey(roomId, 'long_description'), value: cleanRichText(input.longDescription) },
      { key: roomTextKey(roomId, 'tags'), value: tags.join(', ') },
    ]);
    return roomId;
  });
}

export interface SeasonPriceRow {
  seasonId: string;
  seasonName: string;
  priceId: string | null;
  pricePerNightCents: number | null;
}

/** Every season (by name) with this room's price for it, if any. */
export async function listRoomSeasonPrices(roomId: string): Promise<SeasonPriceRow[]> {
  return db
    .select({
      seasonId: seasons.id,
      seasonName: seasons.name,
      priceId: roomSeasonPrices.id,
      pricePerNightCents: roomSeasonPrices.pricePerNightCents,
    })
    .from(seasons)
    .leftJoin(roomSeasonPrices, and(eq(roomSeasonPrices.seasonId, seasons.id), eq(roomSeasonPrices.roomId, roomId)))
    .orderBy(asc(seasons.name), asc(seasons.id));
}

/** SPEC §4: created if none exists for the room and season, otherwise updated. */
/** False when the season does not exist (e.g. deleted in another tab). */
export async function saveRoomSeasonPrice(roomId: string, seasonId: string, priceCents: number): Promise<true | NotFound> {
  const [season] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, seasonId));
  if (!season) return NOT_FOUND;
  await db
    .insert(roomSeasonPrices)
    .values({ roomId, seasonId, pricePerNightCents: priceCents })
    .onConflictDoUpdate({
      target: [roomSeasonPrices.roomId, roomSeasonPrices.seasonId],
      set: { pricePerNightCents: priceCents, updatedAt: new Date() },
    });
  return true;
}

export async function deleteRoomSeasonPrice(roomId: string, seasonId: string): Promise<true | NotFound> {
  const removed = await db
    .delete(roomSeasonPrices)
    .where(and(eq(roomSeasonPrices.roomId, roomId), eq(roomSeasonPrices.seasonId, seasonId)))
    .returning({ id: roomSeasonPrices.id });
  return removed.length > 0 || NOT_FOUND;
}

/** The room's prices by number of guests (issue 45): the guests a night includes, each one more per night, a lone guest's reduction. */
export async function saveRoomGuestPrices(roomId: string, input: RoomGuestPricesInput): Promise<true | NotFound | Refusal> {
  const [room] = await db.select({ maxGuests: rooms.maxGuests }).from(rooms).where(eq(rooms.id, roomId)).limit(1);
  if (!room) return NOT_FOUND;
  const capacity = room.maxGuests ?? ROOM_DEFAULT_MAX_GUESTS;
  if (input.includedGuests > capacity) {
    const message = `La chambre accueille ${capacity} ${capacity > 1 ? 'personnes' : 'personne'} au plus`;
    return refuse(message, { fieldErrors: { includedGuests: [message] } });
  }
  const rows = await db
    .update(rooms)
    .set({
      includedGuests: input.includedGuests,
      extraAdultCents: input.extraAdult,
      extraChildCents: input.extraChild,
      singleReductionCents: input.singleReduction,
    })
    .where(eq(rooms.id, roomId))
    .returning({ id: rooms.id });
  return rows.length > 0 || NOT_FOUND;
}

export async function roomExists(id: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(rooms).where(eq(rooms.id, id));
  return (row?.n ?? 0) > 0;
}
