// The anonymous page store: pages kept as bytes (identity, brotli, gzip) under the key
// page-cache-key.server.ts gives them, in an LRU whose bound is what the process really
// keeps for them (PAGE_CACHE_MAX_MB), emptied by every flush of public content
// (app/.server/public-content/invalidation.ts).
//
// What is counted is what is retained: a compressed body shorter than zlib's chunk used
// to be a slice keeping a whole 64 KiB ArrayBuffer (or a share of Node's 8 KiB pool)
// alive outside the V8 heap, counted by its length alone — 82,692 entries of robots.txt
// counted 33.5 MB while the process held 3.35 GB (issue 31). Every body is kept in a
// buffer of its own exact size, every entry also counts a fixed overhead for what is not
// a body (the Map slot, the object, the headers built for each encoding), and the number
// of entries is capped, so that no sequence of URLs takes the process past its bound.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { config } from '~/.server/environment';
import { cacheGeneration, flushOnNewDay, isCacheCoherent, onPublicContentFlush } from '~/.server/public-content/invalidation';
import { collectAfterFlush } from './memory-return.server';

export type BodyEncoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  status: number;
  /** Response headers as the route set them (Content-Type, Cache-Control, Vary…), CSP excluded. */
  headers: [string, string][];
  /** 'sha256-…' sources of the page's inline scripts, for its Content-Security-Policy. */
  scriptHashes: string[];
  /** The page as rendered, and each compressed form once a visitor has asked for it. */
  bodies: { identity: Buffer } & Partial<Record<BodyEncoding, Buffer>>;
  /** What keeping it costs, its key aside: retained bytes plus ENTRY_OVERHEAD_BYTES. */
  bytes: number;
}

/**
 * Counted for each entry beyond its bodies: the Map slot and page object (~0.3 KB), and
 * the response headers built once per encoding for its hits (three lists, each with a
 * ~1 KB Content-Security-Policy).
 */
export const ENTRY_OVERHEAD_BYTES = 4096;
/** However small the pages, no more entries than this (a flood of tiny ones is still a flood). */
export const MAX_PAGE_ENTRIES = 2000;

// A miss must cost no more than an uncached render (bench/RESULTS.md, "Page cache on the
// open internet"): brotli 9 and gzip 9 of every fill cost ~50 ms of CPU, 5× the render
// (issue 31), and even brotli 5 + gzip 6 ~1.7×. So a page is compressed for one encoding
// at a time, when a visitor first asks for it — the filling visitor's at once, the
// other later on the hit that needs it — at the qualities of on-the-fly compression
// (server/compress.ts), so that a fill costs what a render compressed on the fly costs.
export const CACHED_BROTLI_QUALITY = 4;
export const CACHED_GZIP_LEVEL = 6;

function compressed(body: Buffer, encoding: Exclude<BodyEncoding, 'identity'>): Buffer {
  return exactBytes(
    encoding === 'br'
      ? zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: CACHED_BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : zlib.gzipSync(body, { level: CACHED_GZIP_LEVEL }),
  );
}

const pages = new Map<string, CachedPage>();
/** The pages held, for pageBody to count a late body only for a page that is still kept. */
const storedPages = new WeakSet<CachedPage>();
let pageBytes = 0;
let hits = 0;
let misses = 0;
let evictions = 0;
onPublicContentFlush(() => {
  for (const page of pages.values()) storedPages.delete(page);
  pages.clear();
  collectAfterFlush(pageBytes);
  pageBytes = 0;
});

export function isPageCacheEnabled(): boolean {
  return config().PAGE_CACHE && isCacheCoherent();
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

/** `buffer` in memory of its own, exactly its size: never a view keeping a larger allocation alive. */
export function exactBytes(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(own);
  return own;
}

/** The bytes a buffer keeps alive (its whole backing store). */
const retained = (buffer: Buffer) => buffer.buffer.byteLength;

/** The page ready to be stored and served, with its form for `encoding` (the filling visitor's). */
export function preparePage(
  status: number,
  headers: [string, string][],
  body: Buffer,
  scriptHashes: string[],
  encoding: BodyEncoding = 'identity',
): CachedPage {
  const identity = exactBytes(body);
  // Strings count two bytes a character: V8 keeps some of them two-byte.
  const textBytes = 2 * (headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0) + scriptHashes.join('').length);
  const page: CachedPage = { status, headers, scriptHashes, bodies: { identity }, bytes: retained(identity) + textBytes + ENTRY_OVERHEAD_BYTES };
  if (encoding !== 'identity') {
    const body = compressed(identity, encoding);
    page.bodies[encoding] = body;
    page.bytes += retained(body);
  }
  return page;
}

/**
 * The page's body in `encoding`, compressed now if no visitor asked for it before (once
 * per page and encoding: ~1–3 ms for a 100 KB page). Counted from then on; the least
 * recently used pages make room if it takes the store past its bound.
 */
export function pageBody(page: CachedPage, encoding: BodyEncoding): Buffer {
  const known = page.bodies[encoding];
  if (known) return known;
  const body = compressed(page.bodies.identity, encoding as Exclude<BodyEncoding, 'identity'>);
  page.bodies[encoding] = body;
  page.bytes += retained(body);
  if (storedPages.has(page)) {
    pageBytes += retained(body);
    evictBeyond(maxBytes(), page);
  }
  return body;
}

const entrySize = (key: string, page: CachedPage) => page.bytes + 2 * key.length;

/**
 * Keeps `page` under `key`, unless something was invalidated since the render began
 * (`startedAt`, a cacheGeneration()) — then the page may show data from before the write.
 * The least recently used pages make room; a page over a quarter of the bound is not kept.
 */
export function storePage(key: string, page: CachedPage, startedAt: number): boolean {
  if (!isPageCacheEnabled() || startedAt !== cacheGeneration()) return false;
  const limit = maxBytes();
  const size = entrySize(key, page);
  if (size > limit / 4) return false;
  const previous = pages.get(key);
  if (previous) {
    pages.delete(key);
    storedPages.delete(previous);
    pageBytes -= entrySize(key, previous);
  }
  evictBeyond(limit - size, undefined, MAX_PAGE_ENTRIES - 1);
  pages.set(key, page);
  storedPages.add(page);
  pageBytes += size;
  return true;
}

/** Evicts the least recently used pages (never `keep`) until the store holds at most `bytes` and `entries`. */
function evictBeyond(bytes: number, keep?: CachedPage, entries = MAX_PAGE_ENTRIES) {
  for (const [key, page] of pages) {
    if (pageBytes <= bytes && pages.size <= entries) return;
    if (page === keep) continue;
    pages.delete(key);
    storedPages.delete(page);
    pageBytes -= entrySize(key, page);
    evictions += 1;
  }
}

export interface PageCacheStats {
  enabled: boolean;
  coherent: boolean;
  entries: number;
  /** What the store counts for its entries (bodies' retained bytes, texts, fixed overhead, keys). */
  bytes: number;
  maxBytes: number;
  maxEntries: number;
  hits: number;
  misses: number;
  evictions: number;
  flushes: number;
}

/** What /healthz reports, so that a benchmark or an operator can read the cache's size. */
export function pageCacheStats(): PageCacheStats {
  return {
    enabled: config().PAGE_CACHE,
    coherent: isCacheCoherent(),
    entries: pages.size,
    bytes: pageBytes,
    maxBytes: maxBytes(),
    maxEntries: MAX_PAGE_ENTRIES,
    hits,
    misses,
    evictions,
    flushes: cacheGeneration(),
  };
}
