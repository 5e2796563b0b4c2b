// Time-driven work, built once (issue 52; DESIGN "Availability and booking"): a message or
// job is a row of scheduled_messages with a due time, planned in the transaction of the
// change that causes it (`reconcilePlans`: what a subject needs now, planned, re-planned
// or cancelled in one go), and carried out by the periodic pass (`runDueMessages`), which
// takes each due row under FOR UPDATE SKIP LOCKED and runs its kind's handler in the same
// transaction as its state change: whatever the handler writes (an outbox mail with its
// idempotency key, a note) commits with 'sent' or not at all, so each happens exactly once
// across instances. The clock is a parameter: tests pass theirs.
//
// A kind belongs to whoever plans it (a booking's reminders: booking/stays/stay-plans.ts);
// its handler is given to the pass at start (startup.ts), so this module knows no kind.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { db, type Executor } from '../db/client';
import { bookings, scheduledMessages, type ScheduledState } from '../db/schema';

/** Channel a change notifies when it plans something due soon: the passes of every instance wake up. */
export const SCHEDULED_CHANNEL = 'scheduled_messages';

export type ScheduledRow = typeof scheduledMessages.$inferSelect;

/** One thing a subject needs at a moment: its key names it (kind, subject, occurrence). */
export interface Plan {
  key: string;
  kind: string;
  bookingId: string | null;
  dueAt: Date;
}

/**
 * Makes a subject's planned rows of `kinds` be `wanted`, in the caller's transaction: a new
 * one is planned (unless its moment has already passed: the change that planned it said it
 * already), one whose moment moved is re-planned, one no longer wanted is cancelled. A row
 * already sent or skipped is left as it is; a cancelled one comes back when wanted again.
 */
export async function reconcilePlans(tx: Executor, subject: { bookingId: string }, kinds: readonly string[], wanted: Plan[], now: Date) {
  const existing = await tx
    .select()
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.bookingId, subject.bookingId), inArray(scheduledMessages.kind, [...kinds])))
    .for('update');
  const byKey = new Map(existing.map((row) => [row.key, row]));
  const wantedKeys = new Set(wanted.map((p) => p.key));
  for (const row of existing) {
    if (row.state === 'planned' && !wantedKeys.has(row.key)) {
      await tx.update(scheduledMessages).set({ state: 'cancelled', outcome: 'plus nécessaire', doneAt: now }).where(eq(scheduledMessages.id, row.id));
    }
  }
  let soon = false;
  for (const plan of wanted) {
    const row = byKey.get(plan.key);
    if (row && (row.state === 'sent' || row.state === 'skipped')) continue;
    if (row?.state === 'planned' && row.dueAt.getTime() === plan.dueAt.getTime()) continue;
    if (!row && plan.dueAt <= now) continue;
    if (row) {
      if (row.state === 'cancelled' && plan.dueAt <= now) continue;
      await tx
        .update(scheduledMessages)
        .set({ state: 'planned', dueAt: plan.dueAt, outcome: null, doneAt: null, attempts: 0, lastError: null })
        .where(eq(scheduledMessages.id, row.id));
    } else {
      await tx.insert(scheduledMessages).values({ key: plan.key, kind: plan.kind, bookingId: plan.bookingId, dueAt: plan.dueAt });
    }
    soon ||= plan.dueAt.getTime() - now.getTime() < 60_000;
  }
  if (soon) await tx.execute(sql`select pg_notify(${SCHEDULED_CHANNEL}, '')`);
}

/** What a handler did with a due row: carried it out, or found it no longer needed (and why, for the owner). */
export type HandlerOutcome = { state: 'sent' } | { state: 'skipped'; why: string };

/** Carries out one due row, in the transaction that takes it; a throw puts it back for a later try. */
export type ScheduledHandler = (tx: Executor, row: ScheduledRow, now: Date) => Promise<HandlerOutcome>;

/** Tries of a row that fails before it is given up (each after the pass's next turns, further apart). */
export const MAX_SCHEDULED_ATTEMPTS = 5;

/** How many due rows one pass carries out at most, each in its own transaction. */
export const SCHEDULED_BATCH = 100;

/** A due row whose booking another transaction holds: left for the next pass. */
const BUSY = 'busy' as const;

/** Takes the first due row nobody else holds and carries it out in the same transaction; null when none is due. */
async function runOne(handlers: Record<string, ScheduledHandler>, now: Date): Promise<ScheduledRow | typeof BUSY | null> {
  let taken: ScheduledRow | null = null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(scheduledMessages)
        .where(and(eq(scheduledMessages.state, 'planned'), lte(scheduledMessages.dueAt, now)))
        .orderBy(asc(scheduledMessages.dueAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      // A row about a booking is carried out under the booking's lock, taken after the row's
      // without waiting: every step of a booking locks the booking first, then its planned
      // rows (reconcilePlans), so waiting here could deadlock with it. Held elsewhere: the
      // row is let go untouched, for the next pass.
      if (row.bookingId) {
        const free = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, row.bookingId)).for('update', { skipLocked: true });
        if (free.length === 0) return BUSY;
      }
      taken = row;
      const handler = handlers[row.kind];
      const outcome: HandlerOutcome = handler ? await handler(tx, row, now) : { state: 'skipped', why: `type inconnu (${row.kind})` };
      await tx
        .update(scheduledMessages)
        .set({ state: outcome.state, outcome: outcome.state === 'skipped' ? outcome.why : null, doneAt: now, attempts: row.attempts + 1 })
        .where(eq(scheduledMessages.id, row.id));
      return row;
    });
  } catch (error) {
    const row = taken as ScheduledRow | null;
    if (!row) throw error;
    // Rolled back with everything the handler wrote: tried again later, or given up.
    const attempts = row.attempts + 1;
    const message = (error as Error).message.slice(0, 2000);
    const state: ScheduledState = attempts >= MAX_SCHEDULED_ATTEMPTS ? 'skipped' : 'planned';
    await db
      .update(scheduledMessages)
      .set({
        attempts,
        lastError: message,
        state,
        outcome: state === 'skipped' ? `abandonné après ${attempts} essais` : null,
        dueAt: new Date(now.getTime() + 60_000 * 4 ** attempts),
      })
      .where(and(eq(scheduledMessages.id, row.id), eq(scheduledMessages.state, 'planned')));
    console.error(`[scheduled] ${row.kind} ${row.key} failed (attempt ${attempts}):`, message);
    return row;
  }
}

/** Carries out every row due at `now` (at most `limit`), one transaction each; returns how many were taken. */
export async function runDueMessages(handlers: Record<string, ScheduledHandler>, now: Date = new Date(), limit = SCHEDULED_BATCH, stopped = () => false) {
  let taken = 0;
  while (taken < limit && !stopped()) {
    const row = await runOne(handlers, now);
    // Nothing due, or the first due row's booking is being changed (its step will re-plan it; the next pass takes it).
    if (!row || row === BUSY) break;
    taken++;
  }
  return taken;
}

/** A subject's planned and done rows, soonest first (the booking page's « Rappels »). */
export async function listPlans(bookingId: string, executor: Executor = db): Promise<ScheduledRow[]> {
  return executor.select().from(scheduledMessages).where(eq(scheduledMessages.bookingId, bookingId)).orderBy(asc(scheduledMessages.dueAt));
}
