// Issue 33: a rolling restart behind a load balancer. nginx with deploy/nginx-fleet.conf in
// front of two instances (`npm start`, production build, one database, a real SMTP server),
// steady traffic through nginx (public pages and contact form posts), and each instance
// restarted in turn with SIGTERM, as a supervisor does:
//   - not one request fails;
//   - every contact message accepted is stored once, and its mail is sent once;
//   - the imported calendars are refreshed exactly once each across the fleet, although
//     the instance running the refresh is the first one stopped, in the middle of it.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guesthouseToday } from '~/.server/guesthouse-time';
import { db } from '~/.server/db/client';
import { contactMessages, icalFeeds, rooms } from '~/.server/db/schema';
import { freePort, startAppProcess, type AppProcess } from '../support/app-process';
import { startFeedServer } from '../support/feed-server';
import { icalFixture } from '../support/ical-fixtures';
import { fleetConfig, NGINX, startNginx, type RunningNginx } from '../support/nginx';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';

const FEEDS = 6;
const FEED_DELAY_MS = 1_200;
/** deploy/nginx-fleet.conf's fail_timeout: how long nginx leaves an instance alone after it failed. */
const FAIL_TIMEOUT_MS = 5_000;
/** Each traffic loop's pause between two requests. */
const PACE_MS = 50;

let smtp: TestSmtpServer;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let nginx: RunningNginx | undefined;
const instances: AppProcess[] = [];

beforeAll(async () => {
  if (!NGINX) return;
  // The demo content, seeded here so that the feeds can be added before the instances start.
  const { seedDemoIfEmpty } = await import('~/.server/seed/seed-demo');
  await seedDemoIfEmpty();
  smtp = await startSmtpServer();
  feeds = await startFeedServer();
  const [room] = await db.select({ id: rooms.id }).from(rooms).limit(1);
  for (let i = 0; i < FEEDS; i++) {
    feeds.serve(`/feed-${i}.ics`, { body: icalFixture('booking.ics', guesthouseToday()), delay: FEED_DELAY_MS });
    await db.insert(icalFeeds).values({ roomId: room!.id, url: feeds.url(`/feed-${i}.ics`) });
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.kill()));
  await nginx?.stop();
  await smtp?.close();
  await feeds?.close();
});

interface Outcome {
  failures: string[];
  posted: string[];
  requests: number;
}

/**
 * `workers` loops through nginx until `stop()`, each at most one request every PACE_MS
 * (seven page reads for one contact post): steady traffic, always some requests in flight
 * at every step of a restart, without turning the test into a load test of its own machine.
 */
function steadyTraffic(origin: string, room: string, workers = 6) {
  const outcome: Outcome = { failures: [], posted: [], requests: 0 };
  let running = true;
  const pages = ['/', room, '/livre-dor'];
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = 0; running; i++) {
      const post = i % 8 === 7; // one post in eight: every post is a mail the test waits for
      const token = `rolling-${worker}-${i}-${randomBytes(3).toString('hex')}`;
      const what = post ? `POST / (${token})` : `GET ${pages[i % 3]}`;
      try {
        const response = post
          ? await fetch(`${origin}/?index`, {
              method: 'POST',
              body: new URLSearchParams({ intent: 'contact', name: 'Ana', email: 'ana@example.com', guests: '2', message: `Bonjour ${token}` }),
              redirect: 'manual',
            })
          : await fetch(`${origin}${pages[i % 3]}`, { redirect: 'manual' });
        await response.arrayBuffer();
        outcome.requests++;
        if (response.status >= 400) outcome.failures.push(`${what}: ${response.status}`);
        else if (post) outcome.posted.push(token);
      } catch (error) {
        outcome.failures.push(`${what}: ${(error as Error).message}`);
      }
      await sleep(PACE_MS);
    }
  });
  return {
    outcome,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return outcome;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitReady(instance: AppProcess) {
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`${instance.url}/readyz`).catch(() => undefined))?.status === 200) return;
    await sleep(100);
  }
  throw new Error(`never ready:\n${instance.output()}`);
}

/**
 * Whether nginx sends the instance traffic again: after its fail_timeout, nginx tries a
 * failed instance with one request and takes it back once that one is answered. Until
 * then the instance counts as down, and stopping the other one would leave none (on a
 * loaded machine that first answer takes a while). The restarted instance's page cache
 * counts the pages it answered; only nginx sends it pages.
 */
async function backInRotation(instance: AppProcess, outcome: Outcome) {
  let health: { pageCache?: { hits: number; misses: number } } | undefined;
  for (let i = 0; i < 600; i++) {
    health = await fetch(`${instance.url}/healthz`)
      .then((r) => r.json() as Promise<typeof health>)
      .catch(() => undefined);
    if ((health?.pageCache?.hits ?? 0) + (health?.pageCache?.misses ?? 0) >= 3) return;
    await sleep(100);
  }
  const traffic = `${outcome.requests} requests answered, failures: ${outcome.failures.slice(0, 5).join('; ') || 'none'}`;
  throw new Error(`never back in nginx's rotation (${traffic}; its /healthz: ${JSON.stringify(health)}):\n${instance.output()}`);
}

/** The instance whose session holds the calendar refresh's lock, if one does now. */
async function feedSyncHolder(): Promise<AppProcess | undefined> {
  const { rows } = await db.execute<{ application_name: string }>(sql`
    select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.objid = (hashtext('guesthouse:feed-sync')::bigint & 4294967295)`);
  const name = rows[0]?.application_name;
  return instances.find((instance) => name === `guesthouse-${instance.pid()}`);
}

describe('rolling restart behind nginx', () => {
  it('restarts each instance in turn under steady traffic: nothing fails, nothing is lost or doubled', { timeout: 300_000 }, async (context) => {
    if (!NGINX) context.skip();
    const ports = [await freePort(), await freePort()];
    const proxyPort = await freePort();
    const env = {
      PUBLIC_URL: `http://localhost:${proxyPort}`,
      TRUST_PROXY: 'true',
      SHUTDOWN_DELAY_MS: '1000',
      SMTP_URL: smtp.url,
      ICAL_ALLOW_PRIVATE_ADDRESSES: 'true',
    };
    instances.push(...(await Promise.all(ports.map((port) => startAppProcess({ ...env, PORT: String(port) })))));
    await Promise.all(instances.map(waitReady));
    nginx = await startNginx(proxyPort, fleetConfig(proxyPort, ports));

    const home = await (await fetch(`${nginx.origin}/`)).text();
    const room = /href="(\/room\/[^"?#]+)"/.exec(home)?.[1];
    expect(room, 'a room link on the home page').toBeTruthy();
    const traffic = steadyTraffic(nginx.origin, room!);
    await sleep(1_500);

    // The instance refreshing the calendars goes first, in the middle of its pass.
    let holder = await feedSyncHolder();
    for (let i = 0; !holder && i < 50; i++) holder = await sleep(100).then(feedSyncHolder);
    expect(holder, 'one instance runs the calendar refresh').toBeDefined();
    const order = [holder!, ...instances.filter((instance) => instance !== holder)];
    for (const instance of order) {
      await instance.stop();
      expect(instance.exitCode(), instance.output()).toBe(0);
      await instance.restart();
      await waitReady(instance);
      // Back in nginx's rotation before the next one leaves (README: the order of a rolling restart).
      await sleep(FAIL_TIMEOUT_MS);
      await backInRotation(instance, traffic.outcome);
    }
    const outcome = await traffic.stop();

    // On a failure, nginx's error log says which instance it gave up on, and why.
    expect(
      outcome.failures,
      outcome.failures.length
        ? nginx
            .log()
            .split('\n')
            .filter((line) => /upstream|\[error\]|\[warn\]/.test(line))
            // What took the instances out, not the flood of 502s that follows.
            .filter((line, index, lines) => !/no live upstreams/.test(line) || lines.findIndex((l) => /no live upstreams/.test(l)) === index)
            .slice(0, 40)
            .join('\n')
        : '',
    ).toEqual([]);
    expect(outcome.requests).toBeGreaterThan(100);
    expect(outcome.posted.length).toBeGreaterThan(20);

    // Every accepted message stored once…
    const stored = await db.select({ message: contactMessages.message }).from(contactMessages);
    const storedTokens = stored.map((row) => row.message.replace('Bonjour ', '')).sort();
    expect(storedTokens).toEqual([...outcome.posted].sort());
    // …and its mail sent once (the outbox drains on whichever instance is up).
    // The outbox sends one mail at a time: on a loaded machine hundreds take a while.
    const mails = await smtp.waitForMails(outcome.posted.length, 120_000);
    await sleep(1_000); // a duplicate would arrive meanwhile
    const mailed = smtp.mails.map((mail) => /rolling-\d+-\d+-[0-9a-f]+/.exec(mail.text)?.[0]).sort();
    expect(mails.length).toBe(outcome.posted.length);
    expect(mailed).toEqual([...outcome.posted].sort());

    // Every calendar refreshed exactly once across the fleet, the restart notwithstanding.
    for (let i = 0; i < FEEDS; i++) expect(feeds.hits(`/feed-${i}.ics`), `feed ${i}`).toBe(1);
    // A hit is counted when the feed is asked for; its success is written once it is parsed
    // (in the parser's worker), which on a loaded machine may come after the mails.
    await expect
      .poll(async () => (await db.select({ lastSuccessAt: icalFeeds.lastSuccessAt }).from(icalFeeds)).filter((feed) => feed.lastSuccessAt === null).length, {
        timeout: 30_000,
      })
      .toBe(0);

    for (const instance of instances) expect(instance.output()).not.toMatch(/\[fatal\]|could not start/);
  });
});
