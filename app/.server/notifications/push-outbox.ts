// The push outbox: one row per notification and device, written in the transaction of
// the event it tells of; the push worker (push-worker.ts) drains it. The row transitions
// are the mail outbox's (mail/outbox.ts):
//
//   pending (sent_at and failed_at null; due when next_attempt_at <= now)
//     → claimed: attempts + 1 and next_attempt_at pushed past the send (a lease), committed
//       before the request to the push service, so another instance skips it; a crash
//       mid-send leaves it due again once the lease ends
//     → sent (sent_at), or pending again with a backoff, or failed (failed_at): refused,
//       out of attempts or past its TTL
//   and the device's row is deleted when its push service says it is gone, taking its
//   pending messages with it.
import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { db, type Executor } from '../db/client';
import { pushOutbox, pushSubscriptions } from '../db/schema';

/** Channel on which every instance's push worker listens; NOTIFY is delivered on commit. */
export const PUSH_CHANNEL = 'push_outbox';

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/** What the service worker shows (app/back-office-app/service-worker.js). */
export interface PushPayload {
  title: string;
  body: string;
  /** A back-office path, opened when the notification is clicked. */
  url: string;
  /** Notifications with one tag replace each other on the device (one booking, one line). */
  tag?: string;
}

export interface OutgoingPush {
  idempotencyKey: string;
  subscriptionId: string;
  payload: PushPayload;
  urgency: PushUrgency;
  /** After this the message is not worth sending (its TTL); an SQL expression on the database's clock. */
  expiresAt: SQL | Date;
}

/** Queues one message in the caller's executor; idempotent on its key. The NOTIFY rides the same transaction. */
export async function enqueuePush(executor: Executor, push: OutgoingPush) {
  await executor.insert(pushOutbox).values(push).onConflictDoNothing({ target: pushOutbox.idempotencyKey });
  await executor.execute(sql`select pg_notify(${PUSH_CHANNEL}, '')`);
}

/** A claimed message with the device it goes to. */
export interface ClaimedPush {
  id: string;
  attempts: number;
  payload: PushPayload;
  urgency: PushUrgency;
  expiresAt: Date;
  subscription: { id: string; endpoint: string; p256dh: string; auth: string };
}

/**
 * Takes the oldest due message: locked with SKIP LOCKED (another instance's claim is
 * passed over), attempts + 1 and next_attempt_at moved to the end of the lease, committed
 * before anything is sent.
 */
export async function claimDuePush(now: Date, leaseUntil: (attempts: number) => Date): Promise<ClaimedPush | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: pushOutbox.id, attempts: pushOutbox.attempts })
      .from(pushOutbox)
      .where(and(isNull(pushOutbox.sentAt), isNull(pushOutbox.failedAt), sql`${pushOutbox.nextAttemptAt} <= ${now}`))
      .orderBy(pushOutbox.nextAttemptAt)
      .limit(1)
      .for('update', { of: pushOutbox, skipLocked: true });
    if (!due) return null;
    const attempts = due.attempts + 1;
    await tx
      .update(pushOutbox)
      .set({ attempts, nextAttemptAt: leaseUntil(attempts) })
      .where(eq(pushOutbox.id, due.id));
    const [row] = await tx
      .select({
        payload: pushOutbox.payload,
        urgency: pushOutbox.urgency,
        expiresAt: pushOutbox.expiresAt,
        subscription: { id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth },
      })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(eq(pushOutbox.id, due.id));
    return { id: due.id, attempts, ...row!, payload: row!.payload as PushPayload, urgency: row!.urgency as PushUrgency };
  });
}

const stillPending = (id: string) => and(eq(pushOutbox.id, id), isNull(pushOutbox.sentAt), isNull(pushOutbox.failedAt));

/** Accepted by the push service: the message is sent, the device known to be alive. */
export async function markPushSent(push: Pick<ClaimedPush, 'id' | 'subscription'>, now: Date) {
  await db.transaction(async (tx) => {
    await tx.update(pushOutbox).set({ sentAt: now, lastError: null }).where(stillPending(push.id));
    await tx.update(pushSubscriptions).set({ lastSuccessAt: now }).where(eq(pushSubscriptions.id, push.subscription.id));
  });
}

/** A failed try: keep the error; either schedule the next one or give up (failed_at). */
export async function recordPushFailure(id: string, error: string, now: Date, nextAttemptAt: Date | null) {
  await db
    .update(pushOutbox)
    .set({ lastError: error.slice(0, 500), ...(nextAttemptAt ? { nextAttemptAt } : { failedAt: now }) })
    .where(stillPending(id));
}

/** The push service says the device is gone (or was subscribed with another key): it and its pending messages go. */
export async function removeDeadSubscription(subscriptionId: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}

/** How long sent and failed messages are kept (what an operator may look at), then deleted: the table stays small. */
export const PUSH_KEPT_DAYS = 14;

export async function purgeOldPushes(now: Date): Promise<number> {
  const before = new Date(now.getTime() - PUSH_KEPT_DAYS * 86_400_000);
  const gone = await db
    .delete(pushOutbox)
    .where(and(lt(pushOutbox.createdAt, before), or(sql`${pushOutbox.sentAt} is not null`, sql`${pushOutbox.failedAt} is not null`)))
    .returning({ id: pushOutbox.id });
  return gone.length;
}
