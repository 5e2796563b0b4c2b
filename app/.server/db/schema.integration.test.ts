import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadTexts, upsertTexts } from '../content/multilingual-content';
import { db } from './client';
import { languages, multilingualContent, rooms, roomSeasonPrices, seasons, siteConfig, testimonials } from './schema';

const code = (error: unknown) => (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;

describe('schema constraints', () => {
  it('multilingual_content is unique on (key, language, type, entity) — null entity included', async () => {
    const row = { contentKey: 'site_config_name', contentValue: 'A', languageCode: 'fr', contentType: 'site_config', entityId: null };
    await db.insert(multilingualContent).values(row);
    await expect(db.insert(multilingualContent).values({ ...row, contentValue: 'B' })).rejects.toSatisfy((e) => code(e) === '23505');
    // Another language or another entity is another row.
    await db.insert(multilingualContent).values({ ...row, languageCode: 'en' });
    const [room] = await db.insert(rooms).values({ position: 0 }).returning({ id: rooms.id });
    const roomRow = { contentKey: `room_${room!.id}_name`, contentValue: 'x', languageCode: 'fr', contentType: 'room' };
    await db.insert(multilingualContent).values({ ...roomRow, entityId: room!.id });
    await expect(db.insert(multilingualContent).values({ ...roomRow, entityId: room!.id })).rejects.toSatisfy((e) => code(e) === '23505');
  });

  it('rejects an unknown content_type', async () => {
    await expect(db.insert(multilingualContent).values({ contentKey: 'k', contentValue: 'v', languageCode: 'fr', contentType: 'nope' })).rejects.toSatisfy(
      (e) => code(e) === '23514',
    );
  });

  it('upsertTexts updates in place and skips empty values', async () => {
    const [room] = await db.insert(rooms).values({ position: 1 }).returning({ id: rooms.id });
    const target = { contentType: 'room' as const, entityId: room!.id, language: 'en' };
    const key = `room_${room!.id}_name`;
    await upsertTexts(db, target, [
      { key, value: 'Blue room' },
      { key: `room_${room!.id}_tags`, value: '   ' },
    ]);
    await upsertTexts(db, target, [
      { key, value: 'Lavender room' },
      { key: `room_${room!.id}_short_description`, value: '' },
    ]);
    const texts = await loadTexts('room', [room!.id]);
    expect(texts.get(key)).toEqual({ en: 'Lavender room' });
    expect(texts.has(`room_${room!.id}_tags`)).toBe(false);
    expect(texts.has(`room_${room!.id}_short_description`)).toBe(false);
  });

  it('deleting a season or a room deletes its prices', async () => {
    const [room] = await db.insert(rooms).values({ position: 2 }).returning({ id: rooms.id });
    const [high, low] = await db
      .insert(seasons)
      .values([{ name: 'Haute' }, { name: 'Basse' }])
      .returning({ id: seasons.id });
    await db.insert(roomSeasonPrices).values([
      { roomId: room!.id, seasonId: high!.id, pricePerNightCents: 150_00 },
      { roomId: room!.id, seasonId: low!.id, pricePerNightCents: 90_50 },
    ]);
    await db.delete(seasons).where(eq(seasons.id, high!.id));
    expect(await db.select().from(roomSeasonPrices).where(eq(roomSeasonPrices.roomId, room!.id))).toHaveLength(1);
    await db.delete(rooms).where(eq(rooms.id, room!.id));
    expect(await db.select().from(roomSeasonPrices).where(eq(roomSeasonPrices.seasonId, low!.id))).toHaveLength(0);
  });

  it('one price per room and season, and prices must be positive', async () => {
    const [room] = await db.insert(rooms).values({ position: 3 }).returning({ id: rooms.id });
    const [season] = await db.insert(seasons).values({ name: 'Moyenne' }).returning({ id: seasons.id });
    await db.insert(roomSeasonPrices).values({ roomId: room!.id, seasonId: season!.id, pricePerNightCents: 100_00 });
    await expect(db.insert(roomSeasonPrices).values({ roomId: room!.id, seasonId: season!.id, pricePerNightCents: 120_00 })).rejects.toSatisfy(
      (e) => code(e) === '23505',
    );
    const [other] = await db.insert(seasons).values({ name: 'Autre' }).returning({ id: seasons.id });
    await expect(db.insert(roomSeasonPrices).values({ roomId: room!.id, seasonId: other!.id, pricePerNightCents: 0 })).rejects.toSatisfy(
      (e) => code(e) === '23514',
    );
  });

  it('site_config holds a single row; one default language at most', async () => {
    await db.insert(siteConfig).values({ name: 'Le Mas' });
    await expect(db.insert(siteConfig).values({ name: 'Second' })).rejects.toSatisfy((e) => code(e) === '23505');
    await db.insert(languages).values({ code: 'fr', name: 'Français', isDefault: true, position: 0 });
    await expect(db.insert(languages).values({ code: 'en', name: 'English', isDefault: true, position: 1 })).rejects.toSatisfy((e) => code(e) === '23505');
  });

  it('testimonial ratings stay within 1–5, lists default to empty arrays', async () => {
    await expect(db.insert(testimonials).values({ name: 'A', email: 'a@example.com', message: 'm', rating: 6 })).rejects.toSatisfy((e) => code(e) === '23514');
    const [room] = await db.insert(rooms).values({ position: 4 }).returning();
    expect(room).toMatchObject({ images: [], tags: [], amenities: [], maxGuests: 2 });
    const [{ ok }] = (await db.execute(sql`select pg_typeof(images)::text = 'text[]' as ok from rooms limit 1`)).rows as [{ ok: boolean }];
    expect(ok).toBe(true);
  });
});
