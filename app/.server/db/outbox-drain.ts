// The loop of an outbox worker (mail, push): drains whenever it is woken — at start,
// every `pollIntervalMs`, and at once on a NOTIFY of `channel`, which the enqueuing
// transaction sends (delivered at its commit to every instance, this one included). One
// drain at a time per process; a wake-up during a drain runs another right after it. The
// LISTEN connection comes back by itself after a loss; meanwhile the poll keeps working.
import pg from 'pg';
import { openDatabase } from './open';

export interface OutboxDrainOptions {
  /** The channel the enqueuing transactions notify. */
  channel: string;
  /** Sends what is due; `stopped()` turns true when the worker stops, for it to take nothing more. */
  drain: (stopped: () => boolean) => Promise<unknown>;
  /** What the log lines start with, e.g. "[mail]". */
  label: string;
  pollIntervalMs: number;
  /** LISTEN on `channel` (default true). */
  listen?: boolean;
  log: (line: string) => void;
}

export interface OutboxDrain {
  /** Starts listening and drains once. */
  start(): Promise<void>;
  /** Asks for a drain as soon as possible. */
  wake(): void;
  /** Stops listening and polling; waits (at most 15 s) for the drain under way, so that its outcome is recorded. */
  stop(): Promise<void>;
}

export function createOutboxDrain({ channel, drain, label, pollIntervalMs, listen: shouldListen = true, log }: OutboxDrainOptions): OutboxDrain {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let listener: pg.Client | undefined;
  let reconnect: NodeJS.Timeout | undefined;

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(wake, delay);
    timer.unref();
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      do {
        again = false;
        try {
          await drain(() => stopped);
        } catch (error) {
          log(`${label} outbox drain failed: ${(error as Error).message}`);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      schedule(pollIntervalMs);
    });
  }

  async function listen() {
    if (stopped) return;
    const client = new pg.Client({ connectionString: (await openDatabase()).url });
    const retry = (error?: Error) => {
      if (listener !== client) return;
      listener = undefined;
      if (error) log(`${label} LISTEN ${channel} lost (${error.message}); polling until it is back`);
      client.end().catch(() => {});
      if (stopped) return;
      reconnect = setTimeout(() => void listen(), pollIntervalMs);
      reconnect.unref();
    };
    client.on('notification', (message) => {
      if (message.channel === channel) wake();
    });
    client.on('error', retry);
    client.on('end', () => retry());
    listener = client;
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
      // Anything committed while nobody was listening.
      wake();
    } catch (error) {
      retry(error as Error);
    }
  }

  return {
    wake,
    async start() {
      if (shouldListen) await listen();
      wake();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(reconnect);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    },
  };
}
