// The anonymous page store: pages kept as bytes (identity, brotli, gzip) under the key
// page-cache-key.server.ts gives them, in an LRU whose bound is what the process really
// keeps for them (PAGE_CACHE_MAX_MB), emptied by every flush of public content
// (app/.server/page-cache.ts).
//
// What is counted is what is retained: a compressed body shorter than zlib's chunk used
// to be a slice keeping a whole 64 KiB ArrayBuffer (or a share of Node's 8 KiB pool)
// alive outside the V8 heap, counted by its length alone — 82,692 entries of robots.txt
// counted 33.5 MB while the process held 3.35 GB (issue 31). Every body is kept in a
// buffer of its own exact size, every entry also counts a fixed overhead for what is not
// a body (the Map slot, the object, the headers built for each encoding), and the number
// of entries is capped, so that no sequence of URLs takes the process past its bound.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { config } from '~/.server/config';
import { cacheGeneration, flushOnNewDay, isCacheCoherent, onPublicContentFlush } from '~/.server/page-cache';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type BodyEncoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  status: number;
  /** Response headers as the route set them (Content-Type, Cache-Control, Vary…), CSP excluded. */
  headers: [string, string][];
  /** 'sha256-…' sources of the page's inline scripts, for its Content-Security-Policy. */
  scriptHashes: string[];
  bodies: Record<BodyEncoding, Buffer>;
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

// A fill's compression runs while the visitor waits: it must cost little beside the
// render (~9 ms for a room page). Brotli 9 cost ~50 ms of CPU per fill, 5× the render;
// quality 5 and gzip 6 cost ~2 ms together, for bodies a few per cent larger
// (bench/RESULTS.md, "page cache miss").
export const FILL_BROTLI_QUALITY = 5;
export const FILL_GZIP_LEVEL = 6;

const pages = new Map<string, CachedPage>();
let pageBytes = 0;
let hits = 0;
let misses = 0;
let evictions = 0;
onPublicContentFlush(() => {
  pages.clear();
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

/** The page with its compressed forms, ready to be stored and served. */
export async function preparePage(status: number, headers: [string, string][], body: Buffer, scriptHashes: string[]): Promise<CachedPage> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: FILL_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: FILL_GZIP_LEVEL }),
  ]);
  const bodies = { identity: exactBytes(body), br: exactBytes(br), gzip: exactBytes(gz) };
  // Strings count two bytes a character: V8 keeps some of them two-byte.
  const textBytes = 2 * (headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0) + scriptHashes.join('').length);
  const bytes = retained(bodies.identity) + retained(bodies.br) + retained(bodies.gzip) + textBytes + ENTRY_OVERHEAD_BYTES;
  return { status, headers, scriptHashes, bodies, bytes };
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
    pageBytes -= entrySize(key, previous);
  }
  while (pages.size && (pageBytes + size > limit || pages.size >= MAX_PAGE_ENTRIES)) {
    const oldest = pages.keys().next().value!;
    pageBytes -= entrySize(oldest, pages.get(oldest)!);
    pages.delete(oldest);
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
