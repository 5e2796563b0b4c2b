// The one invalidation of everything kept in memory from public content: the in-process
// caches of public data (below) and the anonymous page cache (app/page-delivery/
// page-store.server.ts, which listens to the flush). Public pages are rendered from a
// handful of tables; every write to them is announced by PostgreSQL (statement triggers
// → NOTIFY, change-listener.ts), so a flush is exact and never time-based. While
// the announcing connection is down nothing is cached at all: what is served from
// memory is always as fresh as the database.
import { guesthouseToday } from '../guesthouse-time';

/* ───────────── coherence: caches are used only while invalidation is guaranteed ───────────── */

let coherent = false;
let generation = 0;
const flushListeners = new Set<() => void>();

/**
 * Forgets every cached page and every cached piece of public data. Writes that change
 * public output reach it through PostgreSQL's notification (every instance); call it
 * directly for a change the database does not see.
 */
export function invalidatePublicContent(): void {
  generation += 1;
  for (const listener of flushListeners) listener();
}

/** `listener` runs on every flush (the page store empties itself). */
export function onPublicContentFlush(listener: () => void): void {
  flushListeners.add(listener);
}

/** Called by the notification listener: caching is allowed only while it is connected. */
export function setCacheCoherent(value: boolean): void {
  if (coherent !== value) invalidatePublicContent();
  coherent = value;
}

export function isCacheCoherent(): boolean {
  return coherent;
}

/** Changes whenever anything was invalidated: a fill started under an older value is stale. */
export function cacheGeneration(): number {
  return generation;
}

/* ───────────── the day: pages show today's date and calendar ───────────── */

let day = '';
let dayCheckedAt = 0;

/** Public pages show "today" (calendar, legal notice date): a new day in the guesthouse's zone is a change of content. */
export function flushOnNewDay(now = Date.now()) {
  if (now - dayCheckedAt < 1000) return;
  dayCheckedAt = now;
  const today = guesthouseToday(new Date(now));
  if (today !== day) {
    if (day) invalidatePublicContent();
    day = today;
  }
}

/* ───────────── in-process public data ───────────── */

interface DataEntry {
  promise: Promise<unknown>;
  settled: boolean;
  value?: unknown;
}
const dataCache = new Map<string, DataEntry>();
flushListeners.add(() => dataCache.clear());
/** Public data is keyed by small, bounded sets (languages × a few reads); this only guards against a bug. */
const MAX_DATA_ENTRIES = 2000;

/**
 * `read()` once per key until the next invalidation, when caching is coherent; a plain
 * read otherwise (tests calling loaders directly, the listener reconnecting). A failed
 * read is not kept.
 */
export function cachePublicData<T>(key: string, read: () => Promise<T>): Promise<T> {
  if (!coherent) return read();
  flushOnNewDay();
  const known = dataCache.get(key);
  if (known) return known.promise as Promise<T>;
  if (dataCache.size >= MAX_DATA_ENTRIES) dataCache.clear();
  // Adopted into a real promise: a Drizzle query builder is a lazy thenable that runs its
  // query again on every `await`, so keeping the builder itself would cache nothing.
  const promise = Promise.resolve(read());
  const entry: DataEntry = { promise, settled: false };
  dataCache.set(key, entry);
  promise.then(
    (value) => {
      entry.settled = true;
      entry.value = value;
    },
    () => {
      if (dataCache.get(key) === entry) dataCache.delete(key);
    },
  );
  return promise;
}

/** The value cachePublicData holds for `key` when it is already read; undefined otherwise. */
export function peekPublicData<T>(key: string): T | undefined {
  if (!coherent) return undefined;
  const entry = dataCache.get(key);
  return entry?.settled ? (entry.value as T) : undefined;
}
