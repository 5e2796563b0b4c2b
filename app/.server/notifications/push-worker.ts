// The push worker: runs in every app process that runs background work and drains the
// push outbox, like the mail worker (a message is claimed under FOR UPDATE SKIP LOCKED
// and leased before it is sent: once across instances), woken at once by the NOTIFY of
// the event's transaction (db/outbox-drain.ts). Bounded everywhere: a deadline per
// request, a few tries with the mail's capped backoff, never past the message's TTL; a
// device its push service says is gone is removed. Failures are logged once, when the
// message is given up, not at every try.
import { config } from '../environment';
import { createOutboxDrain } from '../db/outbox-drain';
import { backoffDelay, type RetryPolicy } from '../mail/backoff';
import { sendPush, type PushOutcome } from './push-delivery';
import { claimDuePush, markPushSent, purgeOldPushes, PUSH_CHANNEL, recordPushFailure, removeDeadSubscription, type ClaimedPush } from './push-outbox';
import { vapidKeys, vapidSubject, type VapidKeys } from './vapid';

/** A few tries within minutes: a notification is worth something while it is fresh. */
export const PUSH_RETRY: RetryPolicy = { baseDelayMs: 15_000, maxDelayMs: 10 * 60_000, maxAttempts: 5, jitter: 0.2 };
/** The whole exchange with a push service, connection to last byte. */
export const PUSH_TIMEOUT_MS = 10_000;

export interface PushWorkerOptions {
  now?: () => Date;
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
  /** Longer than a send can take (timeoutMs), so that a live sender is never doubled. */
  leaseMs?: number;
  pollIntervalMs?: number;
  listen?: boolean;
  /** Default PUSH_ALLOW_PRIVATE_ADDRESSES. */
  allowPrivate?: boolean;
  log?: (line: string) => void;
}

export interface PushWorker {
  /** Sends every message due now, one at a time; resolves with how many were accepted. */
  drain(): Promise<number>;
  start(): Promise<void>;
  wake(): void;
  stop(): Promise<void>;
}

const host = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'an invalid endpoint';
  }
};

export function createPushWorker(options: PushWorkerOptions = {}): PushWorker {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const policy: RetryPolicy = { ...PUSH_RETRY, ...options.retry };
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? timeoutMs + 20_000;
  const log = options.log ?? ((line: string) => console.log(line));
  const allowPrivate = options.allowPrivate ?? config().PUSH_ALLOW_PRIVATE_ADDRESSES;
  const leaseUntil = (attempts: number) => new Date(now().getTime() + Math.max(leaseMs, backoffDelay(attempts, policy, random)));
  let stopped = false;
  let lastPurge = 0;

  async function settle(push: ClaimedPush, outcome: PushOutcome): Promise<boolean> {
    const at = now();
    const where = `${push.id} to ${host(push.subscription.endpoint)}`;
    switch (outcome.kind) {
      case 'sent':
        await markPushSent(push, at);
        return true;
      case 'gone':
        await removeDeadSubscription(push.subscription.id);
        log(
          `[push] ${where}: the push service answered ${outcome.status}; ` +
            (outcome.status === 403 ? 'the device was subscribed with another key' : 'the device is no longer subscribed') +
            ', it was removed',
        );
        return false;
      case 'refused':
        await recordPushFailure(push.id, outcome.reason, at, null);
        log(`[push] ${where}: given up (${outcome.reason})`);
        return false;
      case 'retry': {
        const delay = Math.max(backoffDelay(push.attempts, policy, random), Math.min(outcome.retryAfterMs ?? 0, policy.maxDelayMs));
        const next = new Date(at.getTime() + delay);
        if (push.attempts >= policy.maxAttempts || next >= push.expiresAt) {
          await recordPushFailure(push.id, outcome.reason, at, null);
          log(`[push] ${where}: given up after ${push.attempts} tries (${outcome.reason})`);
        } else {
          await recordPushFailure(push.id, outcome.reason, at, next);
        }
        return false;
      }
    }
  }

  async function drain(): Promise<number> {
    let sent = 0;
    if (now().getTime() - lastPurge > 3_600_000) {
      lastPurge = now().getTime();
      await purgeOldPushes(now());
    }
    let signer: { keys: VapidKeys; subject: string } | undefined;
    // A stopping worker finishes the message in hand and claims no other.
    while (!stopped) {
      const push = await claimDuePush(now(), leaseUntil);
      if (!push) return sent;
      signer ??= { keys: await vapidKeys(), subject: await vapidSubject() };
      const outcome = await sendPush(push, { ...signer, timeoutMs, allowPrivate, now: now() });
      if (await settle(push, outcome)) sent++;
    }
    return sent;
  }

  const loop = createOutboxDrain({
    channel: PUSH_CHANNEL,
    drain,
    label: '[push]',
    pollIntervalMs: options.pollIntervalMs ?? 5_000,
    listen: options.listen,
    log,
  });

  return {
    drain,
    wake: loop.wake,
    start: loop.start,
    async stop() {
      stopped = true;
      await loop.stop();
    },
  };
}

/** Starts the app's push worker; returns its stop function. */
export async function startPushWorker(): Promise<() => Promise<void>> {
  const worker = createPushWorker();
  await worker.start();
  return () => worker.stop();
}
