// The anonymous page cache and the in-process caches of public data, with their one
// invalidation. Public pages are rendered from a handful of tables; every write to them
// is announced by PostgreSQL (statement triggers → NOTIFY, public-content-events.ts), so
// a flush is exact and never time-based. While the announcing connection is down nothing
// is cached at all: a page served from memory is always as fresh as the database.
//
// Pages are kept as bytes (identity, brotli, gzip), keyed by origin, path, query and the
// visitor's resolved language, in a byte-bounded LRU (PAGE_CACHE_MAX_MB).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { guesthouseToday } from './booking/clock';
import { config } from './config';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type BodyEncoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  status: number;
  /** Response headers as React Router set them (Content-Type, Vary…), CSP excluded. */
  headers: [string, string][];
  /** 'sha256-…' sources of the page's inline scripts, for its Content-Security-Policy. */
  scriptHashes: string[];
  bodies: Record<BodyEncoding, Buffer>;
  bytes: number;
}

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
  pages.clear();
  for (const listener of flushListeners) listener();
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
function flushOnNewDay(now = Date.now()) {
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

/* ───────────── the page cache ───────────── */

const pages = new Map<string, CachedPage>();
let pageBytes = 0;
let hits = 0;
let misses = 0;
let evictions = 0;
flushListeners.add(() => {
  pageBytes = 0;
});

export function isPageCacheEnabled(): boolean {
  return config().PAGE_CACHE && coherent;
}

function maxBytes(): number {
  return config().PAGE_CACHE_MAX_MB * 1024 * 1024;
}

/** A cached page for this key, most recently used from now on. */
export function lookupPage(key: string): CachedPage | undefined {
  if (!isPageCacheEnabled()) return undefined;
  flushOnNewDay();
  const page = pages.get(key);
  if (!page) {
    misses += 1;
    return undefined;
  }
  hits += 1;
  pages.delete(key);
  pages.set(key, page);
  return page;
}

/** sha256 CSP sources of the inline scripts of an HTML page (not of `src=` ones). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The page with its compressed forms, ready to be stored and served. */
export async function preparePage(status: number, headers: [string, string][], body: Buffer, scriptHashes: string[]): Promise<CachedPage> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        // Compressed once, served many times: a higher quality than on-the-fly bodies.
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  const headerBytes = headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  const bytes = body.length + br.length + gz.length + headerBytes + scriptHashes.join('').length;
  return { status, headers, scriptHashes, bodies: { identity: body, br, gzip: gz }, bytes };
}

/**
 * Keeps `page` under `key`, unless something was invalidated since the render began
 * (`startedAt`, a cacheGeneration()) — then the page may show data from before the write.
 * The least recently used pages make room; a page over a quarter of the bound is not kept.
 */
export function storePage(key: string, page: CachedPage, startedAt: number): boolean {
  if (!isPageCacheEnabled() || startedAt !== generation) return false;
  const limit = maxBytes();
  const size = page.bytes + key.length;
  if (size > limit / 4) return false;
  const previous = pages.get(key);
  if (previous) {
    pages.delete(key);
    pageBytes -= previous.bytes + key.length;
  }
  while (pageBytes + size > limit) {
    const oldest = pages.keys().next();
    if (oldest.done) break;
    const evicted = pages.get(oldest.value)!;
    pages.delete(oldest.value);
    pageBytes -= evicted.bytes + oldest.value.length;
    evictions += 1;
  }
  pages.set(key, page);
  pageBytes += size;
  return true;
}

export interface PageCacheStats {
  enabled: boolean;
  coherent: boolean;
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  evictions: number;
  flushes: number;
}

/** What /healthz reports, so that a benchmark or an operator can read the cache's size. */
export function pageCacheStats(): PageCacheStats {
  return {
    enabled: config().PAGE_CACHE,
    coherent,
    entries: pages.size,
    bytes: pageBytes,
    maxBytes: maxBytes(),
    hits,
    misses,
    evictions,
    flushes: generation,
  };
}
