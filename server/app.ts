// The production HTTP server: static assets, security headers, health check, and
// React Router for everything else. Built by Vite into build/server/index.js.
import fs from 'node:fs';
import cluster from 'node:cluster';
import http, { type Server } from 'node:http';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { createRequestHandler, type RequestHandler } from 'react-router';
import { config } from '~/.server/environment';
import { expectDatabaseShutdown, pool } from '~/.server/db/client';
import { handleShutdownSignalsYourself } from '~/.server/db/embedded';
import { openDatabase } from '~/.server/db/open';
import { listenerStats, settlePublicContent } from '~/.server/public-content/change-listener';
import { clientAddress, MalformedForwardedHost, publicRequestUrl } from '~/.server/http/proxy';
import { logRefusal } from '~/.server/http/refusal-log';
import { startServices, STOP_SERVICES_TIMEOUT_MS, stopServices } from '~/.server/startup';
import {
  adoptRouteDeclarations,
  cspNonce,
  pageCacheFill,
  pageCacheStats,
  servePageFromCache,
  type PageCacheOptions,
} from '~/page-delivery/server-entry.server';
import { privateWhenPersonal } from './cache-policy';
import { compressResponses } from './compress';
import { answerWhileDraining, DRAIN_TIMEOUT_MS, drainServer, readinessResponse } from './drain';
import { formBodiesOnly } from './input-guard';
import { methodPolicy, refuseConnect } from './method-policy';
import { serverOnlyEnv } from './memory-profile.mjs';
import { ignoreRanges } from './range-policy';
import { sameOriginWrites, securityHeaders } from './security';
import { limitWebhookBody, STRIPE_WEBHOOK_PATH, stripeWebhook } from './stripe-webhook';

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

function pageCacheOptions(): PageCacheOptions {
  const { PUBLIC_URL, TRUST_PROXY } = config();
  const staticFiles = listStaticFiles(clientDirectory());
  // Answered here before React Router, whose catch-all route would otherwise claim them as pages.
  const isServerPath = (path: string) =>
    path === '/healthz' || path === '/readyz' || path === '/webhooks/stripe' || path.startsWith('/assets/') || staticFiles.has(path);
  return { publicUrl: PUBLIC_URL, trustProxy: TRUST_PROXY, https: PUBLIC_URL.startsWith('https:'), isServerPath };
}

export function createApp() {
  const { PUBLIC_URL, TRUST_PROXY } = config();
  // The server build is imported on the first request (the process starts lighter), then
  // kept: given a function, React Router would rebuild its route tables on every request.
  let reactRouter: Promise<RequestHandler> | undefined;
  let loaded = false;
  const loadServerBuild = () =>
    (reactRouter ??= import('virtual:react-router/server-build').then(
      (build) => {
        // The routes declare what the page cache may keep of them (app/page-delivery/delivery-policy.server.ts).
        adoptRouteDeclarations(build.routes);
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

  app.use('*', securityHeaders({ https: PUBLIC_URL.startsWith('https:'), nonce: cspNonce }));
  // Outermost but for the headers: every body below, pages and files alike, passes through it.
  app.use('*', compressResponses());
  app.use('*', async (c, next) => {
    c.set('clientIp', clientAddress(c.req.raw.headers, { trustProxy: TRUST_PROXY, connection: connectionAddress(c) }));
    await next();
  });
  // Before routing: the static file server and React Router only see methods they answer.
  const staticFiles = listStaticFiles(clientDir);
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
  // The other files of the client folder, known at start: a page's path is not looked
  // up on disk on every request.
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
      return c.json({ status: 'ok', pageCache: { ...pageCacheStats(), listener: listenerStats() }, rss: process.memoryUsage.rss() }, 200, {
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
  app.use('*', privateWhenPersonal());
  app.use('*', sameOriginWrites(PUBLIC_URL));
  app.use('*', formBodiesOnly());
  // A request that may have written answers only once its writes have flushed this
  // process's caches: the very next page it asks for is fresh.
  app.use('*', async (c, next) => {
    await next();
    if (!READ_METHODS.has(c.req.method)) await settlePublicContent((channel, payload) => pool.query('select pg_notify($1, $2)', [channel, payload]));
  });
  app.use('*', pageCacheFill({ ...pageCacheOptions(), routesReady: loadServerBuild }));
  app.all('*', (c) => {
    // HEAD is rendered as GET, so that methodPolicy can give it GET's Content-Length.
    const request = c.req.method === 'HEAD' ? new Request(c.req.raw.url, { headers: c.req.raw.headers, signal: c.req.raw.signal }) : c.req.raw;
    // No nonce for a page rendered for the page cache: its scripts are allowed by hash.
    return handler(request, { cspNonce: c.get('cspNonce') || undefined, clientIp: c.get('clientIp') });
  });
  return app;
}

let server: ServerType | undefined;
let stopWorkers: (() => Promise<void>) | undefined;

/**
 * Stops what this process started: the server processes (primary), the HTTP server, the
 * background workers, the pool and the embedded PostgreSQL (so that no postmaster
 * outlives us). On SIGINT/SIGTERM (`drain`) the server first drains (server/drain.ts);
 * after a fatal error (server/start.mjs) it just closes.
 */
export async function stop(options: { drain?: boolean } = {}) {
  expectDatabaseShutdown();
  await stopWorkers?.();
  if (server && options.drain) {
    const cut = await drainServer(server as Server, { delayMs: config().SHUTDOWN_DELAY_MS });
    if (cut) console.error(`[stop] ${cut} connection(s) still busy after the drain timeout were closed`);
  } else {
    server?.close();
  }
  // The workers finish their current task (a mail, a feed, a backup); the pool closes after them.
  await stopServices();
  await pool.end().catch(() => {});
  const { embedded } = await openDatabase();
  await embedded?.stop();
}

function onShutdownSignal() {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    expectDatabaseShutdown();
    if (!cluster.isWorker) console.log(`${signal} received: draining (not ready, finishing the requests in flight), then stopping…`);
    await stop({ drain: true });
    if (!cluster.isWorker) console.log('Stopped.');
    process.exit(0);
  };
  handleShutdownSignalsYourself();
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * `npm start`: one process by default. With WEB_CONCURRENCY=N the process becomes the
 * primary of N server processes sharing the port (node:cluster): it opens the database
 * (starting the embedded PostgreSQL once), migrates, seeds and runs the background
 * workers; each server process connects to that database, keeps its own caches and
 * listens for changes like a separate instance would.
 */
export async function start(): Promise<void> {
  const { WEB_CONCURRENCY } = config();
  if (cluster.isWorker) {
    await startServices('worker');
    await listen({ quiet: true });
  } else if (WEB_CONCURRENCY > 1) {
    await startServices('primary');
    await forkServers(WEB_CONCURRENCY);
  } else {
    await startServices('single');
    await listen({ quiet: false });
  }
  onShutdownSignal();
}

/** A crash loop stops the primary (for the supervisor to restart everything) rather than spinning. */
const RESTARTS_ALLOWED = { count: 5, windowMs: 60_000 };

async function forkServers(count: number) {
  const { PORT, PUBLIC_URL } = config();
  // The servers use the database this process opened (the embedded one included), never a second one.
  const env = { DATABASE_URL: (await openDatabase()).url, ...serverOnlyEnv() };
  let stopping = false;
  const restarts: number[] = [];
  const fork = () => cluster.fork(env);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0]! < now - RESTARTS_ALLOWED.windowMs) restarts.shift();
    if (restarts.length > RESTARTS_ALLOWED.count) {
      // start.mjs logs it as fatal, stops what we started and exits non-zero.
      process.emit('uncaughtException', new Error(`server processes keep exiting (last: ${signal ?? `code ${code}`})`));
      return;
    }
    console.error(`[cluster] server process ${worker.process.pid} exited (${signal ?? `code ${code}`}): starting another`);
    fork();
  });
  stopWorkers = async () => {
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    await Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            // Each drains (server/drain.ts) and stops its workers; past that, it is stuck.
            const kill = setTimeout(() => worker!.process.kill('SIGKILL'), config().SHUTDOWN_DELAY_MS + DRAIN_TIMEOUT_MS + STOP_SERVICES_TIMEOUT_MS);
            worker!.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            worker!.process.kill('SIGTERM');
          }),
      ),
    );
  };
  await new Promise<void>((resolve, reject) => {
    let listening = 0;
    const onListening = () => {
      if (++listening < count) return;
      cluster.off('listening', onListening);
      resolve();
    };
    cluster.on('listening', onListening);
    // A server that cannot start (port taken…) exits before listening: a start error.
    const early = (_worker: unknown, code: number) => {
      if (listening < count) reject(new Error(`a server process could not start (exit code ${code}); see the messages above`));
    };
    cluster.once('exit', early);
    for (let i = 0; i < count; i++) fork();
  });
  console.log(`Guesthouse site ready at ${PUBLIC_URL} (listening on port ${PORT}, ${count} server processes)`);
}

async function listen(options: { quiet: boolean }) {
  const { PORT, PUBLIC_URL, HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS } = config();
  const app = createApp();
  const cacheOptions = pageCacheOptions();
  server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: PORT,
        // A cached page is answered from Node's request itself, before any framework work.
        createServer: ((options: http.ServerOptions, listener: http.RequestListener) =>
          http.createServer(options, (req, res) => {
            if (answerWhileDraining(req, res)) return;
            if (!servePageFromCache(req, res, cacheOptions)) listener(req, res);
          })) as typeof http.createServer,
        // A slow or silent client cannot hold a socket: headers must arrive within
        // HTTP_HEADERS_TIMEOUT_MS, the whole request within HTTP_REQUEST_TIMEOUT_MS, and an
        // idle keep-alive connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_MS. Node checks
        // these every connectionsCheckingInterval (30 s by default: too coarse here).
        serverOptions: {
          headersTimeout: HTTP_HEADERS_TIMEOUT_MS,
          requestTimeout: HTTP_REQUEST_TIMEOUT_MS,
          keepAliveTimeout: HTTP_KEEP_ALIVE_TIMEOUT_MS,
          connectionsCheckingInterval: Math.min(1_000, Math.ceil(HTTP_HEADERS_TIMEOUT_MS / 2)),
        },
      },
      () => resolve(s),
    );
    s.once('error', reject); // e.g. EADDRINUSE: a start error, not an uncaught one
  });
  // CONNECT bypasses the request handler; without this it would get no answer at all.
  (server as Server).on('connect', (_request, socket) => refuseConnect(socket));
  if (!options.quiet) console.log(`Guesthouse site ready at ${PUBLIC_URL} (listening on port ${PORT})`);
}
