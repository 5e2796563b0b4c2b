// The server process: it serves the HTTP pipeline (http-pipeline.ts) — alone, or as the
// primary of WEB_CONCURRENCY server processes (node:cluster) that it restarts when they
// exit — listens with the socket's time limits, drains on SIGTERM or SIGINT, and stops
// what it started (the server processes, the background workers, the pool, the embedded
// PostgreSQL). server/start.mjs calls start() and, after a fatal error, stop().
import cluster from 'node:cluster';
import http, { type Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { config } from '~/.server/environment';
import { expectDatabaseShutdown, pool } from '~/.server/db/client';
import { handleShutdownSignalsYourself } from '~/.server/db/embedded';
import { openDatabase } from '~/.server/db/open';
import { startServices, STOP_SERVICES_TIMEOUT_MS, stopServices } from '~/.server/startup';
import { answerWhileDraining, DRAIN_TIMEOUT_MS, drainServer } from './drain';
import type { HttpPipeline } from './http-pipeline';
import { serverOnlyEnv } from './memory-profile.mjs';
import { refuseConnect } from './method-policy';

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
 * workers; each server process connects to that database, builds its own pipeline, keeps
 * its own caches and listens for changes like a separate instance would.
 */
export async function start(createPipeline: () => HttpPipeline): Promise<void> {
  const { WEB_CONCURRENCY } = config();
  if (cluster.isWorker) {
    await startServices('worker');
    await listen(createPipeline(), { quiet: true });
  } else if (WEB_CONCURRENCY > 1) {
    await startServices('primary');
    await forkServers(WEB_CONCURRENCY);
  } else {
    await startServices('single');
    await listen(createPipeline(), { quiet: false });
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

async function listen(pipeline: HttpPipeline, options: { quiet: boolean }) {
  const { PORT, PUBLIC_URL, HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS } = config();
  server = await new Promise<ServerType>((resolve, reject) => {
    const s = serve(
      {
        fetch: pipeline.app.fetch,
        port: PORT,
        // A kept page is answered from Node's request itself, before any framework work.
        createServer: ((serverOptions: http.ServerOptions, listener: http.RequestListener) =>
          http.createServer(serverOptions, (req, res) => {
            if (answerWhileDraining(req, res)) return;
            if (!pipeline.answerEarly(req, res)) listener(req, res);
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
