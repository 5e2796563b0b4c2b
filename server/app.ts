// The production HTTP server: static assets, security headers, health check, and
// React Router for everything else. Built by Vite into build/server/index.js.
import { serve, type ServerType } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { createRequestHandler } from 'react-router';
import { config } from '~/.server/config';
import { pool } from '~/.server/db/client';
import { handleShutdownSignalsYourself } from '~/.server/db/embedded';
import { openDatabase } from '~/.server/db/open';
import { forwardedClientIp, publicRequestUrl } from '~/.server/proxy';
import { startServices, stopServices } from '~/.server/startup';
import { privateWhenPersonal } from './cache-policy';
import { compressResponses } from './compress';
import { formBodiesOnly } from './input-guard';
import { sameOriginWrites, securityHeaders } from './security';

type Env = { Variables: { cspNonce: string } };

/** The visitor's address; X-Forwarded-For is trusted only behind a known proxy (TRUST_PROXY). */
function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = forwardedClientIp(c.req.raw.headers);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function createApp() {
  const { PUBLIC_URL, TRUST_PROXY } = config();
  const handler = createRequestHandler(
    () => import('virtual:react-router/server-build'),
    'production',
  );
  const app = new Hono<Env>();
  const clientDir = `${process.env.BUILD_DIR ?? 'build'}/client`;

  app.use('*', securityHeaders({ https: PUBLIC_URL.startsWith('https:') }));
  // Outermost but for the headers: every body below, pages and files alike, passes through it.
  app.use('*', compressResponses());

  // Fingerprinted build output: cache forever, serve the precompressed copy.
  app.use(
    '/assets/*',
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use(
    '*',
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600'),
    }),
  );

  app.get('/healthz', async (c) => {
    try {
      await Promise.race([
        pool.query('select 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
      ]);
      return c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' });
    } catch (error) {
      // The cause goes to the log, not to whoever asked (it may name hosts, users, paths).
      console.error(`[health] database unavailable: ${(error as Error).message}`);
      return c.json({ status: 'unavailable' }, 503, { 'Cache-Control': 'no-store' });
    }
  });

  // From here on the request carries the origin the browser used (https behind a TLS
  // proxy), so that React Router's own action origin check and ours agree with it.
  app.use('*', async (c, next) => {
    const url = publicRequestUrl(c.req.url, c.req.raw.headers, { publicUrl: PUBLIC_URL, trustProxy: TRUST_PROXY });
    if (url !== c.req.url) c.req.raw = new Request(url, c.req.raw);
    await next();
  });
  app.use('*', privateWhenPersonal());
  app.use('*', sameOriginWrites(PUBLIC_URL));
  app.use('*', formBodiesOnly());
  app.all('*', (c) => handler(c.req.raw, { cspNonce: c.get('cspNonce'), clientIp: clientIp(c, TRUST_PROXY) }));
  return app;
}

let server: ServerType | undefined;

/**
 * Stops what this process started: the HTTP server, the mail worker, the pool and the
 * embedded PostgreSQL (so that no postmaster outlives us). Used on SIGINT/SIGTERM and
 * by server/start.mjs after a fatal error.
 */
export async function stop() {
  server?.close();
  await stopServices();
  await pool.end().catch(() => {});
  const { embedded } = await openDatabase();
  await embedded?.stop();
}

export async function start(): Promise<ServerType> {
  const { PORT, PUBLIC_URL } = config();
  await startServices();
  const app = createApp();
  server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: PORT }, () => resolve(s));
    s.once('error', reject); // e.g. EADDRINUSE: a start error, not an uncaught one
  });
  console.log(`Guesthouse site ready at ${PUBLIC_URL} (listening on port ${PORT})`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: shutting down…`);
    await stop();
    process.exit(0);
  };
  handleShutdownSignalsYourself();
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  return server;
}
