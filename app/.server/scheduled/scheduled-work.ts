// The periodic pass of planned messages and jobs (scheduled-messages.ts), in every app
// process: it wakes every 30 seconds, and at once on NOTIFY scheduled_messages (a change
// that plans something due within the minute sends it). No lock between instances is
// needed: each due row is taken under FOR UPDATE SKIP LOCKED and carried out in the
// transaction that marks it, so two passes never do the same one.
import { createOutboxDrain } from '../db/outbox-drain';
import { runDueMessages, SCHEDULED_BATCH, SCHEDULED_CHANNEL, type ScheduledHandler } from './scheduled-messages';

/** A reminder is due at a time of day: within half a minute of it is soon enough. */
export const SCHEDULED_POLL_MS = 30_000;

/** Starts the pass with the handler of each kind; returns its stop function. */
export async function startScheduledWork(handlers: Record<string, ScheduledHandler>): Promise<() => Promise<void>> {
  const loop = createOutboxDrain({
    channel: SCHEDULED_CHANNEL,
    label: '[scheduled]',
    pollIntervalMs: SCHEDULED_POLL_MS,
    log: (line) => console.error(line),
    // Batches: a backlog (a fleet stopped for a day) drains within one wake-up.
    drain: async (stopped) => {
      while (!stopped() && (await runDueMessages(handlers, new Date(), SCHEDULED_BATCH, stopped)) === SCHEDULED_BATCH);
    },
  });
  await loop.start();
  return () => loop.stop();
}
