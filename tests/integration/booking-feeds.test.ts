// Imported calendars end to end: a local server serves feeds shaped like Airbnb's,
// Booking.com's and another site's; the sync stores exactly their nights, honours
// ETags, keeps the last good events of a failing feed and refuses bad input whole.
import { NOT_FOUND } from '~/.server/rule-refusal';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.ICAL_ALLOW_PRIVATE_ADDRESSES = 'true';
});

import { guesthouseToday } from '~/.server/guesthouse-time';
import { config } from '~/.server/environment';
import { addDays } from '~/lib/nights';
import { addRoomFeed, claimDueFeed, deleteRoomFeed, getFeed, hasStaleFeed, listRoomFeeds, syncDueFeeds, syncFeed } from '~/.server/booking/availability/feeds';
import { feedParserPid, parseFeedIsolated, warmFeedParser } from '~/.server/booking/availability/feed-parser';
import { PUBLIC_CONTENT_CHANNEL } from '~/.server/public-content/change-listener';
import pg from 'pg';
import { safeFetch } from '~/.server/http/safe-fetch';
import { db } from '~/.server/db/client';
import { icalEvents, icalFeeds, rooms } from '~/.server/db/schema';
import { icalFixture, night } from '../support/ical-fixtures';
import { startFeedServer } from '../support/feed-server';

let server: Awaited<ReturnType<typeof startFeedServer>>;
let roomId: string;
const today = guesthouseToday();

beforeAll(async () => {
  server = await startFeedServer();
  const [room] = await db.insert(rooms).values({ position: 0, pricePerNightCents: 95_00 }).returning();
  roomId = room!.id;
});
afterAll(() => server.close());

const eventsOf = (feedId: string) =>
  db
    .select({ uid: icalEvents.uid, summary: icalEvents.summary, startNight: icalEvents.startNight, endNight: icalEvents.endNight })
    .from(icalEvents)
    .where(eq(icalEvents.feedId, feedId))
    .orderBy(asc(icalEvents.startNight));

async function feedFor(path: string) {
  const created = await addRoomFeed(roomId, server.url(path));
  return (await getFeed(created!.id))!;
}

describe('importing platform feeds', () => {
  it('stores exactly the nights of an Airbnb feed, its "Not available" block labelled by summary', async () => {
    server.serve('/airbnb.ics', { body: icalFixture('airbnb.ics', today), etag: '"a1"' });
    const feed = await feedFor('/airbnb.ics');
    expect(await syncFeed(feed)).toMatchObject({ status: 'updated', events: 2 });
    expect(await eventsOf(feed.id)).toEqual([
      { uid: '1418fb94e984-2e0a1a1c7a7c1d2c4d5b@airbnb.com', summary: 'Reserved', startNight: night(today, 10), endNight: night(today, 13) },
      { uid: '7f3a1b2c9d8e-4f5a6b7c8d9e0f1a2b3c@airbnb.com', summary: 'Airbnb (Not available)', startNight: night(today, 365), endNight: night(today, 400) },
    ]);
    const after = await getFeed(feed.id);
    expect(after).toMatchObject({ etag: '"a1"', lastError: null });
    expect(after!.lastSuccessAt).toBeInstanceOf(Date);
  });

  it("stores Booking.com's CLOSED events, a New York timed event in Paris nights, recurring ones expanded, cancelled ones skipped", async () => {
    server.serve('/booking.ics', { body: icalFixture('booking.ics', today) });
    server.serve('/other.ics', { body: icalFixture('other-site.ics', today) });
    const booking = await feedFor('/booking.ics');
    const other = await feedFor('/other.ics');
    await syncFeed(booking);
    await syncFeed(other);
    expect((await eventsOf(booking.id)).map((e) => [e.summary, e.startNight, e.endNight])).toEqual([
      ['CLOSED - Not available', night(today, 20), night(today, 24)],
      ['CLOSED - Not available', night(today, 30), night(today, 32)],
    ]);
    expect((await eventsOf(other.id)).map((e) => [e.uid, e.startNight, e.endNight])).toEqual([
      ['ny-guest@example.org', night(today, 41), night(today, 42)],
      ['weekly@example.org', night(today, 60), night(today, 61)],
      ['weekly@example.org', night(today, 67), night(today, 68)],
      ['weekly@example.org', night(today, 74), night(today, 75)],
    ]);
  });

  it('an ETag answer of 304 changes nothing', async () => {
    server.serve('/etag.ics', { body: icalFixture('booking.ics', today), etag: '"v1"' });
    const feed = await feedFor('/etag.ics');
    await syncFeed(feed);
    const before = await eventsOf(feed.id);
    const ids = await db.select({ id: icalEvents.id }).from(icalEvents).where(eq(icalEvents.feedId, feed.id));
    const outcome = await syncFeed((await getFeed(feed.id))!);
    expect(outcome.status).toBe('unchanged');
    expect(await eventsOf(feed.id)).toEqual(before);
    expect(await db.select({ id: icalEvents.id }).from(icalEvents).where(eq(icalEvents.feedId, feed.id))).toEqual(ids);
  });

  it('a feed that starts failing keeps its last events and reports the error and the last success', async () => {
    server.serve('/flaky.ics', { body: icalFixture('airbnb.ics', today) });
    const feed = await feedFor('/flaky.ics');
    await syncFeed(feed);
    const good = await eventsOf(feed.id);
    const lastSuccess = (await getFeed(feed.id))!.lastSuccessAt;
    server.serve('/flaky.ics', { status: 500, body: 'oops' });
    expect(await syncFeed((await getFeed(feed.id))!)).toMatchObject({ status: 'failed', error: 'le serveur est en panne (erreur 500)' });
    expect(await eventsOf(feed.id)).toEqual(good);
    const after = (await getFeed(feed.id))!;
    expect(after.lastError).toBe('le serveur est en panne (erreur 500)');
    expect(after.failures).toBe(1);
    expect(after.lastSuccessAt).toEqual(lastSuccess);
  });

  it('gives up on a feed that does not answer in time, keeping its events', async () => {
    server.serve('/slow.ics', { body: icalFixture('booking.ics', today) });
    const feed = await feedFor('/slow.ics');
    await syncFeed(feed);
    server.serve('/slow.ics', { body: icalFixture('booking.ics', today), delay: 3_000 });
    expect(await syncFeed((await getFeed(feed.id))!, 300)).toMatchObject({ status: 'failed', error: 'le serveur ne répond pas' });
    expect(await eventsOf(feed.id)).toHaveLength(2);
  });
});

describe('incomplete calendars are refused whole, nothing stored, the worker keeps going', () => {
  const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//t//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
  const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];
  const ymd = (days: number) => night(today, days).replaceAll('-', '');
  const cases: Array<[string, string | Buffer, RegExp]> = [
    ['malformed', 'this is not a calendar', /pas un calendrier/],
    ['empty', '', /pas un calendrier/],
    ['truncated', calendar(...event('x', `DTSTART;VALUE=DATE:${ymd(5)}`, `DTEND;VALUE=DATE:${ymd(6)}`)).slice(0, -15), /pas un calendrier/],
    ['html page', '<!doctype html><title>Sign in</title>', /pas un calendrier/],
    ['huge', Buffer.alloc(2_100_000, 'A'), /trop volumineux/],
    [
      '10,000 events',
      calendar(...Array.from({ length: 10_000 }, (_, i) => event(`e${i}`, `DTSTART;VALUE=DATE:${ymd(5)}`, `DTEND;VALUE=DATE:${ymd(6)}`)).flat()),
      /trop d'événements/,
    ],
    ['non-UTF-8', Buffer.from(calendar(...event('x', 'SUMMARY:Réservé', `DTSTART;VALUE=DATE:${ymd(5)}`, `DTEND;VALUE=DATE:${ymd(6)}`)), 'latin1'), /UTF-8/],
  ];

  it.each(cases)('%s', async (name, body, reason) => {
    const path = `/bad-${name.replace(/\W+/g, '-')}.ics`;
    server.serve(path, { body });
    const feed = await feedFor(path);
    const outcome = await syncFeed(feed);
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(reason);
    expect(await eventsOf(feed.id)).toEqual([]);
    expect((await getFeed(feed.id))!.lastError).toMatch(reason);
  });

  it('the periodic sync goes through every due feed even when one before it is bad', async () => {
    server.serve('/due-bad.ics', { body: 'garbage' });
    server.serve('/due-good.ics', { body: icalFixture('booking.ics', today) });
    const bad = await feedFor('/due-bad.ics');
    const good = await feedFor('/due-good.ics');
    // Every feed above was tried moments ago; only these two are due.
    const outcomes = await syncDueFeeds(15);
    expect(outcomes.map((o) => [o.feedId, o.status]).sort()).toEqual(
      [
        [bad.id, 'failed'],
        [good.id, 'updated'],
      ].sort(),
    );
    expect(await eventsOf(good.id)).toHaveLength(2);
    expect(await syncDueFeeds(15)).toEqual([]);
  });
});

describe('a good feed with bad events is still a good feed', () => {
  it('imports exactly the Airbnb nights and reports an event ending before it starts, one without a start and one in year 9999', async () => {
    const extra = [
      'BEGIN:VEVENT',
      'UID:back',
      `DTSTART;VALUE=DATE:${night(today, 9).replaceAll('-', '')}`,
      `DTEND;VALUE=DATE:${night(today, 5).replaceAll('-', '')}`,
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:nostart',
      'SUMMARY:Reserved',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:far',
      'DTSTART;VALUE=DATE:99990101',
      'DTEND;VALUE=DATE:99990103',
      'END:VEVENT',
    ];
    server.serve('/airbnb-odd.ics', { body: icalFixture('airbnb.ics', today).replace('END:VCALENDAR', [...extra, 'END:VCALENDAR'].join('\r\n')) });
    const feed = await feedFor('/airbnb-odd.ics');
    expect(await syncFeed(feed)).toMatchObject({ status: 'updated', events: 2, skipped: 3 });
    expect((await eventsOf(feed.id)).map((e) => [e.startNight, e.endNight])).toEqual([
      [night(today, 10), night(today, 13)],
      [night(today, 365), night(today, 400)],
    ]);
    const [listed] = (await listRoomFeeds(roomId)).filter((f) => f.id === feed.id);
    expect(listed).toMatchObject({
      lastError: null,
      importedCount: 2,
      skippedCount: 3,
      skippedReasons: '1 fin absente ou avant le début, 1 sans date de début, 1 date hors limites',
      report: '2 événements importés, 3 ignorés (1 fin absente ou avant le début, 1 sans date de début, 1 date hors limites)',
    });
  });
});

describe('failures in plain French, retried with backoff', () => {
  it('an unknown host is "adresse introuvable", not a system code', async () => {
    const created = await addRoomFeed(roomId, 'http://no-such-host.invalid/calendar.ics');
    const outcome = await syncFeed((await getFeed(created!.id))!);
    expect(outcome).toMatchObject({ status: 'failed' });
    expect(outcome.error).toMatch(/^(adresse introuvable|le serveur ne répond pas)$/);
  });

  it('a failing feed waits twice as long after each failure, and is due again after a success', async () => {
    server.serve('/backoff.ics', { status: 503 });
    const feed = await feedFor('/backoff.ics');
    // Claims every feed due at `at` (one at a time, as the worker does) and says whether this one was among them.
    const claimedAt = async (at: Date) => {
      for (let due = await claimDueFeed(15, at); due; due = await claimDueFeed(15, at)) if (due.id === feed.id) return true;
      return false;
    };
    await syncFeed(feed);
    await syncFeed(feed);
    const { failures, lastAttemptAt } = (await getFeed(feed.id))!;
    expect(failures).toBe(2);
    // Two failures in a row: 15 × 2² = 60 minutes before the next try.
    expect(await claimedAt(new Date(lastAttemptAt!.getTime() + 45 * 60_000))).toBe(false);
    expect(await claimedAt(new Date(lastAttemptAt!.getTime() + 61 * 60_000))).toBe(true);
  });
});

describe('server-side request forgery guard', () => {
  it('refuses loopback when private addresses are not allowed, and a redirect to a private address', async () => {
    server.serve('/redirect.ics', { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
    const loopbackOnly = (address: string) => address === '127.0.0.1';
    await expect(safeFetch(server.url('/airbnb.ics'), { timeoutMs: 2_000, maxBytes: 1_000_000, allowPrivate: false })).rejects.toThrow(/non autorisée/);
    await expect(safeFetch(server.url('/redirect.ics'), { timeoutMs: 2_000, maxBytes: 1_000_000, allowPrivate: loopbackOnly })).rejects.toThrow(
      /non autorisée \(169\.254\.169\.254\)/,
    );
    server.serve('/to-good.ics', { status: 301, headers: { location: '/airbnb.ics' } });
    const followed = await safeFetch(server.url('/to-good.ics'), { timeoutMs: 2_000, maxBytes: 1_000_000, allowPrivate: loopbackOnly });
    expect(followed.status).toBe(200);
    expect(followed.body.toString()).toContain('Airbnb');
  });

  it('refuses non-http schemes', async () => {
    await expect(safeFetch('file:///etc/passwd', { timeoutMs: 2_000, maxBytes: 1_000, allowPrivate: true })).rejects.toThrow(/http et https/);
  });
});

describe('stale feeds (ICAL_STALE_HOURS, default 6)', () => {
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

  it('a feed not read successfully for 6 hours (or never, 6 hours after it was added) is stale; the room page and the owner are told', async () => {
    const [staleRoom] = await db.insert(rooms).values({ position: 9, pricePerNightCents: 95_00 }).returning();
    const [fresh] = await db
      .insert(icalFeeds)
      .values({ roomId: staleRoom!.id, url: server.url('/fresh.ics'), lastSuccessAt: hoursAgo(5.9), createdAt: hoursAgo(48) })
      .returning();
    const [newborn] = await db
      .insert(icalFeeds)
      .values({ roomId: staleRoom!.id, url: server.url('/new.ics'), createdAt: hoursAgo(1) })
      .returning();
    expect(await hasStaleFeed(staleRoom!.id)).toBe(false);
    const [old] = await db
      .insert(icalFeeds)
      .values({
        roomId: staleRoom!.id,
        url: server.url('/old.ics'),
        lastSuccessAt: hoursAgo(6.1),
        lastError: 'le serveur a répondu 503',
        createdAt: hoursAgo(48),
      })
      .returning();
    const [never] = await db
      .insert(icalFeeds)
      .values({ roomId: staleRoom!.id, url: server.url('/never.ics'), createdAt: hoursAgo(7) })
      .returning();
    expect(await hasStaleFeed(staleRoom!.id)).toBe(true);
    const listed = new Map((await listRoomFeeds(staleRoom!.id)).map((f) => [f.id, f.stale]));
    expect(Object.fromEntries([fresh, newborn, old, never].map((f) => [f!.url.split('/').at(-1), listed.get(f!.id)]))).toEqual({
      'fresh.ics': false,
      'new.ics': false,
      'old.ics': true,
      'never.ics': true,
    });
    expect(await hasStaleFeed(roomId)).toBe(false);
  });

  it('a sync of a stale feed tells the cached public pages (failing: the note appears; succeeding: it goes); a fresh one does not', async () => {
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => {
      if (n.channel === PUBLIC_CONTENT_CHANNEL) heard.push(n.payload ?? '');
    });
    await listener.query(`LISTEN ${PUBLIC_CONTENT_CHANNEL}`);
    const settle = async () => {
      // A round trip on the listening connection: notifications committed before it have arrived.
      await listener.query('select 1');
      await new Promise((resolve) => setTimeout(resolve, 50));
    };
    try {
      server.serve('/stale-down.ics', { status: 503 });
      const [staleFeed] = await db
        .insert(icalFeeds)
        .values({ roomId, url: server.url('/stale-down.ics'), lastSuccessAt: hoursAgo(7), createdAt: hoursAgo(48) })
        .returning();
      const [freshFeed] = await db
        .insert(icalFeeds)
        .values({ roomId, url: server.url('/fresh-down.ics'), lastSuccessAt: hoursAgo(1), createdAt: hoursAgo(48) })
        .returning();
      await settle();
      heard.length = 0;

      await syncFeed(freshFeed!);
      await settle();
      expect(heard).toEqual([]);

      expect((await syncFeed(staleFeed!)).status).toBe('failed');
      await settle();
      expect(heard).toEqual(['ical_feeds']);
      heard.length = 0;

      // Back up with no events at all: no event row changes, the announcement still comes.
      server.serve('/stale-down.ics', { body: ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//t//EN', 'END:VCALENDAR'].join('\r\n') });
      expect((await syncFeed(staleFeed!)).status).toBe('updated');
      await settle();
      expect(heard).toEqual(['ical_feeds']);
      expect((await listRoomFeeds(roomId)).find((f) => f.id === staleFeed!.id)!.stale).toBe(false);
      heard.length = 0;

      // A stale feed without events deleted by the owner: no event row goes, the note must still go.
      const [lostFeed] = await db
        .insert(icalFeeds)
        .values({ roomId, url: server.url('/lost.ics'), createdAt: hoursAgo(48) })
        .returning();
      await settle();
      heard.length = 0;
      expect(await hasStaleFeed(roomId)).toBe(true);
      expect(await deleteRoomFeed(roomId, lostFeed!.id)).toBe(true);
      await settle();
      expect(heard).toEqual(['ical_feeds']);
      expect(await hasStaleFeed(roomId)).toBe(false);
      heard.length = 0;
      expect(await deleteRoomFeed(roomId, lostFeed!.id)).toBe(NOT_FOUND);
      await settle();
      expect(heard).toEqual([]);
    } finally {
      await listener.end();
    }
  });
});

describe('the parser child, started ahead', () => {
  it('is started while a room’s feeds are fetched, and the parse that follows runs in it', async () => {
    warmFeedParser();
    const pid = feedParserPid();
    expect(pid).toBeGreaterThan(0);
    // Warmed again meanwhile: the same child, not a second one.
    warmFeedParser();
    expect(feedParserPid()).toBe(pid);
    const calendar = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//t//EN', 'END:VCALENDAR'].join('\r\n');
    const parsed = await parseFeedIsolated(new TextEncoder().encode(calendar), {
      timeZone: config().GUESTHOUSE_TIME_ZONE,
      from: today,
      to: addDays(today, 30),
      maxEvents: 10,
    });
    expect(parsed.events).toEqual([]);
    expect(feedParserPid()).toBe(pid);
  });
});
