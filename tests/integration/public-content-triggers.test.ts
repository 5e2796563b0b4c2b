// Which writes flush the page cache (decision 0010): every table of the schema is either
// public (a change announces itself on the channel, whoever writes) or known not to be,
// so a new table fails here until someone decides which it is.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHANNEL = 'guesthouse_public_content';
/** Tables public pages are rendered from: any row change flushes. */
const PUBLIC = [
  'languages',
  'site_config',
  'rooms',
  'seasons',
  'season_periods',
  'room_season_prices',
  'homepage_sections',
  'transport_options',
  'distances',
  'multilingual_content',
  'manual_blocks',
  'ical_events',
  // A room's stay rules in a season and the length-of-stay reductions: the room page's calendar and rates (issue 45).
  'room_season_rules',
  'length_discounts',
];
/** Public only in part: published testimonials, confirmed bookings. */
const PUBLIC_WHEN = ['testimonials', 'bookings'];
/** Never shown on a public page: writes here (sign-ins, forms, mail, sync status) flush nothing. */
const PRIVATE = [
  'user',
  'session',
  'account',
  'verification',
  'rate_limit',
  'profiles',
  'contact_emails',
  'contact_messages',
  'mail_outbox',
  'submission_limits',
  'sign_in_accounts',
  'sign_in_networks',
  'user_invitations',
  'app_secrets',
  'ical_feeds',
  // Never shown: a quote with a code is always computed, never kept (issue 45).
  'promo_codes',
  'backup_runs',
  // A booking's money, its notes, its planned messages, the counters, mail attachments (issue 52): the back office's only.
  'ledger_entries',
  'stay_notes',
  'scheduled_messages',
  'sequence_counters',
  'mail_attachments',
  'booking_events',
  // Handled Stripe webhook events (issue 36): a booking's change is announced by the bookings trigger.
  'stripe_events',
  // The owners' devices and the notifications queued for them (issue 48a).
  'push_subscriptions',
  'push_outbox',
  // What the nightly purge and the erasures did (issue 47).
  'personal_data_log',
  // Tourist-tax declarations (issue 44): the back office's records only.
  'tourist_tax_declarations',
];

let listener: pg.Client;
let writer: pg.Client;
const heard: string[] = [];

beforeAll(async () => {
  listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
  writer = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await Promise.all([listener.connect(), writer.connect()]);
  listener.on('notification', (message) => heard.push(message.payload ?? ''));
  await listener.query(`LISTEN ${CHANNEL}`);
});

afterAll(async () => {
  await Promise.all([listener?.end(), writer?.end()]);
});

/** What the listener hears from `sql` (a fence notification marks the end). */
async function notificationsOf(sql: string, params: unknown[] = []): Promise<string[]> {
  heard.length = 0;
  await writer.query(sql, params);
  const fence = `fence:${Math.random()}`;
  await writer.query('select pg_notify($1, $2)', [CHANNEL, fence]);
  for (let attempt = 0; attempt < 100 && !heard.includes(fence); attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(heard).toContain(fence);
  return heard.filter((payload) => payload !== fence);
}

describe('public content notifications', () => {
  it('every table of the schema is classified, and exactly the public ones carry the trigger', async () => {
    const { rows: tables } = await writer.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((t) => t.name).sort()).toEqual([...PUBLIC, ...PUBLIC_WHEN, ...PRIVATE].sort());
    const { rows: triggered } = await writer.query<{ name: string }>(
      `select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
        join pg_proc p on p.oid = t.tgfoid where p.proname = 'notify_public_content_change' and not t.tgisinternal`,
    );
    expect(triggered.map((t) => t.name).sort()).toEqual([...PUBLIC, ...PUBLIC_WHEN].sort());
  });

  it('announces a committed change of public content once per table, and nothing for a statement that changes no row', async () => {
    expect(await notificationsOf(`insert into distances (city, duration_minutes) values ('Valbonne', 20), ('Vence', 35)`)).toEqual(['distances']);
    expect(await notificationsOf(`update distances set city = city where false`)).toEqual([]);
    expect(await notificationsOf(`delete from distances where city = 'Vence'`)).toEqual(['distances']);
    // Rolled back: nothing changed, nothing announced.
    expect(await notificationsOf(`begin; update distances set duration_minutes = 21; rollback;`)).toEqual([]);
  });

  it('a visitor’s pending testimonial flushes nothing; publishing it does', async () => {
    expect(
      await notificationsOf(`insert into testimonials (name, email, message, rating, is_published) values ('Léa', 'lea@example.com', 'Merci !', 5, false)`),
    ).toEqual([]);
    expect(await notificationsOf(`update testimonials set is_published = true where name = 'Léa'`)).toEqual(['testimonials']);
    expect(await notificationsOf(`insert into contact_messages (name, email, message) values ('Léa', 'lea@example.com', 'Bonjour')`)).toEqual([]);
  });
});
