// The page cache's HTTP side (the store and its invalidation: app/.server/page-cache.ts).
//
// Which requests: GET/HEAD of public pages and their React Router `.data` (not /admin,
// /auth, /api, /ical, /media, files), from a visitor without a session, toast or
// form-sent cookie. Which responses are kept: 200s whose only cookie, if any, is the
// language choice that `?lang=` sets — the same for everyone asking that URL — so a
// response setting any other cookie is never kept.
//
// The key is the public origin, path, query and the visitor's *resolved* language (from
// ?lang=, the selectedLanguage cookie, Accept-Language, the active languages), so that a
// visitor never gets another language's page; downstream caches get `Vary: Cookie,
// Accept-Language, Accept-Encoding`.
//
// CSP: one body serves many responses, so these pages are rendered without a nonce and
// their inline scripts are allowed by sha256 hashes computed once when the entry is filled.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { peekActiveLanguages, listActiveLanguages, resolveLanguage, LANGUAGE_COOKIE, type ActiveLanguage } from '~/.server/languages';
import {
  cacheGeneration,
  inlineScriptHashes,
  isPageCacheEnabled,
  lookupPage,
  preparePage,
  storePage,
  type BodyEncoding,
  type CachedPage,
} from '~/.server/page-cache';
import { publicRequestUrl } from '~/.server/proxy';
import { PRIVATE_CACHE_CONTROL } from './cache-policy';
import { chooseEncoding } from './compress';
import { contentSecurityPolicy, securityHeaderEntries } from './security';

/** Paths whose answers depend on who asks, or are not pages. */
const NOT_CACHED_PATHS = /^\/(?:admin|auth|api|ical|i18n|media|assets|sign-out|healthz)(?:[/.]|$)/;
/** Cookies that change a page for this visitor alone: session, pending toast, no-JavaScript form confirmation. */
const PERSONAL_COOKIES = /(?:^|;\s*)(?:(?:__Secure-)?better-auth\.[\w.-]+|toast|formSent)=/;
const VARY = 'Accept-Encoding, Accept-Language, Cookie';
/** Kept from React Router's response; the rest (length, encoding, CSP, Vary) is ours. */
const DROPPED_HEADERS = new Set(['content-length', 'content-encoding', 'content-security-policy', 'vary', 'date', 'transfer-encoding', 'connection']);

export interface PageRequest {
  method: string;
  /** The URL as the public sees it (publicRequestUrl). */
  url: URL;
  cookie: string | null;
  acceptLanguage: string | null;
}

/** The cache key of a request, or null when its answer must not come from (or go to) the cache. */
export function pageCacheKey(request: PageRequest, languages: ActiveLanguage[]): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (NOT_CACHED_PATHS.test(request.url.pathname)) return null;
  if (request.cookie && PERSONAL_COOKIES.test(request.cookie)) return null;
  const { language } = resolveLanguage(
    { asked: request.url.searchParams.get('lang'), cookieHeader: request.cookie, acceptLanguage: request.acceptLanguage },
    languages,
  );
  return `${language} ${request.url.origin}${request.url.pathname}${request.url.search}`;
}

/** The only cookie a kept page may set: `?lang=`'s choice, identical for every visitor of that URL. */
function onlyLanguageCookie(cookies: string[]): boolean {
  return cookies.every((cookie) => cookie.startsWith(`${LANGUAGE_COOKIE}=`));
}

function responseHeaders(page: CachedPage, encoding: BodyEncoding, https: boolean): [string, string][] {
  const headers: [string, string][] = [...page.headers, ...securityHeaderEntries({ https })];
  headers.push(['Content-Security-Policy', contentSecurityPolicy({ hashes: page.scriptHashes })]);
  headers.push(['Vary', VARY]);
  if (encoding !== 'identity') headers.push(['Content-Encoding', encoding]);
  headers.push(['Content-Length', String(page.bodies[encoding].length)]);
  headers.push(['X-Page-Cache', 'hit']);
  return headers;
}

// A hit's headers are the same every time: built once per page, encoding and scheme
// (the policy string alone is ~1 KB), they go with the page when it is evicted.
const builtHeaders = new WeakMap<CachedPage, Map<string, string[]>>();

function cachedResponseHeaders(page: CachedPage, encoding: BodyEncoding, https: boolean): string[] {
  let byVariant = builtHeaders.get(page);
  if (!byVariant) builtHeaders.set(page, (byVariant = new Map()));
  const variant = `${encoding} ${https}`;
  let headers = byVariant.get(variant);
  if (!headers) byVariant.set(variant, (headers = responseHeaders(page, encoding, https).flat()));
  return headers;
}

function encodingFor(acceptEncoding: string | null | undefined): BodyEncoding {
  return chooseEncoding(acceptEncoding) ?? 'identity';
}

export interface PageCacheOptions {
  publicUrl: string;
  trustProxy: boolean;
  https: boolean;
}

/**
 * Serves a cached page straight from Node's request, before any framework work: true
 * when it answered. Everything else (a miss, a personal request) goes on to the app.
 */
export function servePageFromCache(req: IncomingMessage, res: ServerResponse, options: PageCacheOptions): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !isPageCacheEnabled()) return false;
  const languages = peekActiveLanguages();
  if (!languages) return false;
  const target = cacheTarget(req, options, languages);
  if (!target) return false;
  const page = lookupPage(target.key);
  if (!page) return false;
  res.writeHead(page.status, cachedResponseHeaders(page, target.encoding, options.https));
  res.end(req.method === 'HEAD' ? undefined : page.bodies[target.encoding]);
  return true;
}

/** Where a request's answer is in the cache, and the encoding it takes. */
export interface CacheTarget {
  key: string;
  encoding: BodyEncoding;
}

/** A Node request as cacheTarget reads it. */
export type NodeRequestHead = Pick<IncomingMessage, 'method' | 'url' | 'headers'>;

// Working out a target parses the URL two or three times and reads the language signals:
// a few µs, as much as the rest of a hit's JavaScript. It is a function of the request
// line, a few headers and the active languages alone, and visitors send the same ones
// again and again, so targets are remembered by those inputs until the languages change.
// Bounded: at most REMEMBERED_TARGETS_MAX (all forgotten when full), none whose inputs
// exceed REMEMBERED_INPUT_CHARS (a long cookie or query is computed every time).
export const REMEMBERED_TARGETS_MAX = 1_000;
const REMEMBERED_INPUT_CHARS = 1_024;
const rememberedTargets = new Map<string, CacheTarget | null>();
let rememberedFor: ActiveLanguage[] | undefined;

/** The request's target, or null when its answer must not come from (or go to) the cache. */
export function cacheTarget(req: NodeRequestHead, options: PageCacheOptions, languages: ActiveLanguage[]): CacheTarget | null {
  const headers = req.headers;
  // A header value never holds a line break: "\n+value" or "\n-" (absent) cannot be confused.
  const field = (value: string | string[] | undefined) => (value === undefined ? '\n-' : `\n+${headerValue(value)}`);
  let inputs = `${req.method} ${req.url}${field(headers.host)}${field(headers.cookie)}${field(headers['accept-language'])}${field(headers['accept-encoding'])}`;
  if (options.trustProxy) inputs += `${field(headers['x-forwarded-proto'])}${field(headers['x-forwarded-host'])}`;
  if (rememberedFor !== languages) {
    rememberedTargets.clear();
    rememberedFor = languages;
  }
  const remembered = rememberedTargets.get(inputs);
  if (remembered !== undefined) return remembered;
  const target = computeCacheTarget(req, options, languages);
  if (inputs.length <= REMEMBERED_INPUT_CHARS) {
    if (rememberedTargets.size >= REMEMBERED_TARGETS_MAX) rememberedTargets.clear();
    rememberedTargets.set(inputs, target);
  }
  return target;
}

export function rememberedTargetCount(): number {
  return rememberedTargets.size;
}

function computeCacheTarget(req: NodeRequestHead, options: PageCacheOptions, languages: ActiveLanguage[]): CacheTarget | null {
  const headers = req.headers;
  let url: URL;
  try {
    const nodeUrl = `http://${headers.host ?? 'localhost'}${req.url ?? '/'}`;
    url = new URL(
      publicRequestUrl(nodeUrl, { get: (name: string) => headerValue(headers[name.toLowerCase()]) } as Headers, {
        publicUrl: options.publicUrl,
        trustProxy: options.trustProxy,
      }),
    );
  } catch {
    return null;
  }
  const key = pageCacheKey(
    { method: req.method ?? '', url, cookie: headerValue(headers.cookie), acceptLanguage: headerValue(headers['accept-language']) },
    languages,
  );
  return key ? { key, encoding: encodingFor(headerValue(headers['accept-encoding'])) } : null;
}

/** A Buffer as the Uint8Array a Response takes, without copying. */
function bytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Renders in progress, by key: visitors asking for the same page meanwhile wait for it. */
const fills = new Map<string, { generation: number; page: Promise<CachedPage | undefined> }>();

/**
 * Renders cacheable requests without a CSP nonce, gives them a hash-based policy, and
 * keeps the 200s (unless something was invalidated during the render). Must run where
 * the request already carries its public URL, just before React Router.
 */
export function pageCacheFill(options: PageCacheOptions): MiddlewareHandler<{ Variables: { cspNonce: string } }> {
  return async (c, next) => {
    const method = c.req.method;
    // Cache off (PAGE_CACHE=off, or invalidation not guaranteed): rendered as usual, with a nonce.
    if ((method !== 'GET' && method !== 'HEAD') || !isPageCacheEnabled()) return next();
    const url = new URL(c.req.url);
    const cookie = c.req.header('cookie') ?? null;
    // A cheap refusal first: most requests that are not candidates need no languages.
    if (!pageCacheKey({ method, url, cookie, acceptLanguage: null }, [])) return next();
    const startedAt = cacheGeneration();
    const key = pageCacheKey({ method, url, cookie, acceptLanguage: c.req.header('accept-language') ?? null }, await listActiveLanguages());
    if (!key) return next();
    const encoding = encodingFor(c.req.header('accept-encoding'));
    const serve = (page: CachedPage) => {
      const body = method === 'HEAD' ? null : bytes(page.bodies[encoding]);
      c.res = new Response(body, { status: page.status, headers: responseHeaders(page, encoding, options.https) });
    };
    const cached = lookupPage(key);
    if (cached) return serve(cached);

    // Many visitors asking for a page nobody has rendered since the last change (a
    // flush under load): one render, the others wait for it — if no flush came between.
    const rendering = fills.get(key);
    if (rendering && rendering.generation === startedAt) {
      const page = await rendering.page;
      if (page && cacheGeneration() === startedAt) return serve(page);
    }
    let share: (page: CachedPage | undefined) => void = () => {};
    const leader = !rendering;
    if (leader) fills.set(key, { generation: startedAt, page: new Promise((resolve) => (share = resolve)) });
    let stored: CachedPage | undefined;
    try {
      c.set('cspNonce', '');
      await next();
      const response = c.res;
      const body = Buffer.from(await response.arrayBuffer());
      const contentType = response.headers.get('content-type') ?? '';
      const scriptHashes = /^text\/html/i.test(contentType) ? inlineScriptHashes(body.toString('utf8')) : [];
      const kept = keptHeaders(response.headers);
      const cacheable =
        response.status === 200 && onlyLanguageCookie(response.headers.getSetCookie()) && isPageCacheEnabled() && startedAt === cacheGeneration();
      let page: CachedPage | undefined;
      if (cacheable) {
        page = await preparePage(response.status, kept, body, scriptHashes);
        if (storePage(key, page, startedAt)) stored = page;
      }
      const headers = new Headers(kept);
      headers.set('Content-Security-Policy', contentSecurityPolicy({ hashes: scriptHashes }));
      headers.set('Vary', VARY);
      headers.set('X-Page-Cache', cacheable ? 'miss' : 'bypass');
      if (page && encoding !== 'identity') {
        headers.set('Content-Encoding', encoding);
        headers.set('Content-Length', String(page.bodies[encoding].length));
        c.res = new Response(method === 'HEAD' ? null : bytes(page.bodies[encoding]), { status: response.status, headers });
        return;
      }
      headers.set('Content-Length', String(body.length));
      // Not kept: the compression middleware encodes it like any other page.
      c.res = new Response(method === 'HEAD' ? null : bytes(body), { status: response.status, statusText: response.statusText, headers });
    } finally {
      if (leader) {
        fills.delete(key);
        share(stored);
      }
    }
  };
}

/** React Router's headers as a kept page repeats them: no length, encoding, CSP or Vary (set per response). */
function keptHeaders(source: Headers): [string, string][] {
  const kept: [string, string][] = [];
  source.forEach((value, name) => {
    if (!DROPPED_HEADERS.has(name) && name !== 'set-cookie') kept.push([name, value]);
  });
  const cookies = source.getSetCookie();
  for (const cookie of cookies) kept.push(['Set-Cookie', cookie]);
  // As privateWhenPersonal marks it: a response setting a cookie is for its visitor's browser only.
  if (cookies.length) {
    const at = kept.findIndex(([name]) => name === 'cache-control');
    if (at >= 0) kept.splice(at, 1);
    kept.push(['Cache-Control', PRIVATE_CACHE_CONTROL]);
  }
  return kept;
}
