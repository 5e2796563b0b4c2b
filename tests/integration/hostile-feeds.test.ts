// Issue 32, item 1, through the real server (the production build as a child process):
// feeds built to exhaust a parser are refused or bounded while /healthz keeps answering,
// the server survives a restart with all of them in place (the worker reads them again
// at once), and the owner removes each from the room editor. Times are stated below.
// One database pass: its subject is the feed parser's bounds.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guesthouseToday } from '~/.server/guesthouse-time';
import { db } from '~/.server/db/client';
import { icalEvents, icalFeeds, rooms } from '~/.server/db/schema';
import { addDays } from '~/lib/nights';
import { STAY_NIGHTS_LIMIT } from '~/lib/stay-rules';
import { signInOverHttp, startAppProcess, type AppProcess } from '../support/app-process';
import { startFeedServer } from '../support/feed-server';
import { decodeToast } from '../support/toast-cookie';

const ADMIN = { email: 'hostile-feeds-admin@example.com', password: 'hostile-feeds-password' };
let app: AppProcess;
let adminCookie = '';
let roomId = '';
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const ymd = (days: number) => addDays(guesthouseToday(), days).replaceAll('-', '');
const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//t//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];
const list = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => i + from).join(',');

/** The 589-byte shape of the issue: a yearly rule whose BY-lists make it fire every minute. */
const BY_RULE_BOMB = calendar(
  ...event(
    'bomb',
    `DTSTART:${ymd(1)}T000000Z`,
    `DTEND:${ymd(1)}T000100Z`,
    `RRULE:FREQ=YEARLY;BYMONTH=${list(1, 12)};BYMONTHDAY=${list(1, 31)};BYHOUR=${list(0, 23)};BYMINUTE=${list(0, 59)}`,
  ),
);
const HOSTILE: Array<{ name: string; body: string | Buffer; outcome: RegExp }> = [
  {
    name: 'RRULE BY-rule expansion',
    body: BY_RULE_BOMB,
    outcome: /^Calendrier ajouté avec succès : 0 événement importé, 1 ignoré \(1 répétition plus fréquente que quotidienne\)$/,
  },
  {
    name: 'FREQ=SECONDLY',
    body: calendar(...event('s', `DTSTART:${ymd(1)}T000000Z`, `DTEND:${ymd(1)}T000001Z`, 'RRULE:FREQ=SECONDLY')),
    outcome: /1 répétition plus fréquente que quotidienne/,
  },
  {
    name: '10,000 recurrences',
    body: calendar(...event('daily', `DTSTART;VALUE=DATE:${ymd(1)}`, `DTEND;VALUE=DATE:${ymd(2)}`, 'RRULE:FREQ=DAILY;COUNT=10000')),
    // Expanded over the import window only: from yesterday to the last night a stay may reach
    // (an arrival at the default horizon, 540 days, staying the longest stay the engine prices),
    // one per night from tomorrow on.
    outcome: new RegExp(`^Calendrier ajouté avec succès : ${540 + STAY_NIGHTS_LIMIT} événements importés$`),
  },
  {
    name: 'deep nesting',
    body: calendar(
      ...event(
        'deep',
        `DTSTART;VALUE=DATE:${ymd(1)}`,
        `DTEND;VALUE=DATE:${ymd(2)}`,
        ...Array(40_000).fill('BEGIN:VALARM'),
        ...Array(40_000).fill('END:VALARM'),
      ),
    ),
    outcome: /^Calendrier ajouté(, mais sa lecture a échoué : .+| avec succès : 1 événement importé)/,
  },
  {
    name: '2 MB feed',
    body: calendar(...event('big', `DTSTART;VALUE=DATE:${ymd(1)}`, `DTEND;VALUE=DATE:${ymd(2)}`, `DESCRIPTION:${'x'.repeat(1_990_000)}`)),
    outcome: /^Calendrier ajouté(, mais sa lecture a échoué : .+| avec succès : 1 événement importé)/,
  },
];

beforeAll(async () => {
  feeds = await startFeedServer();
  app = await startAppProcess({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ICAL_ALLOW_PRIVATE_ADDRESSES: 'true' });
  adminCookie = await signInOverHttp(app, ADMIN);
  expect(adminCookie).toContain('session_token');
  roomId = (await db.insert(rooms).values({ position: 0, pricePerNightCents: 90_00 }).returning())[0]!.id;
}, 300_000);

afterAll(async () => {
  await app?.kill();
  await feeds?.close();
});

const post = (fields: Record<string, string>) =>
  fetch(`${app.url}/admin/room/${roomId}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded', cookie: adminCookie },
    body: new URLSearchParams(fields),
  });

/**
 * Asks /healthz every 100 ms until stopped; resolves with the answers that were not 200
 * within 5 s (a server whose event loop a parse blocked would not answer at all), and the
 * slowest answer, which is printed, not asserted: on a shared machine it measures the
 * scheduler as much as the server (timings belong to bench/).
 */
function watchHealth() {
  let running = true;
  const failures: string[] = [];
  let answered = 0;
  let slowest = 0;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      try {
        const response = await fetch(`${app.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`status ${response.status}`);
        slowest = Math.max(slowest, Date.now() - started);
        answered++;
      } catch (error) {
        failures.push(String(error));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { failures, answered, slowest };
  };
}

describe('feeds built to exhaust the parser', () => {
  it.each(HOSTILE)(
    '$name: refused or bounded within 7 s, /healthz answering throughout',
    async ({ name, body, outcome }) => {
      const path = `/hostile-${name.replace(/\W+/g, '-')}.ics`;
      feeds.serve(path, { body });
      const stop = watchHealth();
      const started = Date.now();
      const added = await post({ intent: 'add-feed', url: feeds.url(path) });
      const took = Date.now() - started;
      const health = await stop();
      console.log(`[${name}] answered in ${took} ms; /healthz slowest ${health.slowest} ms over ${health.answered} probes`);
      expect(added.status).toBe(200);
      expect(decodeToast(added.headers)!.description).toMatch(outcome);
      // Fetch (FIRST_SYNC_TIMEOUT_MS 5 s is for the download) + parse (FEED_PARSE_TIMEOUT_MS 5 s): the answer never waits on more.
      expect(took).toBeLessThan(7_000);
      expect(health.failures).toEqual([]);
      expect(health.answered).toBeGreaterThan(0);
    },
    30_000,
  );

  it('a restart with all of them in place does not crash; the owner removes each one from the room editor', async () => {
    const hostile = await db.select({ id: icalFeeds.id }).from(icalFeeds).where(eq(icalFeeds.roomId, roomId));
    expect(hostile).toHaveLength(HOSTILE.length);
    await app.kill();
    // As if every one of them were due: the worker reads them all within seconds of the start.
    await db.update(icalFeeds).set({ lastAttemptAt: null }).where(eq(icalFeeds.roomId, roomId));
    await app.restart();
    const stop = watchHealth();
    // The worker's first run starts 2 s after the start; give it time to go through all five.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const rows = await db.select({ lastAttemptAt: icalFeeds.lastAttemptAt }).from(icalFeeds).where(eq(icalFeeds.roomId, roomId));
      if (rows.every((r) => r.lastAttemptAt !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const health = await stop();
    expect(health.failures).toEqual([]);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

    for (const { id } of hostile) {
      const removed = await post({ intent: 'delete-feed', id });
      expect(removed.status).toBe(200);
      expect(decodeToast(removed.headers)!.description).toBe('Calendrier supprimé avec succès');
    }
    expect(await db.select().from(icalFeeds).where(eq(icalFeeds.roomId, roomId))).toEqual([]);
    expect(
      await db
        .select()
        .from(icalEvents)
        .where(
          inArray(
            icalEvents.feedId,
            hostile.map((h) => h.id),
          ),
        ),
    ).toEqual([]);
  }, 90_000);
});
