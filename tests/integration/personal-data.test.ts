// Issue 47, item 2: personal data kept only as long as allowed (FRENCH-RULES §7), with a
// clock the test controls. The nightly purge removes a 4-year-old contact message and
// keeps a 2-year-old one, blanks a 4-year-old stay's guest details while its amounts and
// payments stay, runs exactly once a night across two concurrent runners; one person's
// data is exported (JSON, CSV) then erased from Configuration, keeping what accounting
// law requires, and the erasure is recorded.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import {
  bookingEvents,
  bookingPayments,
  bookings,
  contactMessages,
  languages,
  mailOutbox,
  personalDataLog,
  rooms,
  siteConfig,
  testimonials,
} from '~/.server/db/schema';
import { saveRetentionSettings } from '~/.server/content/site-settings';
import { runNightlyPurgeIfDue } from '~/.server/privacy/nightly-purge';
import { ANONYMISED_GUEST_NAME, purgePersonalData } from '~/.server/privacy/retention';
import { RETENTION_DEFAULTS } from '~/lib/schemas/personal-data';
import { action as configAction, loader as configLoader } from '~/routes/admin/config';
import { action as exportAction } from '~/routes/resources/personal-data';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';
import { decodeToast } from '../support/toast-cookie';

/** The test's "now": noon in Paris on 15 June 2030. */
const NOW = new Date('2030-06-15T10:00:00Z');
const yearsAgo = (years: number, from = NOW) => new Date(from.getTime() - years * 365.25 * 24 * 3600 * 1000);
const dateOf = (instant: Date) => instant.toISOString().slice(0, 10);

let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  await db.insert(languages).values({ code: 'fr', name: 'Français', isDefault: true, position: 0 });
  await db.insert(siteConfig).values({ name: 'Mas Test', contactEmail: 'maison@example.com' });
  admin = await signedInAs('admin');
});

async function message(email: string, createdAt: Date) {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: 'Jeanne Martin', email, phone: '06 12 34 56 78', message: 'Bonjour, une chambre en mai ?', createdAt })
    .returning({ id: contactMessages.id });
  return row!.id;
}

async function booking(email: string, values: { status: 'pending' | 'confirmed' | 'refused' | 'cancelled'; departure: Date; paidCents?: number }) {
  const departure = dateOf(values.departure);
  const arrival = dateOf(new Date(values.departure.getTime() - 3 * 24 * 3600 * 1000));
  const createdAt = new Date(values.departure.getTime() - 60 * 24 * 3600 * 1000);
  // A room of its own: stays of different guests may share dates here.
  const [room] = await db.insert(rooms).values({ position: 0, pricePerNightCents: 10000 }).returning({ id: rooms.id });
  const [row] = await db
    .insert(bookings)
    .values({
      roomId: room!.id,
      status: values.status,
      arrival,
      departure,
      guests: 2,
      guestName: 'Ana García',
      guestEmail: email,
      guestPhone: '+34 600 00 00 00',
      message: 'Llegamos tarde',
      language: 'es',
      totalCents: 30000,
      taxCents: 660,
      depositCents: 9000,
      quote: { nights: 3 },
      refusalMessage: values.status === 'refused' ? 'Désolée Ana, complet' : null,
      createdAt,
      decidedAt: values.status === 'pending' ? null : createdAt,
    })
    .returning({ id: bookings.id });
  const id = row!.id;
  await db.insert(bookingEvents).values([
    { bookingId: id, kind: 'created', details: { source: 'site' }, createdAt },
    { bookingId: id, kind: 'message', actor: 'owner', details: { body: 'Bonjour Ana, à bientôt' }, createdAt },
  ]);
  if (values.paidCents) {
    await db.insert(bookingPayments).values({ bookingId: id, kind: 'deposit', amountCents: values.paidCents, receivedOn: arrival, means: 'virement' });
  }
  return id;
}

async function mail(to: string, createdAt: Date, sent: boolean) {
  await db.insert(mailOutbox).values({
    idempotencyKey: `test:${to}:${createdAt.toISOString()}:${sent}`,
    kind: 'booking',
    recipients: [to],
    subject: 'Votre séjour',
    textBody: 'Bonjour',
    htmlBody: '<p>Bonjour</p>',
    createdAt,
    sentAt: sent ? createdAt : null,
  });
}

const exists = async (table: typeof contactMessages | typeof bookings | typeof testimonials, id: string) =>
  (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length === 1;

describe('the retention rules, at a controlled time', () => {
  it('removes what has outlived its period and keeps the rest, the amounts of stays included', async () => {
    const oldMessage = await message('old@example.com', yearsAgo(4));
    const recentMessage = await message('recent@example.com', yearsAgo(2));
    // An old message from someone who stayed last year: the last contact is the stay.
    const customerMessage = await message('customer@example.com', yearsAgo(4));
    await booking('customer@example.com', { status: 'confirmed', departure: yearsAgo(1), paidCents: 9000 });
    const oldStay = await booking('stay@example.com', { status: 'confirmed', departure: yearsAgo(4), paidCents: 9000 });
    const recentStay = await booking('stay2@example.com', { status: 'confirmed', departure: yearsAgo(2) });
    const oldRequest = await booking('refused@example.com', { status: 'refused', departure: yearsAgo(4) });
    // Cancelled, but its deposit was kept: an accounting record, blanked rather than removed.
    const keptDeposit = await booking('cancelled@example.com', { status: 'cancelled', departure: yearsAgo(4), paidCents: 9000 });
    const [oldHidden, oldPublished, recentHidden] = await db
      .insert(testimonials)
      .values([
        { name: 'A', email: 'a@example.com', message: 'Bien', createdAt: yearsAgo(4), isPublished: false },
        { name: 'B', email: 'b@example.com', message: 'Très bien', createdAt: yearsAgo(4), isPublished: true },
        { name: 'C', email: 'c@example.com', message: 'Super', createdAt: yearsAgo(1), isPublished: false },
      ])
      .returning({ id: testimonials.id });
    await mail('old@example.com', yearsAgo(4), true);
    await mail('queued@example.com', yearsAgo(4), false);

    const counts = await purgePersonalData(NOW);
    expect(counts).toEqual({ contactMessages: 1, bookingRequests: 1, stayGuests: 2, testimonials: 1, mails: 1 });

    expect(await exists(contactMessages, oldMessage)).toBe(false);
    expect(await exists(contactMessages, recentMessage)).toBe(true);
    expect(await exists(contactMessages, customerMessage)).toBe(true);
    expect(await exists(bookings, oldRequest)).toBe(false);
    expect(await exists(bookings, recentStay)).toBe(true);
    expect(await exists(testimonials, oldHidden!.id)).toBe(false);
    expect(await exists(testimonials, oldPublished!.id)).toBe(true);
    expect(await exists(testimonials, recentHidden!.id)).toBe(true);

    for (const id of [oldStay, keptDeposit]) {
      const [stay] = await db.select().from(bookings).where(eq(bookings.id, id));
      // The person is gone from the row…
      expect(stay).toMatchObject({ guestName: ANONYMISED_GUEST_NAME, guestEmail: '', guestPhone: null, message: null, refusalMessage: null });
      expect(stay!.anonymisedAt?.toISOString()).toBe(NOW.toISOString());
      // …its dates and money stay, with its payment and its history (without the texts).
      expect(stay).toMatchObject({ totalCents: 30000, taxCents: 660, depositCents: 9000, guests: 2 });
      expect(await db.select({ amount: bookingPayments.amountCents }).from(bookingPayments).where(eq(bookingPayments.bookingId, id))).toEqual([
        { amount: 9000 },
      ]);
      const events = await db.select({ kind: bookingEvents.kind, details: bookingEvents.details }).from(bookingEvents).where(eq(bookingEvents.bookingId, id));
      expect(events.map((e) => e.kind).sort()).toEqual(['created', 'message']);
      expect(JSON.stringify(events)).not.toContain('Ana');
    }
    const [recent] = await db.select({ name: bookings.guestName }).from(bookings).where(eq(bookings.id, recentStay));
    expect(recent!.name).toBe('Ana García');
    const left = await db.select({ to: mailOutbox.recipients }).from(mailOutbox);
    expect(left.map((m) => m.to[0])).toEqual(['queued@example.com']);

    // Run again: nothing more to do (what was blanked is not counted twice).
    expect(await purgePersonalData(NOW)).toEqual({ contactMessages: 0, bookingRequests: 0, stayGuests: 0, testimonials: 0, mails: 0 });
  });

  it('follows the periods set in Configuration', async () => {
    const refused = await run(
      configAction,
      formRequest(
        '/admin/config',
        { intent: 'save-retention', contactMonths: '48', guestMonths: '36', testimonialMonths: '36', policeMonths: '3' },
        admin.cookie,
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({
      contactMonths: ['Messages et demandes sans séjour : entre 1 et 36 mois'],
      policeMonths: ['Fiches de police : entre 6 et 12 mois'],
    });
    const saved = await run(
      configAction,
      formRequest(
        '/admin/config',
        { intent: 'save-retention', contactMonths: '12', guestMonths: '36', testimonialMonths: '36', policeMonths: '6' },
        admin.cookie,
      ),
    );
    expect(decodeToast(saved.headers)).toMatchObject({ description: 'Configuration sauvegardée avec succès' });
    const twoYearOld = await message('twoyears@example.com', yearsAgo(2));
    // recent@ and twoyears@ (2 years ago), customer@ (whose stay ended a year and a day ago).
    expect((await purgePersonalData(NOW)).contactMessages).toBe(3);
    expect(await exists(contactMessages, twoYearOld)).toBe(false);
    await saveRetentionSettings(RETENTION_DEFAULTS);
  });
});

describe('the nightly purge', () => {
  it('runs once a night after 04:00 (Paris), exactly once with two runners at the same moment, and Configuration shows it', async () => {
    const night = new Date('2030-07-01T01:30:00Z'); // 03:30 in Paris
    expect(await runNightlyPurgeIfDue(night)).toBeNull();
    const oldMessage = await message('nightly@example.com', yearsAgo(4, night));
    const at = new Date('2030-07-01T02:10:00Z'); // 04:10 in Paris
    const [first, second] = await Promise.all([runNightlyPurgeIfDue(at), runNightlyPurgeIfDue(at)]);
    const ran = [first, second].filter((r) => r !== null);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.contactMessages).toBe(1);
    expect(await exists(contactMessages, oldMessage)).toBe(false);
    // Later the same night, on any instance: done already.
    expect(await runNightlyPurgeIfDue(new Date('2030-07-01T20:00:00Z'))).toBeNull();
    const logged = await db.select().from(personalDataLog).where(eq(personalDataLog.kind, 'purge'));
    expect(logged.map((l) => l.night)).toEqual(['2030-07-01']);
    expect(logged[0]!.counts).toMatchObject({ contactMessages: 1 });
    // The next night runs again.
    expect(await runNightlyPurgeIfDue(new Date('2030-07-02T03:00:00Z'))).not.toBeNull();
    // The database refuses a second record of one night, whoever writes it.
    await expect(db.insert(personalDataLog).values({ kind: 'purge', night: '2030-07-02', counts: {} })).rejects.toThrow();

    const config = await run(configLoader, getRequest('/admin/config', admin.cookie));
    expect(config.data.lastPurge.counts).toMatchObject({ contactMessages: 0 });
    expect(new Date(config.data.lastPurge.createdAt).toISOString()).toBe('2030-07-02T03:00:00.000Z');
  });
});

// The erasure asks today's date (a stay not over waits): these rows are dated from the real clock.
describe('one person’s data, from Configuration', () => {
  const EMAIL = 'Jeanne.Guest@Example.com';
  const address = EMAIL.toLowerCase();
  const post = (fields: Record<string, string>) => run(configAction, formRequest('/admin/config', fields, admin.cookie));

  it('finds, exports (JSON and CSV) then erases one guest, keeping the stay’s figures with the reason; recorded', async () => {
    await message(address, yearsAgo(1, new Date()));
    const stay = await booking(address, { status: 'confirmed', departure: yearsAgo(1, new Date()), paidCents: 9000 });
    const request = await booking(address, { status: 'refused', departure: yearsAgo(0.5, new Date()) });
    await db.insert(testimonials).values({ name: 'Jeanne', email: address, message: 'Merci !', isPublished: true });
    await mail(address, yearsAgo(1, new Date()), true);
    await message('someone-else@example.com', yearsAgo(1, new Date()));

    const found = await post({ intent: 'find-person', email: EMAIL });
    expect(found.status).toBe(200);
    expect(found.data.answer).toMatchObject({
      email: address,
      found: true,
      counts: { contactMessages: 1, requests: 1, stays: 1, testimonials: 1, mails: 1 },
      underWay: false,
    });
    expect(found.data.answer.kept).toMatch(/^Pièces comptables : .*10 ans \(Code de commerce, art\. L123-22\)/);

    const json = await run(exportAction, formRequest('/admin/personal-data', { intent: 'export-person', email: EMAIL, format: 'json' }, admin.cookie));
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="donnees-jeanne-guest-example-com.json"');
    expect(json.headers.get('cache-control')).toBe('private, no-store');
    expect(json.data.contactMessages).toHaveLength(1);
    expect(json.data.bookings.map((b: { kind: string }) => b.kind).sort()).toEqual(['request', 'stay']);
    expect(json.data.bookings.find((b: { reference: string }) => b.reference === stay).payments).toEqual([
      expect.objectContaining({ kind: 'deposit', amountCents: 9000, means: 'virement' }),
    ]);
    expect(json.data.bookings.find((b: { reference: string }) => b.reference === stay).messagesFromOwner[0].text).toBe('Bonjour Ana, à bientôt');
    expect(json.data.testimonials[0]).toMatchObject({ message: 'Merci !', published: true });
    expect(json.data.onErasure.kept).toMatch(/^Pièces comptables/);
    expect(JSON.stringify(json.data)).not.toContain('someone-else');

    const csv = await run(exportAction, formRequest('/admin/personal-data', { intent: 'export-person', email: EMAIL, format: 'csv' }, admin.cookie));
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = String(csv.data);
    // (The BOM before it is the CSV writer's: csv.test.ts; reading the body as text drops it.)
    expect(text.startsWith('"Catégorie";"Référence";"Date";"Champ";"Valeur"\r\n')).toBe(true);
    expect(text).toContain('"Message de contact";"message 1";');
    expect(text).toContain('"Séjour";');
    expect(text).toContain('"Conservé après effacement";"";"";"raison";"Pièces comptables');
    expect(text).toContain('"phone";');
    // No cell starts with a formula character (a phone number's +).
    expect(text).not.toMatch(/;"[=+\-@]/);

    const erased = await post({ intent: 'erase-person', email: EMAIL });
    expect(erased.status).toBe(200);
    expect(decodeToast(erased.headers)?.description).toBe(
      `Données de ${EMAIL} effacées : 1 message de contact, 1 demande sans séjour, 1 séjour anonymisé, 1 témoignage, 1 courriel`,
    );
    expect(
      await db
        .select()
        .from(contactMessages)
        .where(sql`lower(${contactMessages.email}) = ${address}`),
    ).toEqual([]);
    expect(await exists(bookings, request)).toBe(false);
    const [kept] = await db.select().from(bookings).where(eq(bookings.id, stay));
    expect(kept).toMatchObject({ guestName: ANONYMISED_GUEST_NAME, guestEmail: '', guestPhone: null, totalCents: 30000, depositCents: 9000 });
    expect(await db.select({ id: testimonials.id }).from(testimonials).where(eq(testimonials.email, address))).toEqual([]);
    // Someone else's data is untouched.
    expect(await db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.email, 'someone-else@example.com'))).toHaveLength(1);

    // Recorded: who, when, whose address (masked), what went.
    const [log] = await db.select().from(personalDataLog).where(eq(personalDataLog.kind, 'erasure'));
    expect(log).toMatchObject({
      actor: admin.email,
      subject: 'j•••@example.com',
      counts: { contactMessages: 1, bookingRequests: 1, stayGuests: 1, testimonials: 1, mails: 1 },
    });
    const config = await run(configLoader, getRequest('/admin/config', admin.cookie));
    expect(config.data.erasures[0]).toMatchObject({ subject: 'j•••@example.com', actor: admin.email });

    // Looked up again: nothing left that names them.
    const again = await post({ intent: 'find-person', email: EMAIL });
    expect(again.data.answer).toMatchObject({ found: false });
  });

  it('waits while a request awaits an answer or a stay is not over', async () => {
    const inTwoWeeks = new Date(Date.now() + 14 * 24 * 3600 * 1000);
    await booking('coming@example.com', { status: 'confirmed', departure: inTwoWeeks });
    await message('coming@example.com', new Date());
    const found = await post({ intent: 'find-person', email: 'coming@example.com' });
    expect(found.data.answer).toMatchObject({ found: true, underWay: true });
    const refused = await post({ intent: 'erase-person', email: 'coming@example.com' });
    expect(refused.status).toBe(400);
    expect(decodeToast(refused.headers)?.description).toMatch(/^Cette personne a une demande en cours ou un séjour à venir/);
    expect(await db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.email, 'coming@example.com'))).toHaveLength(1);
  });

  it('refuses an address that is not one, and users without the role', async () => {
    const invalid = await post({ intent: 'find-person', email: 'pas-un-email' });
    expect(invalid.status).toBe(400);
    expect(invalid.data.result.error).toMatchObject({ email: ['Adresse email invalide'] });
    const user = await signedInAs('user');
    const denied = await run(
      exportAction,
      formRequest('/admin/personal-data', { intent: 'export-person', email: 'x@example.com', format: 'json' }, user.cookie),
    );
    expect(denied.status).toBe(403);
  });
});
