// The page cache's HTTP side (the store: page-store.server.ts; what is cached and under
// which key: delivery-policy.server.ts and page-cache-key.server.ts).
//
// Which requests: GET/HEAD of what the routes declare public (documents and files such
// as robots.txt), from a visitor without a personal cookie. Which responses are kept:
// 200s that neither the route nor its cookies mark personal (no `private`/`no-store`,
// no cookie but those declared shared — the language choice `?lang=` sets, the same for
// everyone asking that URL).
//
// A document's key holds the visitor's *resolved* language, so that a visitor never gets
// another language's page; downstream caches get `Vary: Accept-Encoding, Accept-Language,
// Cookie`. A file keeps its own Cache-Control and Vary (plus Accept-Encoding).
//
// CSP: one body serves many responses, so these pages are rendered without a nonce and
// their inline scripts are allowed by sha256 hashes computed once when the entry is filled.
// The policy and the other security headers are the HTTP server's, handed in with the
// options (`ResponseSecurity`): page delivery imports nothing of the server.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { listActiveLanguages, peekActiveLanguages } from '~/.server/languages/site-languages';
import { cacheGeneration } from '~/.server/public-content/invalidation';
import { forbidsStorage, normalPageUrl, PRIVATE_CACHE_CONTROL, routeDeclarationsAdopted, setsSharedCookiesOnly } from './delivery-policy.server';
import { cacheTarget, encodingFor, pageCacheSlot, publicOriginOf, type PageCacheOptions, type PageSlot } from './page-cache-key.server';
import { inlineScriptHashes, isPageCacheEnabled, lookupPage, pageBody, preparePage, storePage, type BodyEncoding, type CachedPage } from './page-store.server';

/** What the HTTP server tells the page cache of the headers every response carries. */
export interface ResponseSecurity {
  /** Every response's security headers but the CSP. */
  headers: readonly [string, string][];
  /** The CSP of a page whose inline scripts are allowed by these hashes (one body serves many responses, so no nonce). */
  policy: (scriptHashes: string[]) => string;
  /** A header that the page may set for itself, stricter than ours (a payment link's Referrer-Policy): the page's wins. */
  ownHeaderWins: (name: string) => boolean;
}

export type PageCacheHttpOptions = PageCacheOptions & { security: ResponseSecurity };

const DOCUMENT_VARY = 'Accept-Encoding, Accept-Language, Cookie';
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
/** Kept from React Router's response; the rest (length, encoding, CSP, Vary) is ours. */
const DROPPED_HEADERS = new Set(['content-length', 'content-encoding', 'content-security-policy', 'vary', 'date', 'transfer-encoding', 'connection']);

/** A document varies with the language signals; a file with what it said itself, and the encoding we choose. */
function varyOf(kind: PageSlot['kind'], own: string | null): string {
  if (kind === 'document') return DOCUMENT_VARY;
  if (!own) return 'Accept-Encoding';
  return /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(own) ? own : `${own}, Accept-Encoding`;
}

function responseHeaders(page: CachedPage, encoding: BodyEncoding, security: ResponseSecurity): [string, string][] {
  const own = new Set(page.headers.map(([name]) => name.toLowerCase()));
  const ours = security.headers.filter(([name]) => !security.ownHeaderWins(name) || !own.has(name.toLowerCase()));
  const headers: [string, string][] = [...page.headers, ...ours];
  headers.push(['Content-Security-Policy', security.policy(page.scriptHashes)]);
  if (encoding !== 'identity') headers.push(['Content-Encoding', encoding]);
  headers.push(['Content-Length', String(pageBody(page, encoding).length)]);
  headers.push(['X-Page-Cache', 'hit']);
  return headers;
}

// A hit's headers are the same every time: built once per page, encoding and server
// (the policy string alone is ~1 KB), they go with the page when it is evicted.
const builtHeaders = new WeakMap<CachedPage, Map<string, string[]>>();

function cachedResponseHeaders(page: CachedPage, encoding: BodyEncoding, options: PageCacheHttpOptions): string[] {
  let byVariant = builtHeaders.get(page);
  if (!byVariant) builtHeaders.set(page, (byVariant = new Map()));
  const variant = `${encoding} ${options.https}`;
  let headers = byVariant.get(variant);
  if (!headers) byVariant.set(variant, (headers = responseHeaders(page, encoding, options.security).flat()));
  return headers;
}

/**
 * Serves a cached page straight from Node's request, before any framework work: true
 * when it answered. Everything else (a miss, a personal request) goes on to the app.
 */
export function servePageFromCache(req: IncomingMessage, res: ServerResponse, options: PageCacheHttpOptions): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !isPageCacheEnabled() || !routeDeclarationsAdopted()) return false;
  const languages = peekActiveLanguages();
  if (!languages) return false;
  const target = cacheTarget(req, options, languages);
  if (!target) return false;
  const page = lookupPage(target.key);
  if (!page) return false;
  res.writeHead(page.status, cachedResponseHeaders(page, target.encoding, options));
  res.end(req.method === 'HEAD' ? undefined : pageBody(page, target.encoding));
  return true;
}

/** A Buffer as the Uint8Array a Response takes, without copying. */
function bytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}

/** Renders in progress, by key: visitors asking for the same page meanwhile wait for it. */
const fills = new Map<string, { generation: number; page: Promise<CachedPage | undefined> }>();

/**
 * Renders cacheable requests without a CSP nonce, gives them a hash-based policy, and
 * keeps the 200s (unless something was invalidated during the render). Must run where
 * the request already carries its public URL, just before React Router.
 */
export function pageCacheFill(options: PageCacheHttpOptions & { routesReady: () => Promise<unknown> }): MiddlewareHandler<{ Variables: { cspNonce: string } }> {
  const publicOrigin = publicOriginOf(options.publicUrl);
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    // The routes' declarations come with the server build.
    if (!routeDeclarationsAdopted()) await options.routesReady();
    const url = new URL(c.req.url);
    if (url.origin === publicOrigin) {
      // `/LIVRE-DOR`, `/livre-dor/`, `//livre-dor`: one page has one path (decision 0019).
      const normal = options.isServerPath?.(url.pathname) ? null : normalPageUrl(url);
      if (normal) return c.redirect(normal, 301);
    } else warnOfOtherHost(url, publicOrigin);
    // Cache off (PAGE_CACHE=off, or invalidation not guaranteed): rendered as usual, with a nonce.
    if (!isPageCacheEnabled()) return next();
    const cookie = c.req.header('cookie') ?? null;
    // A cheap refusal first: most requests that are not candidates need no languages.
    if (!pageCacheSlot({ method, url, publicOrigin, cookie, acceptLanguage: null }, [])) return next();
    const startedAt = cacheGeneration();
    const slot = pageCacheSlot({ method, url, publicOrigin, cookie, acceptLanguage: c.req.header('accept-language') ?? null }, await listActiveLanguages());
    if (!slot) return next();
    const key = slot.key;
    const encoding = encodingFor(c.req.header('accept-encoding'));
    const serve = (page: CachedPage) => {
      const body = method === 'HEAD' ? null : bytes(pageBody(page, encoding));
      c.res = new Response(body, { status: page.status, headers: responseHeaders(page, encoding, options.security) });
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
      // Rendered from the URL without the parameters no route reads: what is kept under
      // the key is exactly the page every URL of that key would have rendered.
      if (slot.renderUrl !== c.req.url) c.req.raw = new Request(slot.renderUrl, c.req.raw);
      await next();
      const response = c.res;
      const body = Buffer.from(await response.arrayBuffer());
      const contentType = response.headers.get('content-type') ?? '';
      const scriptHashes = /^text\/html/i.test(contentType) ? inlineScriptHashes(body.toString('utf8')) : [];
      const kept = keptHeaders(response.headers, varyOf(slot.kind, response.headers.get('vary')));
      const cacheable =
        response.status === 200 &&
        !forbidsStorage(response.headers.get('cache-control')) &&
        setsSharedCookiesOnly(response.headers.getSetCookie()) &&
        isPageCacheEnabled() &&
        startedAt === cacheGeneration();
      let page: CachedPage | undefined;
      if (cacheable) {
        page = preparePage(response.status, kept, body, scriptHashes, encoding);
        if (storePage(key, page, startedAt)) stored = page;
      }
      const headers = new Headers(kept);
      headers.set('Content-Security-Policy', options.security.policy(scriptHashes));
      headers.set('X-Page-Cache', cacheable ? 'miss' : 'bypass');
      if (page && encoding !== 'identity') {
        headers.set('Content-Encoding', encoding);
        headers.set('Content-Length', String(pageBody(page, encoding).length));
        c.res = new Response(method === 'HEAD' ? null : bytes(pageBody(page, encoding)), { status: response.status, headers });
        return;
      }
      // A status that has no body (204, 304) takes none, not even an empty one.
      const bodyless = method === 'HEAD' || NULL_BODY_STATUSES.has(response.status);
      if (!NULL_BODY_STATUSES.has(response.status)) headers.set('Content-Length', String(body.length));
      // Not kept: the compression middleware encodes it like any other page.
      c.res = new Response(bodyless ? null : bytes(body), { status: response.status, statusText: response.statusText, headers });
    } finally {
      if (leader) {
        fills.delete(key);
        share(stored);
      }
    }
  };
}

let warnedOfOtherHost = false;

/**
 * Pages asked for under another origin than PUBLIC_URL's are answered without the cache
 * (decision 0019): right for a forged Host, slow for a second name of the site. Said once
 * per process, whatever the number of hosts, so that a misconfigured PUBLIC_URL shows in
 * the log and a spray of Hosts does not fill it.
 */
function warnOfOtherHost(url: URL, publicOrigin: string) {
  if (warnedOfOtherHost) return;
  warnedOfOtherHost = true;
  console.warn(
    `[page-cache] a request came for ${url.origin}, which is not PUBLIC_URL (${publicOrigin}): pages under any other origin are answered without the page cache. If visitors use that address, set PUBLIC_URL to it (or redirect it to PUBLIC_URL in the proxy).`,
  );
}

/** React Router's headers as a kept page repeats them, with its Vary: no length, encoding or CSP (set per response). */
function keptHeaders(source: Headers, vary: string): [string, string][] {
  const kept: [string, string][] = [['Vary', vary]];
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
