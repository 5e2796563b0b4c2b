// PostgreSQL tells every instance when public content changed: statement triggers on the
// tables public pages are rendered from (migration 0005) call pg_notify on our channel,
// delivered when the writing transaction commits — whoever wrote (an admin action, the
// calendar worker, another instance, a future code path). One dedicated connection
// LISTENs; each notification flushes this process's caches.
//
// The writing process must not answer before its own flush either: after a request that
// may have written, `settlePublicContent()` sends a fence notification and waits for it
// to come back. Notifications arrive in commit order, so by then every change committed
// before the fence has flushed the caches.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { invalidatePublicContent, setCacheCoherent } from './invalidation';

export const PUBLIC_CONTENT_CHANNEL = 'guesthouse_public_content';
const FENCE_PREFIX = 'fence:';
/** A fence that does not come back within this is treated as a lost connection would be: flush. */
const FENCE_TIMEOUT_MS = 5_000;
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5_000;

const instance = randomUUID();
const fences = new Map<string, () => void>();
let fenceCounter = 0;
let client: pg.Client | undefined;
let connected = false;
let connects = 0;

export interface ListenerStats {
  connected: boolean;
  /** How many times the listening connection was (re)established: each one flushed everything. */
  connects: number;
}

export function listenerStats(): ListenerStats {
  return { connected, connects };
}

/** The name the listening connection shows in pg_stat_activity (tests terminate it by name). */
export function listenerApplicationName(): string {
  return `guesthouse-listener-${process.pid}`;
}

function onNotification(message: pg.Notification) {
  if (message.channel !== PUBLIC_CONTENT_CHANNEL) return;
  const payload = message.payload ?? '';
  if (payload.startsWith(FENCE_PREFIX)) {
    fences.get(payload)?.();
    return;
  }
  invalidatePublicContent();
}

function releaseFences() {
  for (const release of fences.values()) release();
}

/**
 * Keeps one LISTEN connection open for the life of the process. Caches are used only
 * while it is connected; every (re)connection starts from empty caches, since
 * notifications sent while it was down are lost. Returns the stop function.
 */
export function startPublicContentListener(url: string): () => Promise<void> {
  let stopped = false;
  let delay = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | undefined;

  const lost = (next: pg.Client) => {
    if (client !== next) return;
    client = undefined;
    connected = false;
    setCacheCoherent(false);
    releaseFences();
    next.end().catch(() => {});
    if (stopped) return;
    retry = setTimeout(connect, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  async function connect() {
    retry = undefined;
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, application_name: listenerApplicationName(), keepAlive: true });
    client = next;
    next.on('notification', onNotification);
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${PUBLIC_CONTENT_CHANNEL}`);
    } catch (error) {
      if (!stopped && client === next) console.error(`[cache] cannot listen for content changes: ${(error as Error).message}`);
      lost(next);
      return;
    }
    if (stopped || client !== next) return;
    delay = RECONNECT_MIN_MS;
    connects += 1;
    connected = true;
    // Anything may have changed while nobody listened: this starts from empty caches.
    setCacheCoherent(true);
  }

  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = undefined;
    connected = false;
    setCacheCoherent(false);
    releaseFences();
    await current?.end().catch(() => {});
  };
}

/**
 * Resolves once every change committed before the call has flushed this process's
 * caches. `notify` sends the fence through any other connection (the pool).
 */
export async function settlePublicContent(notify: (channel: string, payload: string) => Promise<unknown>): Promise<void> {
  if (!connected) return; // nothing is cached while the listener is down
  const token = `${FENCE_PREFIX}${instance}:${++fenceCounter}`;
  let timer: NodeJS.Timeout | undefined;
  const arrived = new Promise<boolean>((resolve) => {
    fences.set(token, () => resolve(true));
    timer = setTimeout(() => resolve(false), FENCE_TIMEOUT_MS);
  });
  try {
    await notify(PUBLIC_CONTENT_CHANNEL, token);
    if (!(await arrived)) invalidatePublicContent();
  } catch {
    invalidatePublicContent();
  } finally {
    clearTimeout(timer);
    fences.delete(token);
  }
}
