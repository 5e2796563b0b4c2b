// The page cache's key: which requests may be answered from (and fill) the cache, and
// under which key and encoding. No database: the decision is delivery-policy.server.ts's
// (the routes' declarations, the declared cookies), the language the root loader's rule.
import type { IncomingMessage } from 'node:http';
import { resolveLanguage, type ActiveLanguage } from '~/.server/languages/language-choice';
import { publicRequestUrl } from '~/.server/http/proxy';
import { remember } from '~/lib/remember';
import { chooseEncoding } from '~/.server/http/content-encoding';
import { deliveryOf } from './delivery-policy.server';
import type { BodyEncoding } from './page-store.server';

export interface PageCacheOptions {
  publicUrl: string;
  trustProxy: boolean;
  https: boolean;
  /** Paths the HTTP server answers itself, before React Router (/healthz, built files): never pages. */
  isServerPath?: (path: string) => boolean;
}

export interface PageRequest {
  method: string;
  /** The URL as the public sees it (publicRequestUrl). */
  url: URL;
  /** PUBLIC_URL's origin: the only one whose pages are kept. */
  publicOrigin: string;
  cookie: string | null;
  acceptLanguage: string | null;
}

/** Where a request's page is kept, and the URL it is rendered from. */
export interface PageSlot {
  key: string;
  /** The request's URL without the query parameters no route reads. */
  renderUrl: string;
  /** A document (a page in the visitor's language) or a file (alike for everyone, its own headers). */
  kind: 'document' | 'file';
}

/**
 * The slot of a request, or null when its answer must not come from (or go to) the cache.
 * Nothing in the key is taken raw from the request (issue 51): the origin is the public
 * one or the page is not kept (a Host nobody links to would make entries nobody asks for
 * again); `lang` is kept only as the active language it chooses, in lower case, and one
 * that chooses none is dropped, as the page renders as if it were absent.
 */
export function pageCacheSlot(request: PageRequest, languages: ActiveLanguage[]): PageSlot | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.url.origin !== request.publicOrigin) return null;
  const asked = request.url.searchParams.get(LANGUAGE_PARAM);
  const delivery = deliveryOf(asked === null ? request.url : withChosenLanguage(request.url, asked, languages), request.cookie);
  if (!delivery.cacheable) return null;
  if (delivery.kind === 'file') return { key: `* ${delivery.key}`, renderUrl: delivery.renderUrl, kind: 'file' };
  const { language } = resolveLanguage({ asked, cookieHeader: request.cookie, acceptLanguage: request.acceptLanguage }, languages);
  return { key: `${language} ${delivery.key}`, renderUrl: delivery.renderUrl, kind: 'document' };
}

const LANGUAGE_PARAM = 'lang';

/** The URL with its `lang` as the language it chooses (lower case), or without it when it chooses none. */
function withChosenLanguage(url: URL, asked: string, languages: ActiveLanguage[]): URL {
  const code = asked.toLowerCase();
  const chosen = languages.some((l) => l.code === code);
  if (chosen && url.searchParams.getAll(LANGUAGE_PARAM).length === 1 && asked === code) return url;
  const cleaned = new URL(url);
  cleaned.searchParams.delete(LANGUAGE_PARAM);
  if (chosen) cleaned.searchParams.set(LANGUAGE_PARAM, code);
  return cleaned;
}

export function encodingFor(acceptEncoding: string | null | undefined): BodyEncoding {
  return chooseEncoding(acceptEncoding) ?? 'identity';
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
  let inputs = `${req.method} ${req.url}${inputField(headers.host)}${inputField(headers.cookie)}${inputField(headers['accept-language'])}${inputField(headers['accept-encoding'])}`;
  if (options.trustProxy) inputs += `${inputField(headers['x-forwarded-proto'])}${inputField(headers['x-forwarded-host'])}`;
  if (rememberedFor !== languages) {
    rememberedTargets.clear();
    rememberedFor = languages;
  }
  if (inputs.length > REMEMBERED_INPUT_CHARS) return computeCacheTarget(req, options, languages);
  return remember(rememberedTargets, inputs, REMEMBERED_TARGETS_MAX, () => computeCacheTarget(req, options, languages));
}

/** One header among a target's inputs. A value never holds a line break, so "\n+value" and "\n-" (absent) cannot be confused. */
function inputField(value: string | string[] | undefined): string {
  return value === undefined ? '\n-' : `\n+${headerValue(value)}`;
}

/** How many targets are remembered (the unit test checks the bound). */
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
  if (options.isServerPath?.(url.pathname)) return null;
  const slot = pageCacheSlot(
    {
      method: req.method ?? '',
      url,
      publicOrigin: publicOriginOf(options.publicUrl),
      cookie: headerValue(headers.cookie),
      acceptLanguage: headerValue(headers['accept-language']),
    },
    languages,
  );
  return slot ? { key: slot.key, encoding: encodingFor(headerValue(headers['accept-encoding'])) } : null;
}

let publicOrigin: { url: string; origin: string } | undefined;

/** PUBLIC_URL's origin (worked out once: it is asked on every miss). */
export function publicOriginOf(publicUrl: string): string {
  if (publicOrigin?.url !== publicUrl) publicOrigin = { url: publicUrl, origin: new URL(publicUrl).origin };
  return publicOrigin.origin;
}

export function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}
