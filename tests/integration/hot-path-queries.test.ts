// Issue 15, item 4: no database round trip on the hot path, even with the page cache off.
// Every public page's loaders (root included) read the database the first time and then
// from memory until an invalidation; this counts the statements that reach PostgreSQL.
// (A Drizzle query builder is a lazy thenable: cached as such, it ran again on every
// await, which only a count of real statements shows.)
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import {
  distances,
  homepageSections,
  icalFeeds,
  languages,
  manualBlocks,
  multilingualContent,
  rooms,
  seasons,
  siteConfig,
  testimonials,
  transportOptions,
} from '~/.server/db/schema';
import { invalidatePublicContent, setCacheCoherent } from '~/.server/public-content/invalidation';
import { loader as rootLoader } from '~/root';
import { loader as guestBookLoader } from '~/routes/site/guest-book';
import { loader as homeLoader } from '~/routes/site/home';
import { loader as legalLoader } from '~/routes/site/legal';
import { loader as roomLoader } from '~/routes/site/room';
import { guesthouseToday } from '~/.server/guesthouse-time';
import { addDays } from '~/lib/nights';
import { getRequest, run } from '../support/requests';

const statements: string[] = [];
const originalQuery = pg.Client.prototype.query;
let roomId = '';

beforeAll(async () => {
  await db.insert(languages).values([
    { code: 'fr', name: 'Français', isDefault: true, position: 0 },
    { code: 'en', name: 'English', position: 1 },
  ]);
  await db
    .insert(siteConfig)
    .values({ name: 'Mas Chaud', tagline: 'Rapide', address: '1 rue\n06130 Grasse', contactEmail: 'owner@example.com', phones: ['06 12 34 56 78'] });
  const [room] = await db.insert(rooms).values({ position: 0, pricePerNightCents: 90_00, maxGuests: 2 }).returning({ id: rooms.id });
  roomId = room!.id;
  await db
    .insert(multilingualContent)
    .values({ contentKey: `room_${roomId}_name`, contentValue: 'Lavande', languageCode: 'fr', contentType: 'room', entityId: roomId });
  const [season] = await db.insert(seasons).values({ name: 'Haute saison', minStay: 2 }).returning();
  expect(season).toBeDefined();
  await db.insert(manualBlocks).values({ roomId, firstNight: addDays(guesthouseToday(), 3), lastNight: addDays(guesthouseToday(), 4) });
  // Never read and created long ago: the room page tells guests its calendar may be behind.
  await db.insert(icalFeeds).values({ roomId, url: 'https://example.com/never-read.ics', createdAt: new Date(Date.now() - 48 * 3_600_000) });
  await db.insert(homepageSections).values({ title: 'Bienvenue', position: 0 });
  await db.insert(transportOptions).values({ type: 'train', enabled: true });
  await db.insert(distances).values({ city: 'Nice', durationMinutes: 45 });
  await db.insert(testimonials).values({ name: 'A', email: 'a@example.com', message: 'Parfait', rating: 5, isPublished: true, isFeatured: true });

  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args as [string | { text?: string }];
    statements.push(typeof config === 'string' ? config : (config?.text ?? '?'));
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  // What the notification listener does once connected: in-process caching is allowed.
  setCacheCoherent(true);
});

afterAll(() => {
  pg.Client.prototype.query = originalQuery;
  setCacheCoherent(false);
});

/** Every loader React Router runs for an anonymous GET of the page. */
async function renderData(path: string, language: string) {
  const request = () => getRequest(path, undefined, { 'accept-language': language });
  const page =
    path === '/'
      ? run(homeLoader, request())
      : path === '/livre-dor'
        ? run(guestBookLoader, request())
        : path === '/mentions-legales'
          ? run(legalLoader, request())
          : run(roomLoader, request(), { roomId });
  const [root, result] = await Promise.all([run(rootLoader, request()), page]);
  expect(root.status).toBe(200);
  expect(result.status).toBe(200);
  return result.data;
}

const pages = () => ['/', `/room/${roomId}`, '/livre-dor', '/mentions-legales'];

describe('the hot path of public pages', () => {
  it('reads the database once per page and language, then never until something changes', async () => {
    for (const language of ['fr', 'en']) {
      for (const path of pages()) {
        statements.length = 0;
        await renderData(path, language);
        if (language === 'fr') expect(statements.length, `${path}: the first render reads the database`).toBeGreaterThan(0);
        statements.length = 0;
        const again = await renderData(path, language);
        expect(statements, `${path} (${language}) rendered again`).toEqual([]);
        if (path.startsWith('/room/')) {
          expect(again.booking.calendarsBehind).toBe(true);
          // The blocked nights (today + 3 and + 4) fall in the calendar's first month or, late in a month, its second.
          expect(again.booking.months.map((month: { states: string }) => month.states).join('')).toContain('t');
        }
      }
    }
  });

  it('reads again after an invalidation (a write announced by PostgreSQL)', async () => {
    for (const path of pages()) await renderData(path, 'fr');
    invalidatePublicContent();
    statements.length = 0;
    await renderData(`/room/${roomId}`, 'fr');
    expect(statements.length).toBeGreaterThan(0);
  });
});
