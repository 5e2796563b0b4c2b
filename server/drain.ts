// Readiness and the graceful stop of one instance (README, "Several instances").
//
// /readyz says whether a load balancer may send this instance traffic: 503 "starting"
// until the server build is loaded (the first check loads it), 503 "draining" from
// SIGTERM on, 503 "unavailable" when the database does not answer, else 200 "ready".
// Before the instance listens (migrations, seed) nothing answers, which every load
// balancer reads as not ready too.
//
// On SIGTERM the instance drains: it says "draining", keeps serving for
// SHUTDOWN_DELAY_MS (time for a load balancer's check to see it), then stops accepting
// connections and lets the requests in flight finish, at most DRAIN_TIMEOUT_MS. Every
// response while draining closes its connection, so no client keeps a connection to an
// instance about to leave. A proxy that retries a 503 on another instance (nginx's
// `proxy_next_upstream http_503`) says so with `X-Retry-On-503: 1`: it then gets a 503
// for reads while the instance drains, which it answers from another instance and which
// marks this one failed, so that it stops sending it anything, writes included, before
// the instance stops listening (nginx without active health checks learns it this way).
// Writes are always served: a proxy never retries them.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Context } from 'hono';

/** How long the requests in flight may take to finish once the instance stops accepting. */
export const DRAIN_TIMEOUT_MS = 10_000;
export const RETRY_ON_503_HEADER = 'x-retry-on-503';

let draining = false;

export function isDraining(): boolean {
  return draining;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * First in the raw request listener. While draining: the response closes its connection,
 * and a read from a proxy that retries 503 elsewhere is answered 503 here (true).
 */
export function answerWhileDraining(req: IncomingMessage, res: ServerResponse): boolean {
  if (!draining) return false;
  res.shouldKeepAlive = false;
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers[RETRY_ON_503_HEADER] !== '1') return false;
  const body = 'draining: retry on another instance\n';
  res.writeHead(503, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Retry-After': '1',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

export interface ReadinessChecks {
  /** Whether the server build is loaded; starts loading it when not. */
  warm(): boolean;
  /** Rejects when the database does not answer. */
  database(): Promise<unknown>;
}

/** GET /readyz. */
export async function readinessResponse(c: Context, checks: ReadinessChecks): Promise<Response> {
  const answer = (status: 'ready' | 'starting' | 'draining' | 'unavailable') =>
    c.json({ status }, status === 'ready' ? 200 : 503, { 'Cache-Control': 'no-store' });
  if (draining) return answer('draining');
  if (!checks.warm()) return answer('starting');
  try {
    await Promise.race([checks.database(), sleep(2_000).then(() => Promise.reject(new Error('timeout')))]);
  } catch (error) {
    console.error(`[ready] database unavailable: ${(error as Error).message}`);
    return answer('unavailable');
  }
  return draining ? answer('draining') : answer('ready');
}

/**
 * Drains `server`: not ready at once, serving for `delayMs`, then no new connection and
 * the requests in flight finish (at most `timeoutMs`, then their connections are closed).
 * Resolves with the number of connections cut that way.
 */
export async function drainServer(server: Server, options: { delayMs: number; timeoutMs?: number }): Promise<number> {
  draining = true;
  if (options.delayMs > 0) await sleep(options.delayMs);
  // close() also ends the idle keep-alive connections. A request that was in flight when
  // draining began may have answered keep-alive: its connection is ended once idle.
  const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const finished = await Promise.race([closed, sleep(options.timeoutMs ?? DRAIN_TIMEOUT_MS).then(() => false)]);
  clearInterval(sweep);
  if (finished) return 0;
  const cut = await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count ?? 0)));
  server.closeAllConnections();
  return cut;
}
