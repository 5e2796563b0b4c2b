// Personal data kept only as long as allowed (FRENCH-RULES §7), with the periods of
// Configuration → Données personnelles (months, lawful defaults):
// - a person's contact messages and their booking requests that never became a stay go
//   `contactMonths` after the last contact with that person (any message, request or stay);
// - a stay's guest details (name, e-mail, phone, messages) are blanked `guestMonths` after
//   the departure, while the stay's dates and amounts stay: they are accounting records
//   (kept 10 years, Code de commerce L123-22), and so is every payment;
// - unpublished guest-book testimonials go `testimonialMonths` after they were sent (a
//   published one is kept while it is published);
// - mails already delivered (or given up) go with the contact period: the outbox is a
//   way out, not an archive.
// Police forms (`policeMonths`) join RETENTION_RULES below with their table.
import { sql } from 'drizzle-orm';
import { db, type Executor } from '../db/client';
import { config } from '../environment';
import { loadRetentionSettings } from '../content/site-settings';
import type { RetentionSettings } from '~/lib/schemas/personal-data';

/** What a blanked stay shows in place of the guest's name (back office only). */
export const ANONYMISED_GUEST_NAME = 'Client anonymisé';

/** The texts of a booking's history that may name or quote the guest (a message, a refusal, a refund's reason). */
export const EVENT_TEXT_KEYS = ['body', 'message', 'reason'] as const;

export type PurgeCounts = Record<RetentionRuleKey, number>;

interface RetentionContext {
  executor: Executor;
  /** The instant of the pass (a test's clock). */
  now: Date;
  settings: RetentionSettings;
  timeZone: string;
}

/** The last contact with each person (lower-cased address): their messages, requests and stays (departure day). */
const lastContacts = (timeZone: string) => sql`
  select person, max(at) as at from (
    select lower(email) as person, created_at as at from contact_messages
    union all
    select lower(guest_email), greatest(created_at, coalesce(decided_at, created_at), departure::timestamp at time zone ${timeZone})
      from bookings where anonymised_at is null
  ) contacts group by person`;

/** A stay in the accounting sense: confirmed, or with money recorded (a cancelled stay whose deposit was kept). */
export const IS_STAY = sql`(b.status in ('confirmed', 'awaiting_payment') or exists (select 1 from booking_payments p where p.booking_id = b.id))`;

const monthsBefore = (now: Date, months: number) => sql`(${now.toISOString()}::timestamptz - make_interval(months => ${months}))`;

/** Blanks the guest's details of the bookings `which` selects (alias b) and their history's texts; returns how many. */
export async function anonymiseBookings(executor: Executor, now: Date, which: ReturnType<typeof sql>): Promise<number> {
  const blanked = await executor.execute<{ id: string }>(sql`
    update bookings b set guest_name = ${ANONYMISED_GUEST_NAME}, guest_email = '', guest_phone = null, message = null,
      refusal_message = null, anonymised_at = ${now.toISOString()}::timestamptz
    where b.anonymised_at is null and ${which}
    returning b.id`);
  const ids = blanked.rows.map((r) => r.id);
  if (ids.length) {
    await executor.execute(sql`
      update booking_events set details = details - ${sql.raw(`'{${EVENT_TEXT_KEYS.join(',')}}'::text[]`)}
      where booking_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  }
  return ids.length;
}

interface RetentionRule {
  /** What the pass did, in the back office's words. */
  label: string;
  apply: (context: RetentionContext) => Promise<number>;
}

const RETENTION_RULES = {
  contactMessages: {
    label: 'messages de contact supprimés',
    apply: async ({ executor, now, settings, timeZone }) =>
      (
        await executor.execute(sql`
          delete from contact_messages m using (${lastContacts(timeZone)}) last
          where lower(m.email) = last.person and last.at < ${monthsBefore(now, settings.contactMonths)}`)
      ).rowCount ?? 0,
  },
  bookingRequests: {
    label: 'demandes sans séjour supprimées',
    apply: async ({ executor, now, settings, timeZone }) =>
      (
        await executor.execute(sql`
          delete from bookings b using (${lastContacts(timeZone)}) last
          where lower(b.guest_email) = last.person and last.at < ${monthsBefore(now, settings.contactMonths)}
            and b.anonymised_at is null and not ${IS_STAY}`)
      ).rowCount ?? 0,
  },
  stayGuests: {
    label: 'séjours anonymisés (montants conservés)',
    apply: ({ executor, now, settings, timeZone }) =>
      anonymiseBookings(
        executor,
        now,
        sql`${IS_STAY} and b.departure < ((${now.toISOString()}::timestamptz at time zone ${timeZone})::date - make_interval(months => ${settings.guestMonths}))::date`,
      ),
  },
  testimonials: {
    label: 'témoignages non publiés supprimés',
    apply: async ({ executor, now, settings }) =>
      (await executor.execute(sql`delete from testimonials where not is_published and created_at < ${monthsBefore(now, settings.testimonialMonths)}`))
        .rowCount ?? 0,
  },
  mails: {
    label: 'courriels envoyés supprimés',
    apply: async ({ executor, now, settings }) =>
      (
        await executor.execute(sql`
          delete from mail_outbox where (sent_at is not null or failed_at is not null)
            and created_at < ${monthsBefore(now, settings.contactMonths)}`)
      ).rowCount ?? 0,
  },
} satisfies Record<string, RetentionRule>;

export type RetentionRuleKey = keyof typeof RETENTION_RULES;

/** The back office's words for each count of a pass ("3 messages de contact supprimés"). */
export const PURGE_COUNT_LABELS = Object.fromEntries(Object.entries(RETENTION_RULES).map(([key, rule]) => [key, rule.label])) as Record<
  RetentionRuleKey,
  string
>;

/**
 * Applies every rule at `now`, in one transaction of `executor`'s (all or nothing: a
 * pass that fails leaves the night's work to the next one). Returns the counts.
 */
export async function purgePersonalData(now: Date, executor: Executor = db): Promise<PurgeCounts> {
  const run = async (tx: Executor) => {
    const context: RetentionContext = { executor: tx, now, settings: await loadRetentionSettings(tx), timeZone: config().GUESTHOUSE_TIME_ZONE };
    const counts = {} as PurgeCounts;
    for (const [key, rule] of Object.entries(RETENTION_RULES) as Array<[RetentionRuleKey, RetentionRule]>) counts[key] = await rule.apply(context);
    return counts;
  };
  return executor === db ? db.transaction(run) : run(executor);
}
