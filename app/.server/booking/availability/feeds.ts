// Imported calendars: the owner's feed URLs per room, and their synchronisation.
// A sync either replaces the feed's events whole (one transaction) or changes
// nothing but the error it reports: a failing feed keeps its last good events.
import { NOT_FOUND, type NotFound } from '../../rule-refusal';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { addDays } from '~/lib/nights';
import { config } from '../../environment';
import { loadStayRulesSettings } from '../../content/site-settings';
import { STAY_NIGHTS_LIMIT } from '~/lib/stay-rules';
import { startPeriodicPass } from '../../db/periodic-pass';
import { LOCKS } from '../../db/advisory-lock';
import { db, pool, type Executor } from '../../db/client';
import { icalEvents, icalFeeds } from '../../db/schema';
import { PUBLIC_CONTENT_CHANNEL } from '../../public-content/change-listener';
import { guesthouseToday } from '../../guesthouse-time';
import { describeSkipped, FeedRefused, type ImportedEvent } from './ical-parse';
import { feedLabel } from './feed-label';
import { OutOfTime, parseFeedIsolated, warmFeedParser } from './feed-parser';
import { FetchRefused, safeFetch } from '../../http/safe-fetch';

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 2_000_000;
export const FEED_MAX_EVENTS = 3_000;

export type FeedRow = typeof icalFeeds.$inferSelect;

export interface SyncOutcome {
  feedId: string;
  status: 'updated' | 'unchanged' | 'failed';
  events?: number;
  skipped?: number;
  skippedReasons?: string;
  error?: string;
}

async function fetchAndParse(feed: Pick<FeedRow, 'url' | 'etag' | 'lastModified'>, timeoutMs: number, deadline: number) {
  const headers: Record<string, string> = {};
  if (feed.etag) headers['if-none-match'] = feed.etag;
  if (feed.lastModified) headers['if-modified-since'] = feed.lastModified;
  const response = await safeFetch(feed.url, {
    headers,
    timeoutMs: Math.min(timeoutMs, deadline - Date.now()),
    maxBytes: FEED_MAX_BYTES,
    allowPrivate: config().ICAL_ALLOW_PRIVATE_ADDRESSES,
  });
  if (response.status === 304) return { notModified: true as const };
  if (response.status !== 200) throw new FetchRefused(plainStatus(response.status));
  const today = guesthouseToday();
  const { GUESTHOUSE_TIME_ZONE } = config();
  // Every night a stay may reach: arriving at the horizon (Configuration's, else the environment's) and staying as long as the engine prices.
  const { horizonDays } = await loadStayRulesSettings();
  const { events, skipped } = await parseFeedIsolated(
    response.body,
    {
      timeZone: GUESTHOUSE_TIME_ZONE,
      from: addDays(today, -1),
      to: addDays(today, horizonDays + STAY_NIGHTS_LIMIT + 1),
      maxEvents: FEED_MAX_EVENTS,
    },
    deadline,
  );
  const header = (name: string) => {
    const value = response.headers[name];
    return typeof value === 'string' ? value.slice(0, 500) : null;
  };
  return { notModified: false as const, events, skipped: describeSkipped(skipped), etag: header('etag'), lastModified: header('last-modified') };
}

/** An HTTP status other than 200, in the owner's words. */
function plainStatus(status: number): string {
  if (status === 404 || status === 410) return `calendrier introuvable à cette adresse (erreur ${status})`;
  if (status === 401 || status === 403) return `accès refusé par le serveur (erreur ${status})`;
  if (status >= 500) return `le serveur est en panne (erreur ${status})`;
  return `réponse inattendue du serveur (erreur ${status})`;
}

/* ───────────── staleness ───────────── */

/**
 * A feed is stale when it has not been read successfully for ICAL_STALE_HOURS (since
 * it was added, if never): the owner is warned, and the room page tells guests its
 * availability may be behind (decision 0011).
 */
export function isFeedStale(feed: { lastSuccessAt: Date | null; createdAt: Date }, now = new Date()): boolean {
  const since = feed.lastSuccessAt ?? feed.createdAt;
  return since.getTime() < now.getTime() - config().ICAL_STALE_HOURS * 3_600_000;
}

/** True when one of the room's feeds is stale. */
export async function hasStaleFeed(roomId: string, now = new Date()): Promise<boolean> {
  const feeds = await db.select({ lastSuccessAt: icalFeeds.lastSuccessAt, createdAt: icalFeeds.createdAt }).from(icalFeeds).where(eq(icalFeeds.roomId, roomId));
  return feeds.some((feed) => isFeedStale(feed, now));
}

async function isStoredFeedStale(feedId: string, attemptAt: Date) {
  const [row] = await db.select({ lastSuccessAt: icalFeeds.lastSuccessAt, createdAt: icalFeeds.createdAt }).from(icalFeeds).where(eq(icalFeeds.id, feedId));
  return row !== undefined && isFeedStale(row, attemptAt);
}

/**
 * Staleness comes with time, not with a write, so the cached public pages are told
 * here: every sync of a feed that was stale announces a change (the page then shows,
 * or stops showing, the note). A feed going stale is thus on the page within one
 * refresh period; pages are flushed once per period while it stays failing.
 */
const announcePublicChange = (executor: Executor = db) => executor.execute(sql`select pg_notify(${PUBLIC_CONTENT_CHANNEL}, 'ical_feeds')`);

type FeedToSync = Pick<FeedRow, 'id' | 'url' | 'etag' | 'lastModified'>;

/**
 * Fetches one feed now and stores the result; never throws for a bad feed. The attempt
 * is written before the fetch: a feed that takes the parser down (or the process, before
 * feed-parser.ts existed) is not picked up again at once after a restart.
 */
export async function syncFeed(feed: FeedToSync, timeoutMs = FEED_TIMEOUT_MS, deadline = Number.POSITIVE_INFINITY): Promise<SyncOutcome> {
  const attemptAt = new Date();
  const wasStale = await isStoredFeedStale(feed.id, attemptAt);
  await db.update(icalFeeds).set({ lastAttemptAt: attemptAt }).where(eq(icalFeeds.id, feed.id));
  const outcome = await fetchAndStore(feed, timeoutMs, attemptAt, deadline);
  if (wasStale) await announcePublicChange();
  return outcome;
}

const sameEvents = (stored: ImportedEvent[], fresh: ImportedEvent[]) => {
  const key = (e: ImportedEvent) => `${e.uid}\n${e.summary ?? ''}\n${e.startNight}\n${e.endNight}`;
  const a = stored.map(key).sort();
  const b = fresh.map(key).sort();
  return a.length === b.length && a.every((k, i) => k === b[i]);
};

async function fetchAndStore(feed: FeedToSync, timeoutMs: number, attemptAt: Date, deadline: number): Promise<SyncOutcome> {
  const succeeded = { lastAttemptAt: attemptAt, lastSuccessAt: attemptAt, lastError: null, failures: 0 };
  try {
    const result = await fetchAndParse(feed, timeoutMs, deadline);
    if (result.notModified) {
      await db.update(icalFeeds).set(succeeded).where(eq(icalFeeds.id, feed.id));
      return { feedId: feed.id, status: 'unchanged' };
    }
    await db.transaction(async (tx) => {
      // The row lock orders concurrent syncs of one feed (worker and a guest's request).
      const [row] = await tx.select({ id: icalFeeds.id }).from(icalFeeds).where(eq(icalFeeds.id, feed.id)).for('update');
      if (!row) return;
      const stored = await tx
        .select({ uid: icalEvents.uid, summary: icalEvents.summary, startNight: icalEvents.startNight, endNight: icalEvents.endNight })
        .from(icalEvents)
        .where(eq(icalEvents.feedId, feed.id));
      // Events are rewritten only when they changed: their trigger flushes every public
      // page (decision 0010), and a guest's request re-reads feeds that rarely change.
      if (!sameEvents(stored, result.events)) {
        await tx.delete(icalEvents).where(eq(icalEvents.feedId, feed.id));
        for (let i = 0; i < result.events.length; i += 500) {
          await tx.insert(icalEvents).values(result.events.slice(i, i + 500).map((e) => ({ ...e, feedId: feed.id })));
        }
      }
      await tx
        .update(icalFeeds)
        .set({
          ...succeeded,
          etag: result.etag,
          lastModified: result.lastModified,
          importedCount: result.events.length,
          skippedCount: result.skipped?.count ?? 0,
          skippedReasons: result.skipped?.reasons ?? null,
        })
        .where(eq(icalFeeds.id, feed.id));
    });
    return {
      feedId: feed.id,
      status: 'updated',
      events: result.events.length,
      ...(result.skipped ? { skipped: result.skipped.count, skippedReasons: result.skipped.reasons } : {}),
    };
  } catch (error) {
    // The caller's time ran out (a guest's request): nothing is wrong with the feed, whose
    // last good events stand; the worker reads it again in its turn.
    if (error instanceof OutOfTime || (error instanceof FetchRefused && Date.now() >= deadline)) {
      return { feedId: feed.id, status: 'failed', error: 'temps de la demande écoulé' };
    }
    const known = error instanceof FeedRefused || error instanceof FetchRefused;
    if (!known) console.error(`Calendar feed ${feed.id}:`, error);
    const message = (known ? error.message : 'erreur inattendue pendant la synchronisation').slice(0, 500);
    await db
      .update(icalFeeds)
      .set({ lastAttemptAt: attemptAt, lastError: message, failures: sql`${icalFeeds.failures} + 1` })
      .where(eq(icalFeeds.id, feed.id));
    return { feedId: feed.id, status: 'failed', error: message };
  }
}

const roomFeeds = (roomId: string) =>
  db
    .select({ id: icalFeeds.id, url: icalFeeds.url, etag: icalFeeds.etag, lastModified: icalFeeds.lastModified })
    .from(icalFeeds)
    .where(eq(icalFeeds.roomId, roomId));

/** The time a guest's request (or the owner's Accepter) waits for a room's feeds: fetch and parse of all of them together. */
export const ROOM_RESYNC_BUDGET_MS = 5_000;

/**
 * Re-fetches every feed of a room (a guest's request, the owner's Accepter) within one
 * budget for all of them, fetch and parse together (issue 51): the feeds are fetched in
 * parallel, each fetch and parse gets only what is left, and when the budget runs out the
 * caller goes on with what was last imported — a slow platform must not hold anyone. A
 * feed cut short keeps its last good events and is not counted as failing; a sync still
 * writing when the budget ends finishes in the background. Outcomes of feeds not done in
 * time are absent from the answer.
 */
export async function syncRoomFeeds(roomId: string, budgetMs = ROOM_RESYNC_BUDGET_MS): Promise<SyncOutcome[]> {
  const deadline = Date.now() + budgetMs;
  const outcomes: SyncOutcome[] = [];
  // Each caught here: one that ends after the budget must not end as an unhandled rejection.
  const feeds = await roomFeeds(roomId);
  // The parser's child starts while the feeds are fetched, not after.
  if (feeds.length) warmFeedParser();
  const syncs = feeds.map((feed) =>
    syncFeed(feed, budgetMs, deadline).then(
      (outcome) => void outcomes.push(outcome),
      (error: unknown) => console.error(`Calendar feed ${feed.id}:`, error),
    ),
  );
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))));
  await Promise.race([Promise.all(syncs), outOfTime]);
  clearTimeout(timer);
  return [...outcomes];
}

/** A guest's request re-reads a room's feeds at most once per this interval. */
export const REQUEST_RESYNC_MS = 60_000;
const MAX_RECENT_ROOMS = 500;
const recentRoomSyncs = new Map<string, { at: number; run: Promise<SyncOutcome[]> }>();

/**
 * The re-read before a guest's request is stored: at most once per room per
 * REQUEST_RESYNC_MS, and concurrent requests for one room share one re-read, so a burst
 * of requests (or a bot) cannot turn into a burst of fetches and parses. The memory is
 * bounded: entries older than the interval are dropped, and at most MAX_RECENT_ROOMS are kept.
 */
export function syncRoomFeedsForRequest(roomId: string, now = Date.now()): Promise<SyncOutcome[]> {
  const recent = recentRoomSyncs.get(roomId);
  if (recent && now - recent.at < REQUEST_RESYNC_MS) return recent.run;
  for (const [key, entry] of recentRoomSyncs) if (now - entry.at >= REQUEST_RESYNC_MS) recentRoomSyncs.delete(key);
  if (recentRoomSyncs.size >= MAX_RECENT_ROOMS) recentRoomSyncs.clear();
  const run = syncRoomFeeds(roomId);
  recentRoomSyncs.set(roomId, { at: now, run });
  return run;
}

/** Forgets the recent re-reads (tests). */
export function forgetRecentRoomSyncs() {
  recentRoomSyncs.clear();
}

/** After a failure the worker waits twice as long as the last time, at most this. */
export const MAX_BACKOFF_MINUTES = 24 * 60;

/**
 * The feed least recently tried among those due (not tried for `minutes`, times
 * 2^failures after failures in a row, at most MAX_BACKOFF_MINUTES), claimed
 * (last_attempt_at moved) so that no other pass takes it; null when none is due. One at
 * a time: a pass that stops leaves the feeds it had not reached due for the next one.
 */
export async function claimDueFeed(minutes: number, now = new Date()) {
  const waitMinutes = sql`least(${minutes}::float8 * power(2, least(${icalFeeds.failures}, 20)), ${Math.max(minutes, MAX_BACKOFF_MINUTES)}::float8)`;
  const due = sql`${icalFeeds.lastAttemptAt} < ${now.toISOString()}::timestamptz - make_interval(secs => ${waitMinutes} * 60 - 5)`;
  const [feed] = await db
    .update(icalFeeds)
    .set({ lastAttemptAt: now })
    .where(
      eq(
        icalFeeds.id,
        db
          .select({ id: icalFeeds.id })
          .from(icalFeeds)
          .where(or(isNull(icalFeeds.lastAttemptAt), due))
          .orderBy(sql`${icalFeeds.lastAttemptAt} asc nulls first`)
          .limit(1)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: icalFeeds.id, url: icalFeeds.url, etag: icalFeeds.etag, lastModified: icalFeeds.lastModified });
  return feed ?? null;
}

/**
 * Refreshes every due feed one after another; one bad feed never stops the others.
 * `shouldStop` is asked before each feed: a stopping instance finishes the feed in hand only.
 */
export async function syncDueFeeds(minutes = config().ICAL_REFRESH_MINUTES, shouldStop: () => boolean = () => false): Promise<SyncOutcome[]> {
  const outcomes: SyncOutcome[] = [];
  while (!shouldStop()) {
    const feed = await claimDueFeed(minutes);
    if (!feed) break;
    outcomes.push(await syncFeed(feed));
  }
  return outcomes;
}

/** Starts the periodic refresh (one pass a minute across instances: db/periodic-pass.ts); returns its stop function. */
export function startFeedWorker(): () => Promise<void> {
  return startPeriodicPass({
    lock: { pool, name: LOCKS.feedSync },
    firstDelayMs: 2_000,
    intervalMs: 60_000,
    failure: 'Calendar sync failed:',
    work: (stopped) => syncDueFeeds(config().ICAL_REFRESH_MINUTES, stopped),
  });
}

/* ───────────── the owner's feed list ───────────── */

/** "2 événements importés, 3 ignorés (1 sans date de début, …)": the last good import, in the owner's words. */
export function importReport(feed: { importedCount: number | null; skippedCount: number | null; skippedReasons: string | null }): string | null {
  if (feed.importedCount === null) return null;
  const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;
  const imported = `${plural(feed.importedCount, 'événement')} importé${feed.importedCount > 1 ? 's' : ''}`;
  const skipped = feed.skippedCount ?? 0;
  return skipped > 0 ? `${imported}, ${skipped} ignoré${skipped > 1 ? 's' : ''} (${feed.skippedReasons ?? 'illisibles'})` : imported;
}

/** The feeds (of one room, or all), oldest first, each with its name, event count, last import report and whether it is stale. */
export async function listRoomFeeds(roomId?: string) {
  const now = new Date();
  const rows = await db
    .select({
      id: icalFeeds.id,
      roomId: icalFeeds.roomId,
      url: icalFeeds.url,
      label: icalFeeds.label,
      lastSuccessAt: icalFeeds.lastSuccessAt,
      lastAttemptAt: icalFeeds.lastAttemptAt,
      lastError: icalFeeds.lastError,
      failures: icalFeeds.failures,
      importedCount: icalFeeds.importedCount,
      skippedCount: icalFeeds.skippedCount,
      skippedReasons: icalFeeds.skippedReasons,
      createdAt: icalFeeds.createdAt,
      // Spelled out: inside a subquery drizzle leaves column names unqualified, and `id` would mean the event's.
      events: sql<number>`(select count(*)::int from "ical_events" where "ical_events"."feed_id" = "ical_feeds"."id")`,
    })
    .from(icalFeeds)
    .where(roomId ? eq(icalFeeds.roomId, roomId) : undefined)
    .orderBy(asc(icalFeeds.createdAt));
  return rows.map((row) => ({ ...row, label: feedLabel(row), ownLabel: row.label, report: importReport(row), stale: isFeedStale(row, now) }));
}

/** What the back office shows of a feed (room editor, Réservations). */
export function feedView(feed: Awaited<ReturnType<typeof listRoomFeeds>>[number]) {
  return {
    id: feed.id,
    url: feed.url,
    label: feed.label,
    ownLabel: feed.ownLabel ?? '',
    events: feed.events,
    report: feed.report,
    lastSuccessAt: feed.lastSuccessAt?.toISOString() ?? null,
    lastAttemptAt: feed.lastAttemptAt?.toISOString() ?? null,
    lastError: feed.lastError,
    stale: feed.stale,
  };
}

/** Adds a feed URL to a room (already validated); null when the room has it already. */
export async function addRoomFeed(roomId: string, url: string, label?: string | null): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(icalFeeds)
    .values({ roomId, url, label: label?.trim() || null })
    .onConflictDoNothing()
    .returning({ id: icalFeeds.id });
  return row ?? null;
}

/** The owner names a feed (empty: back to the platform's name). */
export async function renameRoomFeed(roomId: string, feedId: string, label: string | null | undefined): Promise<true | NotFound> {
  const rows = await db
    .update(icalFeeds)
    .set({ label: label?.trim() || null })
    .where(and(eq(icalFeeds.id, feedId), eq(icalFeeds.roomId, roomId)))
    .returning({ id: icalFeeds.id });
  return rows.length > 0 || NOT_FOUND;
}

/** How long adding a feed in the room editor waits for its first fetch. */
export const FIRST_SYNC_TIMEOUT_MS = 5_000;

/**
 * Adds a feed URL to a room and fetches it at once (bounded wait), so the owner sees
 * its nights, or why it cannot be read, before leaving the editor. null: the room
 * has this URL already. The feed stays even when its first fetch fails: the
 * platform may be down for a moment, and the worker tries again.
 */
export async function importRoomFeed(roomId: string, url: string, label?: string | null): Promise<SyncOutcome | null> {
  const added = await addRoomFeed(roomId, url, label);
  if (!added) return null;
  return syncFeed({ id: added.id, url, etag: null, lastModified: null }, FIRST_SYNC_TIMEOUT_MS);
}

export async function deleteRoomFeed(roomId: string, feedId: string): Promise<true | NotFound> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(icalFeeds)
      .where(and(eq(icalFeeds.id, feedId), eq(icalFeeds.roomId, roomId)))
      .returning({ id: icalFeeds.id });
    // A stale feed without events leaves no trigger behind (its events' deletion would
    // announce itself): the room page's "calendars behind" note must still go.
    if (rows.length) await announcePublicChange(tx);
    return rows.length > 0 || NOT_FOUND;
  });
}

export async function getFeed(feedId: string) {
  const [row] = await db.select().from(icalFeeds).where(eq(icalFeeds.id, feedId)).limit(1);
  return row ?? null;
}
