// The HTTP pipeline: the Hono app every request meets, in this order — security headers,
// compression, the client's address, the method and range rules, built files, /healthz
// and /readyz, the public URL, the Stripe webhook, personal answers kept private, the
// same-origin rule for writes, form-body limits, the flush after a write, page delivery's
// fill, and React Router. Page delivery is handed in (`PageDelivery`, given by
// app/page-delivery/server-entry.server.ts through app/production-server.ts); the
// process that serves the pipeline is process.ts.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { createRequestHandler, type RequestHandler, type ServerBuild } from 'react-router';
import { config } from '~/.server/environment';
import { pool } from '~/.server/db/client';
import { listenerStats, settlePublicContent } from '~/.server/public-content/change-listener';
import { clientAddress, MalformedForwardedHost, publicRequestUrl } from '~/.server/http/proxy';
import { logRefusal } from '~/.server/http/refusal-log';
import { privateWhenPersonal } from './cache-policy';
import { compressResponses } from './compress';
import { readinessResponse } from './drain';
import { formBodiesOnly } from './input-guard';
import { methodPolicy } from './method-policy';
import { ignoreRanges } from './range-policy';
import { contentSecurityPolicy, ownHeaderWins, sameOriginWrites, securityHeaderEntries, securityHeaders } from './security';
import { limitWebhookBody, STRIPE_WEBHOOK_PATH, stripeWebhook } from './stripe-webhook';

/** What the pipeline tells page delivery of the server: its public origin, the paths it answers itself, the headers of every response. */
export interface DeliveryOptions {
  publicUrl: string;
  trustProxy: boolean;
  https: boolean;
  /** Paths answered here before React Router (/healthz, built files): never pages. */
  isServerPath: (path: string) => boolean;
  /**
   * Every response's security headers but the CSP, the CSP of a page whose inline scripts
   * are allowed by their hashes (a kept page), and which of those headers a page may set
   * for itself.
   */
  security: { headers: readonly [string, string][]; policy: (scriptHashes: string[]) => string; ownHeaderWins: (name: string) => boolean };
}

/** What the pipeline asks of page delivery (app/page-delivery/server-entry.server.ts). */
export interface PageDelivery {
  /** A response's CSP nonce. */
  cspNonce: () => string;
  /** Reads the routes' declarations from the server build, once it is loaded. */
  adoptRouteDeclarations: (routes: ServerBuild['routes']) => void;
  /** Whether the answer to a request is for its visitor only (never kept by any cache on the way). */
  isPersonalRequest: (url: URL, cookieHeader: string | null | undefined) => boolean;
  /** The Cache-Control of such an answer. */
  PRIVATE_CACHE_CONTROL: string;
  /** Answers a kept page from Node's request, before any framework work: true when it did. */
  servePageFromCache: (req: IncomingMessage, res: ServerResponse, options: DeliveryOptions) => boolean;
  /** Keeps what may be kept of React Router's answers (just before it). */
  pageCacheFill: (options: DeliveryOptions & { routesReady: () => Promise<unknown> }) => MiddlewareHandler<{ Variables: { cspNonce: string } }>;
  /** The page cache's figures, for /healthz. */
  pageCacheStats: () => object;
}

export interface HttpPipeline {
  app: Hono<Env>;
  /** Answers from Node's own request before the app (a kept page): true when it did. */
  answerEarly: (req: IncomingMessage, res: ServerResponse) => boolean;
}

type Env = { Variables: { cspNonce: string; clientIp: string } };

/** The address of the TCP peer, when the adapter knows it. */
function connectionAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** Files of the build's client folder outside /assets (favicon…), as URL paths. */
function listStaticFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (prefix || entry.name !== 'assets') walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      } else files.add(`${prefix}/${entry.name}`.replace(/\.(br|gz)$/, ''));
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir, '');
  return files;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const clientDirectory = () => `${process.env.BUILD_DIR ?? 'build'}/client`;

function deliveryOptions(staticFiles: Set<string>): DeliveryOptions {
  const { PUBLIC_URL, TRUST_PROXY } = config();
  const https = PUBLIC_URL.startsWith('https:');
  // Answered here before React Router, whose catch-all route would otherwise claim them as pages.
  const isServerPath = (path: string) =>
    path === '/healthz' || path === '/readyz' || path === STRIPE_WEBHOOK_PATH || path.startsWith('/assets/') || staticFiles.has(path);
  return {
    publicUrl: PUBLIC_URL,
    trustProxy: TRUST_PROXY,
    https,
    isServerPath,
    security: { headers: securityHeaderEntries({ https }), policy: (hashes) => contentSecurityPolicy({ hashes }), ownHeaderWins },
  };
}

export function createHttpPipeline(delivery: PageDelivery): HttpPipeline {
  const { PUBLIC_URL, TRUST_PROXY } = config();
  // The server build is imported on the first request (the process starts lighter), then
  // kept: given a function, React Router would rebuild its route tables on every request.
  let reactRouter: Promise<RequestHandler> | undefined;
  let loaded = false;
  const loadServerBuild = () =>
    (reactRouter ??= import('virtual:react-router/server-build').then(
      (build) => {
        // The routes declare what the page cache may keep of them (app/page-delivery/delivery-policy.server.ts).
        delivery.adoptRouteDeclarations(build.routes);
        loaded = true;
        return createRequestHandler(build, 'production');
      },
      (error: unknown) => {
        reactRouter = undefined;
        throw error;
      },
    ));
  const handler: RequestHandler = async (request, context) => (await loadServerBuild())(request, context);
  const app = new Hono<Env>();
  const clientDir = clientDirectory();
  // Known at start: a page's path is not looked up on disk on every request.
  const staticFiles = listStaticFiles(clientDir);
  const options = deliveryOptions(staticFiles);

  app.use('*', securityHeaders({ https: options.https, nonce: delivery.cspNonce }));
  // Outermost but for the headers: every body below, pages and files alike, passes through it.
  app.use('*', compressResponses());
  app.use('*', async (c, next) => {
    c.set('clientIp', clientAddress(c.req.raw.headers, { trustProxy: TRUST_PROXY, connection: connectionAddress(c) }));
    await next();
  });
  // Before routing: the static file server and React Router only see methods they answer.
  app.use('*', methodPolicy({ isStaticFile: (path) => staticFiles.has(path) }));
  app.use(
    '*',
    ignoreRanges((path) => path.startsWith('/assets/') || staticFiles.has(path)),
  );

  // Fingerprinted build output: cache forever, serve the precompressed copy.
  app.use(
    '/assets/*',
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  // The other files of the client folder.
  const serveClientFile = serveStatic({
    root: clientDir,
    precompressed: true,
    onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600'),
  });
  app.use('*', (c, next) => (staticFiles.has(c.req.path) ? serveClientFile(c, next) : next()));

  app.get('/healthz', async (c) => {
    try {
      await Promise.race([pool.query('select 1'), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
      // The page cache's size and state, and what the process holds, for operators and the benchmark.
      return c.json({ status: 'ok', pageCache: { ...delivery.pageCacheStats(), listener: listenerStats() }, rss: process.memoryUsage.rss() }, 200, {
        'Cache-Control': 'no-store',
      });
    } catch (error) {
      // The cause goes to the log, not to whoever asked (it may name hosts, users, paths).
      console.error(`[health] database unavailable: ${(error as Error).message}`);
      return c.json({ status: 'unavailable' }, 503, { 'Cache-Control': 'no-store' });
    }
  });

  // For load balancers (server/drain.ts): its first check loads the server build.
  app.get('/readyz', (c) =>
    readinessResponse(c, {
      warm: () => {
        if (!loaded) loadServerBuild().catch((error: Error) => console.error(`[ready] the server build did not load: ${error.message}`));
        return loaded;
      },
      database: () => pool.query('select 1'),
    }),
  );

  // From here on the request carries the origin the browser used (https behind a TLS
  // proxy), so that React Router's own action origin check and ours agree with it.
  app.use('*', async (c, next) => {
    let url: string;
    try {
      url = publicRequestUrl(c.req.url, c.req.raw.headers, { publicUrl: PUBLIC_URL, trustProxy: TRUST_PROXY });
    } catch (error) {
      if (!(error instanceof MalformedForwardedHost)) throw error;
      logRefusal({ status: 400, method: c.req.method, path: c.req.path, client: c.get('clientIp'), reason: error.message });
      return c.text('Requête invalide.', 400, { 'Cache-Control': 'no-store' });
    }
    if (url !== c.req.url) c.req.raw = new Request(url, c.req.raw);
    await next();
  });
  // Stripe's signed JSON events: raw body, no Origin, never a page (server/stripe-webhook.ts).
  app.post(STRIPE_WEBHOOK_PATH, limitWebhookBody, stripeWebhook);
  app.use('*', privateWhenPersonal(delivery));
  app.use('*', sameOriginWrites(PUBLIC_URL));
  app.use('*', formBodiesOnly());
  // A request that may have written answers only once its writes have flushed this
  // process's caches: the very next page it asks for is fresh.
  app.use('*', async (c, next) => {
    await next();
    if (!READ_METHODS.has(c.req.method)) await settlePublicContent((channel, payload) => pool.query('select pg_notify($1, $2)', [channel, payload]));
  });
  app.use('*', delivery.pageCacheFill({ ...options, routesReady: loadServerBuild }));
  app.all('*', (c) => {
    // HEAD is rendered as GET, so that methodPolicy can give it GET's Content-Length.
    const request = c.req.method === 'HEAD' ? new Request(c.req.raw.url, { headers: c.req.raw.headers, signal: c.req.raw.signal }) : c.req.raw;
    // No nonce for a page rendered for the page cache: its scripts are allowed by hash.
    return handler(request, { cspNonce: c.get('cspNonce') || undefined, clientIp: c.get('clientIp') });
  });
  return { app, answerEarly: (req, res) => delivery.servePageFromCache(req, res, options) };
}
