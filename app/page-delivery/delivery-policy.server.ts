// The one owner of "public, personal or not a page": whether the answer to a request may
// come from (and go to) the page cache, and under which key.
//
// - The path is normalised once: dot segments by the URL parser, percent-encoding and
//   case by matching it with React Router's own matcher (case-insensitive, decoded) over
//   the routes of the build, so the decision is about the route that will answer —
//   `/MEDIA/…`, `/%6dedia/…` and `/ICAL/…` are the media and iCal routes, never pages.
//   A page asked for by a path that is not in its normal form (`/LIVRE-DOR`,
//   `/livre-dor/`, `//livre-dor`, `/livre%2Ddor`) is answered with a redirect to the
//   normal form (normalPageUrl): variants of a path cannot multiply entries or renders.
// - Each route module declares what it is in its `handle.delivery` (RouteDelivery):
//   a document (a public page in the visitor's language), a file (a resource answered
//   alike to everyone, keeping its own Cache-Control and Vary), personal, or not a page;
//   and the query parameters it reads. The key holds those parameters only: any other
//   (`utm_*`, `fbclid`, random ones) is answered from the entry of the URL without it,
//   and the page is rendered from that URL, so it costs no new render and no new entry.
//   Parameters a route declares as `variants` (a room's calendar month, a stay's quote)
//   make pages that are rendered every time and never kept: they cannot evict `/`.
//   A route that declares nothing is not a page.
// - Cookies are those the app declares (app/.server/http/cookies.ts): a request carrying a
//   personal one is personal; a response may be kept only if every cookie it sets is
//   declared shared.
import { matchRoutes, type RouteObject } from 'react-router';
import { remember } from '~/lib/remember';
import { cookieNames, cookieScope } from '~/.server/http/cookies';
import type { DeliveryHandle, RouteDelivery } from './route-delivery';

/** A route of React Router's server build, as far as delivery reads it. */
export interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { handle?: unknown };
}

type Routes = Record<string, BuildRoute | undefined>;

/** React Router's own endpoints, answered before any route (lazy route discovery): not pages. */
const FRAMEWORK_PATHS = new Set(['/__manifest']);
/** Single-fetch data requests also read React Router's own parameters. */
const DATA_PARAMS = ['_routes', 'index'];
const DATA_SUFFIX = '.data';

let routeTree: RouteObject[] | undefined;

/** Reads the routes' declarations from the server build (once, when the build is loaded). */
export function adoptRouteDeclarations(routes: Routes): void {
  const byParent = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const delivery = (route.module.handle as DeliveryHandle | undefined)?.delivery;
      const children = build(route.id);
      return (
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive, handle: delivery }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, handle: delivery, children }
      ) as RouteObject;
    });
  routeTree = build(undefined);
  declarationsByPath.clear();
}

export function routeDeclarationsAdopted(): boolean {
  return routeTree !== undefined;
}

/** The verdict on one request. */
export type Delivery =
  | { cacheable: false; reason: 'not-a-page' | 'personal' | 'variant' | 'unknown-routes' }
  | {
      cacheable: true;
      kind: 'document' | 'file';
      /** Origin, path and the declared parameters present (sorted): the same for every URL that renders the same page. */
      key: string;
      /** The URL the page is rendered from: the request's, without the parameters no route reads. */
      renderUrl: string;
    };

/** A request's public URL (after publicRequestUrl) and its Cookie header. */
export function deliveryOf(url: URL, cookieHeader: string | null): Delivery {
  if (!routeTree) return { cacheable: false, reason: 'unknown-routes' };
  if (FRAMEWORK_PATHS.has(url.pathname.toLowerCase())) return { cacheable: false, reason: 'not-a-page' };
  const data = url.pathname.endsWith(DATA_SUFFIX);
  const pagePath = pagePathOf(url);
  const { kind, params: declared, variants } = declarationsFor(pagePath);
  const params = data ? new Set([...declared, ...DATA_PARAMS]) : declared;
  if (kind === 'personal') return { cacheable: false, reason: 'personal' };
  if (kind !== 'document' && kind !== 'file') return { cacheable: false, reason: 'not-a-page' };
  if (hasPersonalCookie(cookieHeader)) return { cacheable: false, reason: 'personal' };
  if (!isNormalPath(pagePath) || variants.some((name) => url.searchParams.has(name))) return { cacheable: false, reason: 'variant' };
  const kept = new URLSearchParams();
  for (const name of [...params].sort()) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.append(name, value);
  }
  const query = kept.size ? `?${kept}` : '';
  const canonical = `${url.origin}${url.pathname}${query}`;
  return { cacheable: true, kind, key: canonical, renderUrl: canonical };
}

/** The page a request is for: a single-fetch `.data` request's path is its page's. */
function pagePathOf(url: URL): string {
  if (!url.pathname.endsWith(DATA_SUFFIX)) return url.pathname;
  return url.pathname.slice(0, -DATA_SUFFIX.length).replace(/^\/_root$/, '/');
}

interface Declarations {
  kind: RouteDelivery['kind'];
  params: ReadonlySet<string>;
  variants: readonly string[];
}

/**
 * Paths seen, with their routes' declarations: every request is asked about twice or more
 * (its privacy, its cache entry), and React Router's matcher ranks the whole table each time.
 * Paths come from outside: at most 1,000 of them, of at most 200 characters (a longer one
 * is matched every time), so the memo never holds more than ~0.5 MB.
 */
const declarationsByPath = new Map<string, Declarations>();
const DECLARATIONS_REMEMBERED = 1_000;
const REMEMBERED_PATH_MAX = 200;

/** What the routes matching `pagePath` declare: the innermost kind, and their parameters and variants together. */
function declarationsFor(pagePath: string): Declarations {
  if (pagePath.length > REMEMBERED_PATH_MAX) return matchDeclarations(pagePath);
  return remember(declarationsByPath, pagePath, DECLARATIONS_REMEMBERED, matchDeclarations);
}

function matchDeclarations(pagePath: string): Declarations {
  let kind: RouteDelivery['kind'];
  const params = new Set<string>();
  const variants: string[] = [];
  for (const { route } of matchRoutes(routeTree!, pagePath) ?? []) {
    const delivery = route.handle as RouteDelivery | undefined;
    if (delivery?.kind) kind = delivery.kind;
    for (const name of delivery?.params ?? []) params.add(name);
    variants.push(...(delivery?.variants ?? []));
  }
  return { kind, params, variants };
}

/** What every cache on the way is told of a personal response. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * better-auth's API. Its handler is not mounted (decision 0005: the auth routes are
 * ours), so nothing answers there today; should it ever be, every answer is someone's own.
 */
const AUTH_API_PREFIX = '/api/auth/';

/**
 * Whether the answer to this request is for its visitor only (`private, no-store` for every
 * cache on the way): a route declared personal, the auth API, or a request carrying a
 * personal cookie (a session, a toast) to anything but a resource that is alike for
 * everyone (`not-a-page`: media, iCal, catalogues, which keep their own caching). Before the
 * routes are known, everything is.
 */
export function isPersonalRequest(url: URL, cookieHeader: string | null | undefined): boolean {
  if (url.pathname.toLowerCase().startsWith(AUTH_API_PREFIX)) return true;
  if (!routeTree) return true;
  const { kind } = declarationsFor(pagePathOf(url));
  if (kind === 'personal') return true;
  return kind !== 'not-a-page' && hasPersonalCookie(cookieHeader);
}

/**
 * A path in the form the site's own links use: lower case, nothing percent-encoded that
 * need not be, no empty segment (`//`) and no trailing slash.
 */
export function isNormalPath(path: string): boolean {
  return path === normalPath(path);
}

function normalPath(path: string): string {
  const normal = path
    .split('/')
    .filter((segment, index) => index === 0 || segment !== '')
    .map((segment) => {
      try {
        return encodeURIComponent(decodeURIComponent(segment)).toLowerCase();
      } catch {
        return segment;
      }
    })
    .join('/');
  return normal || '/';
}

/**
 * Where a request for a page by a path not in its normal form is sent (issue 51): the
 * same origin, the normal path, the same query. Null when the path is normal, or when
 * the route of its normal form is not a page alike for everyone (a document or a file):
 * media, feeds, catalogues and personal routes (`/pay/<token>`) keep their own spelling,
 * which may matter to them. The path of the answer has no `//`, so no browser reads it as
 * another host. Not for React Router's data requests, which follow redirects their own way.
 */
export function normalPageUrl(url: URL): string | null {
  if (!routeTree || url.pathname.endsWith(DATA_SUFFIX) || FRAMEWORK_PATHS.has(url.pathname.toLowerCase())) return null;
  const normal = normalPath(url.pathname);
  if (normal === url.pathname) return null;
  const { kind } = declarationsFor(normal);
  if (kind !== 'document' && kind !== 'file') return null;
  return `${url.origin}${normal}${url.search}`;
}

/** True when the Cookie header holds a cookie the app declared personal (a session, a toast, a form confirmation). */
export function hasPersonalCookie(cookieHeader: string | null | undefined): boolean {
  return cookieNames(cookieHeader).some((name) => cookieScope(name) === 'personal');
}

/** True when a response setting these cookies may be kept: every one of them is declared shared. */
export function setsSharedCookiesOnly(setCookies: string[]): boolean {
  return setCookies.every((cookie) => cookieScope(cookie.slice(0, Math.max(0, cookie.indexOf('='))).trim()) === 'shared');
}

/** A response the route itself marked as not for keeping. */
export function forbidsStorage(cacheControl: string | null): boolean {
  return /(?:^|,)\s*(?:private|no-store)\b/i.test(cacheControl ?? '');
}
