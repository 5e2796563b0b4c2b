// Helpers for the backup and restore tests: a database where every table holds rows,
// the command-line scripts run as the owner runs them, and archives rewritten on purpose.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import tar from 'tar-stream';
import { inject } from 'vitest';
import { recordSignIn, takeNetworkAttempt } from '~/.server/auth/account-throttle';
import { recordBackupRun } from '~/.server/backup/backup-runs';
import { entryBody, readArchive } from '~/.server/backup/read-archive';
import { addContactEmail } from '~/.server/content/contact-emails';
import { submitContactMessage } from '~/.server/content/contact-messages';
import { db, pool } from '~/.server/db/client';
import { rooms } from '~/.server/db/schema';
import { addDistance } from '~/.server/content/distances';
import { submitTestimonial } from '~/.server/content/testimonials';
import { prepareImage } from '~/.server/media/images';
import { uploadImages } from '~/.server/media/entity-images';
import { isValidKey, type Storage } from '~/.server/media/storage';
import { takeRateLimitSlot } from '~/.server/http/rate-limit';
import { saveRoomSeasonPrice } from '~/.server/content/rooms';
import { createSeason } from '~/.server/content/seasons';
import { getOrCreateSecret } from '~/.server/auth/secrets';
import { vapidKeys } from '~/.server/notifications/vapid';
import { seedDemoIfEmpty } from '~/.server/seed/seed-demo';
import { ensureTransportOptions } from '~/.server/content/transport-options';
import { makeJpeg } from './images';
import { signedInAs } from './requests';

/**
 * Demo content plus a row in every table the app writes (a user, messages, a mail in
 * the outbox, an uploaded image…). Returns the admin's credentials and the tables
 * still empty: a table added to the schema must get a row here.
 */
export async function fillEveryTable() {
  await seedDemoIfEmpty();
  await ensureTransportOptions();
  const admin = await signedInAs('admin', 'owner@example.com');
  await signedInAs('user', 'guest@example.com');
  await submitContactMessage(
    {
      name: 'Jeanne',
      email: 'jeanne@example.com',
      phone: '+33 6 12 34 56 78',
      dates: 'du 3 au 7 mai',
      guests: 2,
      message: 'Bonjour ! Avez-vous une chambre ?',
    },
    'fr',
  );
  await submitTestimonial({ name: 'Hans', email: 'hans@example.com', message: 'Wunderbar', rating: 5, country: 'DE' });
  const season = await createSeason('Haute saison « été »');
  const [room] = await db.select({ id: rooms.id }).from(rooms).limit(1);
  await saveRoomSeasonPrice(room!.id, season.id, 123_45);
  await uploadImages({ kind: 'room', id: room!.id }, [await prepareImage('photo.jpg', await makeJpeg(800, 600))]);
  await addContactEmail('reservations@example.com');
  await addDistance('Cannes', 35);
  await takeRateLimitSlot('backup-test', 5, 10);
  await takeNetworkAttempt('owner@example.com', '203.0.113.9');
  await recordSignIn('owner@example.com', '198.51.100.1');
  await getOrCreateSecret('backup-test');
  await recordBackupRun(pool, { kind: 'command', bytes: 1234, file: '/tmp/earlier.tar.gz' });
  // better-auth writes these only for HTTP sign-ins and e-mail verification, which
  // in-process tests do not go through: rows of the shape it writes.
  await db.execute(
    sql`insert into rate_limit (id, key, count, last_request) values ('rl1', '127.0.0.1/sign-in/email', 1, 1700000000000) on conflict do nothing`,
  );
  await db.execute(
    sql`insert into verification (id, identifier, value, expires_at) values ('v1', 'reset-password:x', 'token', now() + interval '1 hour') on conflict do nothing`,
  );
  await db.execute(
    sql`insert into user_invitations (email, role, token_hash, expires_at) values ('invited@example.com', 'user', 'hash-1', now() + interval '7 days')`,
  );
  await db.execute(sql`insert into stripe_events (id, type, outcome) values ('evt_backup_1', 'checkout.session.completed', 'ignored')`);
  await db.execute(sql`insert into personal_data_log (kind, night, counts) values ('purge', '2030-01-01', '{"contactMessages": 1}')`);
  // An owner's device (issue 48a), subscribed with the site's key (made now, as a first start
  // does), and a notification already delivered to it: a started site keeps both and sends nothing.
  const { publicKey } = await vapidKeys();
  const device = await db.execute<{ id: string }>(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, application_server_key, device)
    select id, 'https://push.example.com/send/backup-1', 'p256dh-key', 'auth-secret', ${publicKey}, 'Téléphone' from "user" where email = 'owner@example.com' returning id`);
  await db.execute(sql`insert into push_outbox (idempotency_key, subscription_id, payload, expires_at, sent_at)
    values ('backup-push-1', ${device.rows[0]!.id}, '{"title": "Nouvelle demande"}', now() + interval '1 day', now())`);
  // A tourist-tax period declared (issue 44), its register kept as JSON.
  await db.execute(sql`insert into tourist_tax_declarations (period, period_start, period_end, declared_on, paid_cents, reference, rows, totals)
    values ('2030-T1', '2030-01-01', '2030-04-01', '2030-04-10', 1234, 'REF-2030-T1', '[]', '{"house": {}, "platform": {}}')`);
  // Booking (issue 14), far in the future so as not to meet demo data. The feed counts as
  // just synced, so that the feed worker of a started site leaves it alone.
  await db.execute(sql`insert into season_periods (season_id, first_night, last_night) values (${season.id}, '2031-07-01', '2031-07-31')`);
  // A room's own stay rules in that season (issue 45).
  await db.execute(sql`insert into room_season_rules (room_id, season_id, min_nights, arrival_days) values (${room!.id}, ${season.id}, 3, 32)`);
  await db.execute(sql`insert into manual_blocks (room_id, first_night, last_night, note) values (${room!.id}, '2031-01-10', '2031-01-12', 'Travaux')`);
  const booking = await db.execute<{
    id: string;
  }>(sql`insert into bookings (room_id, reference, status, arrival, departure, guests, guest_name, guest_email, language, total_cents, quote)
    values (${room!.id}, 'R31-0001', 'confirmed', '2031-02-01', '2031-02-03', 2, 'Ana', 'ana@example.com', 'es', 24690, '{"nights": 2}') returning id`);
  // Its money (issue 52): a card payment and its refund in the ledger, a note, a planned reminder, the counters.
  await db.execute(sql`insert into ledger_entries (booking_id, nature, direction, amount_cents, occurred_on, means, reference, stripe_payment_intent)
    values (${booking.rows[0]!.id}, 'arrhes', 'received', 7400, '2031-01-05', 'stripe', 'pi_backup_1', 'pi_backup_1')`);
  await db.execute(sql`insert into ledger_entries (booking_id, nature, direction, amount_cents, occurred_on, means, reference, recorded_by, reason, stripe_payment_intent, stripe_refund_id, stripe_status)
    values (${booking.rows[0]!.id}, 'remboursement', 'returned', 1000, '2031-01-06', 'stripe', 're_backup_1', 'owner@example.com', 'Geste', 'pi_backup_1', 're_backup_1', 'succeeded')`);
  await db.execute(sql`insert into sequence_counters (series, year, last) values ('note', 2031, 1) on conflict do nothing`);
  await db.execute(sql`insert into stay_notes (kind, number, year, sequence, booking_id, issued_on, guest_name, amount_cents, content)
    values ('note', '2031-0001', 2031, 1, ${booking.rows[0]!.id}, '2031-02-03', 'Ana', 24690, '{"kind": "note"}')`);
  await db.execute(
    sql`insert into scheduled_messages (key, kind, booking_id, due_at) values ('balance_reminder:backup', 'balance_reminder', ${booking.rows[0]!.id}, '2031-01-25 08:00+00')`,
  );
  const mail = await db.execute<{ id: string }>(sql`select id from mail_outbox limit 1`);
  if (mail.rows[0]) {
    await db.execute(
      sql`insert into mail_attachments (mail_id, filename, content_type, content) values (${mail.rows[0].id}, 'facture-2031-0001.pdf', 'application/pdf', '\\x255044462d')`,
    );
  }
  const feed = await db.execute<{ id: string }>(sql`insert into ical_feeds (room_id, url, last_attempt_at, last_success_at)
    values (${room!.id}, 'https://calendar.example.com/room.ics', now(), now()) returning id`);
  await db.execute(sql`insert into ical_events (feed_id, uid, summary, start_night, end_night)
    values (${feed.rows[0]!.id}, 'evt-1@example.com', 'Reserved', '2031-03-01', '2031-03-05')`);

  const { rows } = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const empty: string[] = [];
  for (const { table_name } of rows) {
    const result = await db.execute<{ filled: boolean }>(sql.raw(`select exists (select 1 from "${table_name}") as filled`));
    if (!result.rows[0]!.filled) empty.push(table_name);
  }
  return { admin, empty };
}

/** sha256 of every original image a storage holds, by key. */
export async function imageDigest(storage: Storage): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const key of (await storage.listKeys()).filter(isValidKey).sort()) {
    digest[key] = createHash('sha256')
      .update((await storage.get(key))!.body)
      .digest('hex');
  }
  return digest;
}

export interface ScriptResult {
  code: number | null;
  output: string;
}

/** Runs `npm run <script> -- args` the way npm does (tsx), with `env` over the test's environment. */
export function runScript(script: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv): Promise<ScriptResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  for (const name of ['VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID']) delete childEnv[name];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], { env: childEnv });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** A new empty database on the test server; returns its URL. */
export async function createDatabase(): Promise<string> {
  const maintenance = inject('pgMaintenanceUrl');
  const name = `guesthouse_t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: maintenance });
  await client.connect();
  await client.query(`create database "${name}"`);
  await client.end();
  const url = new URL(maintenance);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Copies an archive, changing entries on the way (`edit` returns the new body, or null to drop it). */
export async function rewriteArchive(from: string, to: string, edit: (name: string, body: Buffer) => Buffer | null) {
  const pack = tar.pack();
  const written = new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(to);
    pack.pipe(zlib.createGzip()).pipe(out);
    out.on('finish', resolve);
    out.on('error', reject);
  });
  await readArchive(from, async (entry) => {
    const body = edit(entry.name, await entryBody(entry));
    if (body) await new Promise<void>((resolve, reject) => pack.entry({ name: entry.name, size: body.length }, body, (e) => (e ? reject(e) : resolve())));
  });
  pack.finalize();
  await written;
}
