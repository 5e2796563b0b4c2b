// What a stay plans for later (issue 52), made again by every step of it (trail.ts,
// writeStep) in the step's transaction: a reminder of the deposit two days before its
// deadline, a reminder of the balance Configuration's days before arrival, and the note at
// check-out. A step that moves the dates re-plans them; cancelling the stay (or any state
// but confirmed) cancels them; whether a reminder is still needed (already paid) is decided
// when it is due (reminders.ts). Times are the guesthouse's (GUESTHOUSE_TIME_ZONE).
import { addDays } from '~/lib/nights';
import type { Executor } from '../../db/client';
import type { bookings } from '../../db/schema';
import { loadMoneyTerms } from '../../content/site-settings';
import { guesthouseInstant } from '../../guesthouse-time';
import { reconcilePlans, type Plan } from '../../scheduled/scheduled-messages';

/** The kinds a stay plans; their handlers are booking/stays/reminders.ts's and check-out.ts's. */
export const STAY_PLAN_KINDS = ['deposit_reminder', 'balance_reminder', 'checkout_note'] as const;
export type StayPlanKind = (typeof STAY_PLAN_KINDS)[number];

/** A reminder reaches the guest in the morning, at the guesthouse. */
export const REMINDER_TIME = '09:00';
/** The deposit's reminder comes this many days before its deadline. */
export const DEPOSIT_REMINDER_DAYS_BEFORE = 2;
/** Check-out when Configuration says no time. */
export const DEFAULT_CHECK_OUT = '12:00';

type BookingRow = typeof bookings.$inferSelect;

/** Stays booked on a platform: the guest pays the platform, so the house reminds them of nothing. */
const PAID_THROUGH_PLATFORM: ReadonlySet<string> = new Set(['airbnb', 'booking_com']);

/** What the stay needs planned now, from its state, dates and money terms. */
export function wantedPlans(row: BookingRow, terms: { balanceReminderDays: number; checkOutTime: string | null }): Plan[] {
  if (row.status !== 'confirmed') return [];
  const plans: Plan[] = [];
  const reminded = !PAID_THROUGH_PLATFORM.has(row.source);
  if (reminded && row.depositCents > 0 && row.depositDueDate) {
    plans.push({
      key: `deposit_reminder:${row.id}`,
      kind: 'deposit_reminder',
      bookingId: row.id,
      dueAt: guesthouseInstant(addDays(row.depositDueDate, -DEPOSIT_REMINDER_DAYS_BEFORE), REMINDER_TIME),
    });
  }
  if (reminded && terms.balanceReminderDays > 0) {
    // One per arrival: a stay moved to other dates is reminded again before its new arrival.
    plans.push({
      key: `balance_reminder:${row.id}:${row.arrival}`,
      kind: 'balance_reminder',
      bookingId: row.id,
      dueAt: guesthouseInstant(addDays(row.arrival, -terms.balanceReminderDays), REMINDER_TIME),
    });
  }
  plans.push({
    key: `checkout_note:${row.id}`,
    kind: 'checkout_note',
    bookingId: row.id,
    dueAt: guesthouseInstant(row.departure, terms.checkOutTime ?? DEFAULT_CHECK_OUT),
  });
  return plans;
}

/** Plans, re-plans or cancels the stay's messages to match it as it now is. */
export async function planStayMessages(tx: Executor, row: BookingRow, now: Date = new Date()) {
  const terms = await loadMoneyTerms(tx);
  await reconcilePlans(tx, { bookingId: row.id }, STAY_PLAN_KINDS, wantedPlans(row, terms), now);
}
