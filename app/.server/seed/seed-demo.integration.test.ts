import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { config } from '~/.server/environment';
import { db } from '~/.server/db/client';
import {
  bookingPayments,
  bookings,
  contactEmails,
  distances,
  homepageSections,
  languages,
  manualBlocks,
  multilingualContent,
  rooms,
  roomSeasonPrices,
  seasonPeriods,
  seasons,
  siteConfig,
  testimonials,
  transportOptions,
} from '~/.server/db/schema';
import { keyFromUrl, storage } from '~/.server/media/storage';
import { AMENITY_IDS } from '~/lib/amenities';
import { COUNTRY_CODES } from '~/lib/countries';
import { guesthouseToday } from '~/.server/guesthouse-time';
import { addDays, daysBetween } from '~/lib/nights';
import { shiftTaxPeriod, taxPeriodOf } from '~/lib/tourist-tax';
import { seedDemoIfEmpty } from './seed-demo';

const uploads = () => path.join(config().DATA_DIR, 'uploads');

async function storedFiles(): Promise<string[]> {
  try {
    const entries = await fs.readdir(uploads(), { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(uploads(), path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function counts() {
  const tables = {
    languages,
    siteConfig,
    contactEmails,
    rooms,
    seasons,
    roomSeasonPrices,
    homepageSections,
    testimonials,
    transportOptions,
    distances,
    multilingualContent,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row!.n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

async function expectStoredImage(url: string) {
  const key = keyFromUrl(url);
  expect(key, url).not.toBeNull();
  const object = await storage().get(key!);
  expect(object, url).not.toBeNull();
  const meta = await sharp(object!.body).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 1000 });
}

describe('demo content seeding', () => {
  it('never seeds a database that already has content', async () => {
    const [existing] = await db.insert(languages).values({ code: 'it', name: 'Italiano', isDefault: true, position: 0 }).returning({ id: languages.id });

    expect(await seedDemoIfEmpty()).toBe(false);
    const after = await counts();
    expect(after).toMatchObject({ languages: 1, rooms: 0, siteConfig: 0, testimonials: 0, multilingualContent: 0 });
    expect(await storedFiles()).toEqual([]);

    await db.delete(languages).where(eq(languages.id, existing!.id));
  });

  it('rolls everything back and deletes its stored images when the transaction fails', { timeout: 120_000 }, async () => {
    // A trigger makes the last-but-one insert fail, after most rows were written.
    await db.execute(sql`create function seed_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused by test'; end $$`);
    await db.execute(sql`create trigger seed_test_refuse before insert on distances
      for each statement execute function seed_test_refuse()`);
    try {
      await expect(seedDemoIfEmpty()).rejects.toThrow();
      const after = await counts();
      expect(Object.values(after).every((n) => n === 0)).toBe(true);
      expect(await storedFiles()).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger seed_test_refuse on distances`);
      await db.execute(sql`drop function seed_test_refuse()`);
    }
  });

  it('seeds the demo guesthouse exactly once, even when two starts race', { timeout: 120_000 }, async () => {
    const started = performance.now();
    const results = await Promise.all([seedDemoIfEmpty(), seedDemoIfEmpty()]);
    console.log(`two racing seeds took ${Math.round(performance.now() - started)} ms`);
    expect(results.sort()).toEqual([false, true]);

    expect(await counts()).toEqual({
      languages: 4,
      siteConfig: 1,
      contactEmails: 1,
      rooms: 4,
      seasons: 3,
      roomSeasonPrices: 12,
      homepageSections: 2,
      testimonials: 7,
      transportOptions: 3,
      distances: 5,
      // site 4 keys (cancellation terms since issue 35) + rooms 4×4 + sections 2×2 + transport 3 + season names 3 + distance names 5, each in 4 languages
      multilingualContent: (4 + 16 + 4 + 3 + 3 + 5) * 4,
    });

    const langs = await db.select().from(languages).orderBy(asc(languages.position));
    expect(langs.map((l) => [l.code, l.position, l.isActive, l.isDefault])).toEqual([
      ['fr', 0, true, true],
      ['en', 1, true, false],
      ['es', 2, true, false],
      ['de', 3, true, false],
    ]);

    const [site] = await db.select().from(siteConfig);
    expect(site!.name).toBeTruthy();
    expect(site!.tagline).toBeTruthy();
    expect(site!.address).toMatch(/06130 Grasse/);
    expect(site!.phones).toHaveLength(2);
    expect(site!.phone).toBe(site!.phones[0]);
    for (const phone of site!.phones) expect(phone).toMatch(/^0\d( \d\d){4}$/);
    expect(site!.contactEmail).toMatch(/@/);
    for (const link of [site!.instagramLink, site!.bookingLink, site!.airbnbLink, site!.tripadvisorLink]) {
      expect(link).toMatch(/^https:\/\//);
    }
    expect(site!.heroImages).toHaveLength(3);
    for (const url of site!.heroImages) {
      expect(url).toMatch(/^\/media\/homepage-images\/hero\/\d+-[0-9a-f]+\.jpg$/);
      await expectStoredImage(url);
    }

    const texts = await db.select().from(multilingualContent);
    const text = (key: string, lang: string) => texts.find((t) => t.contentKey === key && t.languageCode === lang)?.contentValue;
    for (const lang of ['fr', 'en', 'es', 'de']) {
      expect(text('site_config_name', lang)).toBeTruthy();
      expect(text('site_config_tagline', lang)).toBeTruthy();
      expect(text('site_config_modalites', lang)).toMatch(/^<p>.*<ul><li>/);
    }

    const roomRows = await db.select().from(rooms).orderBy(asc(rooms.position));
    expect(roomRows.map((r) => r.position)).toEqual([0, 1, 2, 3]);
    const allImages = new Set<string>();
    for (const room of roomRows) {
      expect(room.images.length).toBeGreaterThanOrEqual(3);
      expect(room.images.length).toBeLessThanOrEqual(5);
      expect(room.primaryImage).toBe(room.images[0]);
      expect(room.maxGuests).toBeGreaterThanOrEqual(2);
      expect(room.maxGuests).toBeLessThanOrEqual(4);
      expect(room.pricePerNightCents).toBeGreaterThanOrEqual(80_00);
      expect(room.tags.length).toBeGreaterThan(0);
      expect(room.amenities.every((a) => AMENITY_IDS.includes(a))).toBe(true);
      for (const url of room.images) {
        expect(url.startsWith(`/media/room-images/${room.id}/`)).toBe(true);
        allImages.add(url);
        await expectStoredImage(url);
      }
      for (const lang of ['fr', 'en', 'es', 'de']) {
        for (const field of ['name', 'short_description', 'long_description', 'tags']) {
          const row = texts.find((t) => t.contentKey === `room_${room.id}_${field}` && t.languageCode === lang);
          expect(row, `room_${room.id}_${field} ${lang}`).toMatchObject({ contentType: 'room', entityId: room.id });
          expect(row!.contentValue).toBeTruthy();
        }
      }
      expect(
        text(`room_${room.id}_tags`, 'fr')!
          .split(',')
          .map((t) => t.trim()),
      ).toEqual(room.tags);
    }

    const prices = await db.select().from(roomSeasonPrices);
    for (const room of roomRows) expect(prices.filter((p) => p.roomId === room.id)).toHaveLength(3);

    const sections = await db.select().from(homepageSections).orderBy(asc(homepageSections.position));
    expect(sections.map((s) => [s.position, s.isActive])).toEqual([
      [0, true],
      [50, true],
    ]);
    expect(sections.some((s) => s.amenities.length > 0)).toBe(true);
    for (const section of sections) {
      expect(section.images.length).toBeGreaterThanOrEqual(1);
      expect(section.images.length).toBeLessThanOrEqual(2);
      expect(section.primaryImage).toBe(section.images[0]);
      expect(section.title).toBe(text(`homepage_section_${section.id}_title`, 'fr'));
      for (const url of section.images) {
        expect(url.startsWith(`/media/homepage-images/${section.id}/`)).toBe(true);
        await expectStoredImage(url);
      }
      for (const lang of ['fr', 'en', 'es', 'de']) {
        expect(text(`homepage_section_${section.id}_title`, lang)).toBeTruthy();
        expect(text(`homepage_section_${section.id}_content`, lang)).toBeTruthy();
      }
    }

    const guestBook = await db.select().from(testimonials);
    expect(guestBook.filter((t) => t.isPublished)).toHaveLength(5);
    expect(guestBook.filter((t) => t.isFeatured)).toHaveLength(3);
    expect(guestBook.filter((t) => t.isFeatured && !t.isPublished)).toHaveLength(0);
    expect(new Set(guestBook.map((t) => t.country)).size).toBeGreaterThanOrEqual(5);
    for (const t of guestBook) {
      expect(COUNTRY_CODES).toContain(t.country);
      expect(t.rating).toBeGreaterThanOrEqual(4);
      expect(t.createdAt.getTime()).toBeLessThan(Date.now());
    }
    expect(new Set(guestBook.map((t) => t.createdAt.toISOString().slice(0, 7))).size).toBeGreaterThanOrEqual(4);

    const transport = await db.select().from(transportOptions);
    expect(transport.map((t) => t.type).sort()).toEqual(['car', 'plane', 'train']);
    for (const option of transport) {
      expect(option.enabled).toBe(true);
      for (const lang of ['fr', 'en', 'es', 'de']) {
        const row = texts.find((t) => t.contentKey === `transport_${option.id}_description` && t.languageCode === lang);
        expect(row).toMatchObject({ contentType: 'transport', entityId: option.id });
      }
    }

    const distanceRows = await db.select().from(distances);
    const minutes = distanceRows.map((d) => d.durationMinutes);
    expect(minutes.some((m) => m < 60)).toBe(true);
    expect(minutes.some((m) => m > 60 && m % 60 !== 0)).toBe(true);

    // The losing racer removed its images: every stored file is referenced, and vice versa.
    const referenced = [...allImages, ...site!.heroImages, ...sections.flatMap((s) => s.images)].map((url) => keyFromUrl(url)!).sort();
    expect(await storedFiles()).toEqual(referenced);
  });

  it('seeds the booking side: periods covering the coming year, season names, two pending requests, upcoming stays (one by phone, deposit received), a cancelled stay, a block', async () => {
    const today = guesthouseToday();
    const periods = await db.select().from(seasonPeriods);
    for (let day = 0; day < 365; day += 1) {
      const night = addDays(today, day);
      expect(
        periods.filter((p) => p.firstNight <= night && night <= p.lastNight),
        night,
      ).toHaveLength(1);
    }
    const all = await db.select().from(bookings);
    // The last quarter's stays, for the tourist-tax register (issue 44): a family's direct
    // booking with a minor, a phone booking, an Airbnb stay whose tax the platform collected,
    // and one across the quarter's end.
    const lastQuarter = shiftTaxPeriod(taxPeriodOf(today, 'quarterly'), -1);
    const past = all.filter((b) => b.arrival < lastQuarter.end);
    expect(past.map((b) => [b.source, b.guests, b.children, b.taxCollectedBy, b.departure > lastQuarter.end]).sort()).toEqual(
      [
        ['airbnb', 2, 0, 'platform', false],
        ['phone', 2, 0, 'house', false],
        ['site', 2, 0, 'house', true],
        ['site', 3, 1, 'house', false],
      ].sort(),
    );
    for (const stay of past) expect(stay.arrival >= lastQuarter.start).toBe(true);
    const stays = all.filter((b) => !past.includes(b));
    expect(stays.filter((b) => b.status === 'pending')).toHaveLength(2);
    const confirmed = stays.filter((b) => b.status === 'confirmed');
    expect(confirmed).toHaveLength(3);
    expect(confirmed.map((b) => b.arrival)).toContain(today);
    expect(stays.filter((b) => b.status === 'cancelled')).toHaveLength(1);
    const phone = stays.filter((b) => b.source === 'phone');
    expect(phone).toHaveLength(1);
    // The Modalités' 1,10 € per adult per night (a base of 0,82 € and the 34 % regional
    // surcharge) and 30 % deposit, from the engine; minors pay none.
    for (const stay of all) {
      expect(stay.totalCents).toBeGreaterThan(0);
      expect(stay.taxCents).toBe((stay.guests - stay.children) * 110 * daysBetween(stay.arrival, stay.departure));
      expect(stay.depositCents).toBe(Math.round(stay.totalCents * 0.3));
    }
    const payments = await db.select().from(bookingPayments);
    expect(payments).toEqual([expect.objectContaining({ bookingId: phone[0]!.id, kind: 'deposit', amountCents: phone[0]!.depositCents })]);
    expect(await db.select().from(manualBlocks)).toHaveLength(1);
    const seasonRows = await db.select().from(seasons);
    const names = await db.select().from(multilingualContent).where(eq(multilingualContent.contentType, 'season'));
    expect(names).toHaveLength(seasonRows.length * 4);
    expect(names.find((n) => n.languageCode === 'en' && n.contentValue === 'High season')).toBeTruthy();
  });

  it('does nothing on a second call', async () => {
    const before = await counts();
    const files = await storedFiles();
    const [site] = await db.select().from(siteConfig);

    expect(await seedDemoIfEmpty()).toBe(false);

    expect(await counts()).toEqual(before);
    expect(await storedFiles()).toEqual(files);
    const [again] = await db.select().from(siteConfig);
    expect(again).toEqual(site);
  });
});
