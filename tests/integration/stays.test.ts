// Stays run from the back office (issue 35) against the real database: tax, deposit
// and balance in cents from the one engine across two seasons; a phone booking and a
// change refused in the transaction when they would overlap (two at once: one wins);
// a cancelled booking leaves the export feed and reopens its nights; payments; the
// guest's confirmation over a real SMTP exchange carries Reply-To, the amounts and the
// cancellation terms in the guest's language (fr, en, de, es).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guesthouseToday } from '~/.server/guesthouse-time';
import { getExportToken } from '~/.server/booking/availability/export-feed';
import { acceptBookingRequest, createBookingRequest } from '~/.server/booking/stays/requests';
import { findPendingConflicts } from '~/.server/booking/views/reservations';
import { quoteStay } from '~/.server/booking/pricing/quote-inputs';
import { cancelBooking, changeBooking, getBookingRecord, recordBooking, recordEntry, sendGuestMessage } from '~/.server/booking/stays/records';
import { upsertTexts } from '~/.server/content/multilingual-content';
import { siteTextKey } from '~/.server/content/content-keys';
import { db } from '~/.server/db/client';
import {
  bookingEvents,
  bookings,
  contactEmails,
  mailOutbox,
  manualBlocks,
  rooms,
  roomSeasonPrices,
  seasonPeriods,
  seasons,
  siteConfig,
} from '~/.server/db/schema';
import { siteNameForMail } from '~/.server/content/site-settings';
import { createMailWorker } from '~/.server/mail/worker';
import { isRefusal } from '~/.server/rule-refusal';
import { createTranslator, resolveCatalog } from '~/lib/i18n';
import { addDays } from '~/lib/nights';
import { formatMoney } from '~/lib/money';
import { loader as exportLoader } from '~/routes/resources/ical-export';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { accepted, refusalMessage } from '../support/refusals';
import { getRequest, run } from '../support/requests';

const today = guesthouseToday();
const d = (days: number) => addDays(today, days);
let roomId: string;
let otherRoomId: string;
let smtp: TestSmtpServer;

const CANCELLATION = {
  fr: "<p>Annulation gratuite jusqu'à 14 jours avant l'arrivée.</p>",
  en: '<p>Free cancellation up to 14 days before arrival.</p>',
  de: '<p>Kostenlose Stornierung bis 14 Tage vor der Anreise.</p>',
  es: '<p>Cancelación gratuita hasta 14 días antes de la llegada.</p>',
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  await db.insert(contactEmails).values({ email: 'owner@example.com' });
  await db.insert(siteConfig).values({
    name: 'Le Mas des Tests',
    contactEmail: 'maison@example.com',
    phones: ['+33 4 93 00 00 00'],
    address: '1 chemin des Jasmins\n06130 Grasse',
    // The tax per adult per night: a base of 1,10 € and no surcharge.
    touristTaxBaseCents: 110,
    touristTaxRegionalPercent: 0,
    depositPercent: 30,
    balanceDueDays: 7,
    checkInTime: '16:00',
    checkOutTime: '11:00',
  });
  for (const [language, value] of Object.entries(CANCELLATION)) {
    await upsertTexts(db, { contentType: 'site_config', entityId: null, language }, [{ key: siteTextKey('cancellation_terms'), value }]);
  }
  const [room, other] = await db
    .insert(rooms)
    .values([
      { position: 0, pricePerNightCents: 95_00, maxGuests: 3 },
      { position: 1, pricePerNightCents: 70_00, maxGuests: 2 },
    ])
    .returning();
  roomId = room!.id;
  otherRoomId = other!.id;
  const [high] = await db.insert(seasons).values({ name: 'Haute saison', minStay: 2 }).returning();
  const [low] = await db.insert(seasons).values({ name: 'Basse saison' }).returning();
  await db.insert(seasonPeriods).values([
    { seasonId: low!.id, firstNight: d(1), lastNight: d(99) },
    { seasonId: high!.id, firstNight: d(100), lastNight: d(199) },
  ]);
  await db.insert(roomSeasonPrices).values([
    { roomId, seasonId: high!.id, pricePerNightCents: 140_50 },
    { roomId, seasonId: low!.id, pricePerNightCents: 80_00 },
  ]);
});
afterAll(() => smtp?.close());

const stay = (arrival: string, departure: string, extra: Partial<Parameters<typeof recordBooking>[0]> = {}) => ({
  roomId,
  arrival,
  departure,
  adults: 2,
  children: 0,
  ...extra,
});
const guest = (name: string, language = 'fr') => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`,
  phone: '06 12 34 56 78',
  language,
  message: null,
});

const translator = (language: string) => createTranslator(language, resolveCatalog(language, 'fr'));

async function exportFeed(room = roomId) {
  const token = await getExportToken(room);
  const result = await run(exportLoader, getRequest(`/ical/${token}.ics`), { file: `${token}.ics` });
  return (result as unknown as Response).text ? await (result as unknown as Response).text() : String(result.data);
}

describe('money from the one engine', () => {
  it('a stay crossing two seasons: tax, deposit and balance in cents, kept on the request and the booking', async () => {
    const quote = accepted(await quoteStay(roomId, { arrival: d(98), departure: d(102), adults: 2, children: 1 }, ['fr']));
    // 2 nights at 80 € + 2 at 140,50 €; 2 adults × 4 nights × 1,10 €; 30 % of the nights.
    expect(quote.totalCents).toBe(44100);
    expect(quote.taxCents).toBe(2 * 4 * 110);
    expect(quote.depositCents).toBe(Math.round(44100 * 0.3));
    expect(quote.amountCents).toBe(44100 + 880);
    expect(quote.balanceCents).toBe(44100 + 880 - 13230);
    expect(quote.balanceDueDate).toBe(d(91));

    const created = accepted(
      await createBookingRequest({
        roomId,
        arrival: d(98),
        departure: d(102),
        adults: 2,
        children: 0,
        name: 'Jane',
        email: 'jane@example.org',
        language: 'en',
        chain: ['en', 'fr'],
        t: translator('en'),
      }),
    );
    const [row] = await db.select().from(bookings).where(eq(bookings.id, created.id));
    const twoAdults = accepted(await quoteStay(roomId, { arrival: d(98), departure: d(102), adults: 2, children: 0 }, ['fr']));
    expect(row).toMatchObject({
      totalCents: twoAdults.totalCents,
      taxCents: twoAdults.taxCents,
      depositCents: twoAdults.depositCents,
      balanceDueDate: twoAdults.balanceDueDate,
    });

    // A later change of the terms does not change what the request was quoted.
    await db.update(siteConfig).set({ touristTaxBaseCents: 200 });
    expect((await db.select().from(bookings).where(eq(bookings.id, created.id)))[0]!.taxCents).toBe(twoAdults.taxCents);
    await db.update(siteConfig).set({ touristTaxBaseCents: 110 });

    // Accepting keeps the figures, writes the history.
    expect(await acceptBookingRequest(created.id, 'owner@example.com')).toEqual({ awaitingPayment: false });
    const record = await getBookingRecord(created.id);
    expect(record!.events.map((e) => e.kind)).toEqual(['created', 'accepted']);
    expect(record!.money.outstandingCents).toBe(twoAdults.amountCents);
  });
});

describe('a booking taken by phone', () => {
  it('is confirmed at once, priced by the engine or by the owner with a reason, and closes its nights', async () => {
    const recorded = accepted(await recordBooking(stay(d(10), d(13)), guest('Paul Durand'), 'phone', 'owner@example.com'));
    const [row] = await db.select().from(bookings).where(eq(bookings.id, recorded.id));
    expect(row).toMatchObject({ status: 'confirmed', source: 'phone', totalCents: 24000, taxCents: 660, depositCents: 7200 });
    expect(await exportFeed()).toContain(`booking-${recorded.id}@`);

    const overridden = accepted(
      await recordBooking(stay(d(20), d(22), { priceOverride: { cents: 15000, reason: 'Habitué' } }), guest('Marie Curie'), 'email', 'owner@example.com'),
    );
    const [other] = await db.select().from(bookings).where(eq(bookings.id, overridden.id));
    expect(other).toMatchObject({ totalCents: 15000, taxCents: 440, depositCents: 4500, priceOverrideReason: 'Habitué', source: 'email' });
  });

  it('is refused when it would overlap a confirmed stay or a block, and changes nothing', async () => {
    const before = await db.select().from(bookings);
    expect(refusalMessage(await recordBooking(stay(d(11), d(12)), guest('Intrus'), 'phone', null))).toMatch(/^Ces nuits ne sont plus libres : /);
    await db.insert(manualBlocks).values({ roomId, firstNight: d(30), lastNight: d(31), note: 'Travaux' });
    expect(isRefusal(await recordBooking(stay(d(29), d(31)), guest('Intrus'), 'phone', null))).toBe(true);
    expect(refusalMessage(await recordBooking(stay(d(40), d(42), { adults: 4 }), guest('Trop'), 'phone', null))).toBe(
      'Cette chambre accueille 3 personnes au plus',
    );
    expect(await db.select().from(bookings)).toHaveLength(before.length);
  });

  it('two recordings of overlapping stays at the same moment: exactly one succeeds', async () => {
    const results = await Promise.all([
      recordBooking(stay(d(50), d(54)), guest('Premier'), 'phone', null),
      recordBooking(stay(d(52), d(56)), guest('Second'), 'phone', null),
    ]);
    expect(results.filter((r) => !isRefusal(r))).toHaveLength(1);
    expect(refusalMessage(results.find(isRefusal))).toMatch(/^(Une autre réservation confirmée occupe déjà ces nuits|Ces nuits ne sont plus libres : )/);
    const confirmed = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.roomId, roomId), eq(bookings.status, 'confirmed')));
    expect(confirmed.filter((b) => b.arrival >= d(50) && b.arrival <= d(52))).toHaveLength(1);
  });
});

describe('changing a booking', () => {
  it('moves the dates or the room, re-quoted and re-checked, with its history; the feed follows', async () => {
    const recorded = accepted(await recordBooking(stay(d(60), d(62)), guest('Jean Valjean', 'de'), 'phone', 'owner@example.com'));
    // Its own nights do not stand in its way: one more night at the end.
    expect(await changeBooking(recorded.id, stay(d(60), d(63)), 'owner@example.com')).toEqual({ id: recorded.id });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, recorded.id));
    expect(row).toMatchObject({ arrival: d(60), departure: d(63), totalCents: 24000, taxCents: 660 });
    const changes = await db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, recorded.id), eq(bookingEvents.kind, 'changed')));
    expect(changes[0]!.details).toMatchObject({ from: { arrival: d(60), departure: d(62) }, to: { arrival: d(60), departure: d(63) } });
    expect(changes[0]!.actor).toBe('owner@example.com');
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.idempotencyKey, `booking:${recorded.id}:changed:${changes[0]!.id}`));
    expect(mails[0]!.subject).toMatch(/^Ihre Buchung wurde geändert/);

    expect(await changeBooking(recorded.id, stay(d(60), d(62), { roomId: otherRoomId }), null)).toEqual({ id: recorded.id });
    expect(await exportFeed(otherRoomId)).toContain(`booking-${recorded.id}@`);
    expect(await exportFeed(roomId)).not.toContain(`booking-${recorded.id}@`);
  });

  it('is refused in the transaction when the new nights are taken, and changes nothing', async () => {
    const a = accepted(await recordBooking(stay(d(70), d(72)), guest('Alpha'), 'phone', null));
    const b = accepted(await recordBooking(stay(d(73), d(75)), guest('Beta'), 'phone', null));
    const answer = await changeBooking(a.id, stay(d(70), d(74)), null);
    expect(refusalMessage(answer)).toMatch(/^Ces nuits ne sont plus libres : /);
    expect((await db.select().from(bookings).where(eq(bookings.id, a.id)))[0]).toMatchObject({ arrival: d(70), departure: d(72) });

    // Two changes at once into the same free nights: one wins.
    const results = await Promise.all([changeBooking(a.id, stay(d(80), d(83)), null), changeBooking(b.id, stay(d(81), d(84)), null)]);
    expect(results.filter((r) => !isRefusal(r))).toHaveLength(1);
  });
});

describe('cancelling a booking', () => {
  it('leaves the export feed, reopens its nights, tells the guest, and cannot be done twice', async () => {
    const recorded = accepted(await recordBooking(stay(d(90), d(92)), guest('Annule', 'es'), 'phone', null));
    expect(await exportFeed()).toContain(`booking-${recorded.id}@`);
    expect(await cancelBooking(recorded.id, { by: 'house', message: 'Lo sentimos' }, 'owner@example.com')).toEqual({ id: recorded.id });
    expect(await exportFeed()).not.toContain(`booking-${recorded.id}@`);
    const quote = accepted(await quoteStay(roomId, { arrival: d(90), departure: d(92), adults: 2, children: 0 }, ['fr']));
    expect(quote!.problems).toEqual([]);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.idempotencyKey, `booking:${recorded.id}:cancelled`));
    expect(mail!.textBody).toContain('Lo sentimos');
    expect(refusalMessage(await cancelBooking(recorded.id, { by: 'guest', message: null }, null))).toBe("Cette réservation n'est plus confirmée");
  });
});

describe('payments and messages', () => {
  it('marks the deposit received and shows what remains', async () => {
    const recorded = accepted(await recordBooking(stay(d(110), d(112)), guest('Payeur'), 'phone', null));
    const before = (await getBookingRecord(recorded.id))!;
    expect(before.money.outstandingBy.deposit).toBe(8430);
    expect(await recordEntry(recorded.id, { nature: 'arrhes', amountCents: 8430, occurredOn: today, means: 'virement' }, 'owner@example.com')).toEqual({
      id: recorded.id,
    });
    const after = (await getBookingRecord(recorded.id))!;
    expect(after.money.outstandingBy.deposit).toBe(0);
    expect(after.money.outstandingCents).toBe(before.money.outstandingCents - 8430);
    expect(after.events.at(-1)).toMatchObject({ kind: 'payment', actor: 'owner@example.com' });
  });

  it('a message to the guest is kept in the history and queued once per message', async () => {
    const recorded = accepted(await recordBooking(stay(d(120), d(122)), guest('Lecteur', 'en'), 'phone', null));
    await sendGuestMessage(recorded.id, 'The pool opens in June.', 'owner@example.com');
    await sendGuestMessage(recorded.id, 'See you soon.', 'owner@example.com');
    const messages = (await getBookingRecord(recorded.id))!.events.filter((e) => e.kind === 'message');
    expect(messages.map((m) => (m.details as { body: string }).body)).toEqual(['The pool opens in June.', 'See you soon.']);
    const queued = (await db.select().from(mailOutbox)).filter((m) => m.idempotencyKey.startsWith(`booking:${recorded.id}:message:`));
    expect(queued).toHaveLength(2);
  });
});

describe('conflicts shown on pending requests', () => {
  it('names the confirmed stay, the block and the other request a pending request overlaps', async () => {
    const first = accepted(
      await createBookingRequest({
        roomId,
        arrival: d(140),
        departure: d(143),
        adults: 2,
        children: 0,
        name: 'Anna',
        email: 'anna@example.org',
        language: 'en',
        chain: ['en'],
        t: translator('en'),
      }),
    );
    const second = accepted(
      await createBookingRequest({
        roomId,
        arrival: d(142),
        departure: d(145),
        adults: 2,
        children: 0,
        name: 'Bruno',
        email: 'bruno@example.org',
        language: 'fr',
        chain: ['fr'],
        t: translator('fr'),
      }),
    );
    const conflicts = await findPendingConflicts([
      { id: first.id, roomId, arrival: d(140), departure: d(143) },
      { id: second.id, roomId, arrival: d(142), departure: d(145) },
    ]);
    expect(conflicts.get(first.id)).toEqual([{ blocking: false, text: expect.stringContaining('Chevauche la demande en attente de Bruno') }]);
    await recordBooking(stay(d(144), d(146)), guest('Claire'), 'phone', null);
    const after = await findPendingConflicts([{ id: second.id, roomId, arrival: d(142), departure: d(145) }]);
    expect(after.get(second.id)!.map((c) => c.text)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Chevauche la réservation confirmée de Claire'),
        expect.stringContaining('Chevauche la demande en attente de Anna'),
      ]),
    );
    expect(after.get(second.id)!.some((c) => c.blocking)).toBe(true);
  });
});

describe("the guest's confirmation, over SMTP", () => {
  const EXPECT = {
    fr: {
      subject: /^Réservation confirmée/,
      tax: 'Taxe de séjour',
      deposit: 'Arrhes',
      balance: 'Solde',
      checkIn: 'Arrivée à partir de',
      terms: "Annulation gratuite jusqu'à 14 jours",
    },
    en: {
      subject: /^Booking confirmed/,
      tax: 'Tourist tax',
      deposit: 'Deposit (arrhes)',
      balance: 'Balance',
      checkIn: 'Check-in from',
      terms: 'Free cancellation up to 14 days',
    },
    de: {
      subject: /^Buchung bestätigt/,
      tax: 'Kurtaxe',
      deposit: 'Anzahlung (Reugeld, arrhes)',
      balance: 'Restbetrag',
      checkIn: 'Anreise ab',
      terms: 'Kostenlose Stornierung bis 14 Tage',
    },
    es: {
      subject: /^Reserva confirmada/,
      tax: 'Tasa turística',
      deposit: 'Señal (arras)',
      balance: 'Saldo',
      checkIn: 'Llegada a partir de',
      terms: 'Cancelación gratuita hasta 14 días',
    },
  } as const;

  it.each(Object.keys(EXPECT) as Array<keyof typeof EXPECT>)('in %s: Reply-To the house, amounts, address, phone, check-in and the terms', async (language) => {
    await db.delete(mailOutbox);
    const offset = { fr: 150, en: 155, de: 160, es: 165 }[language];
    const recorded = accepted(await recordBooking(stay(d(offset), d(offset + 2)), guest(`Guest ${language}`, language), 'phone', null));
    const worker = createMailWorker({ senderName: siteNameForMail, smtpUrl: smtp.url, listen: false, log: () => {} });
    const already = smtp.mails.length;
    await worker.drain();
    await worker.stop();
    const [mail] = (await smtp.waitForMails(already + 1)).slice(already);
    const e = EXPECT[language];
    expect(mail!.header('reply-to')).toContain('maison@example.com');
    expect(mail!.envelopeTo).toEqual([`guest.${language}@example.org`]);
    expect(mail!.subject).toMatch(e.subject);
    for (const text of [e.tax, e.deposit, e.balance, e.checkIn, '16:00', '1 chemin des Jasmins', '+33 4 93 00 00 00', e.terms])
      expect(mail!.text).toContain(text);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, recorded.id));
    const euros = (cents: number) => (cents / 100).toFixed(2);
    const [taxWhole, taxCents] = euros(row!.taxCents).split('.');
    expect(mail!.text).toMatch(new RegExp(`${taxWhole}[.,]${taxCents}`));
  });
});

describe('the arrivals list as CSV', () => {
  it('lists the arrivals of the period in French, with their tax, neutralises formulas, and refuses a bad or too long period in French', async () => {
    const { loader: csvLoader } = await import('~/routes/resources/arrivals-csv');
    const { signedInAs } = await import('../support/requests');
    const admin = await signedInAs('admin');
    accepted(await recordBooking(stay(d(170), d(172)), { ...guest('=HYPERLINK("x")'), phone: '+33 6 00 00 00 00' }, 'phone', null));
    const abroad = accepted(
      await recordBooking(
        stay(d(170), d(172), { roomId: otherRoomId, adults: 1, children: 1 }),
        { ...guest('Ann Abroad', 'en'), phone: '+44 20 7946 0958' },
        'airbnb',
        null,
      ),
    );
    const response = (await csvLoader({
      request: getRequest(`/admin/arrivals.csv?from=${d(169)}&to=${d(171)}`, admin.cookie),
      params: {},
      context: {},
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const csv = await response.text();
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(
      '"Arrivée";"Départ";"Chambre";"Client";"E-mail";"Téléphone";"Nuits";"Personnes";"Adultes";"Mineurs";"Montant";"Taxe de séjour";"Taxe perçue par";"Reste à payer";"Acompte";"Origine";"Référence"',
    );
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    // Phones as a French spreadsheet shows them: no « + » to neutralise, so no visible apostrophe.
    expect(csv).toContain('"06 00 00 00 00"');
    expect(csv).not.toContain(`"'+`);
    const row = lines.find((l) => l.includes('Ann Abroad'))!.split(';');
    const cell = (name: string) => row[header!.split(';').indexOf(`"${name}"`)];
    expect(cell('Téléphone')).toBe('"00 44 20 7946 0958"');
    expect([cell('Adultes'), cell('Mineurs'), cell('Origine'), cell('Taxe perçue par')]).toEqual(['"1"', '"1"', '"Airbnb"', '"la plateforme"']);
    const [abroadRow] = await db.select().from(bookings).where(eq(bookings.id, abroad.id));
    expect(cell('Taxe de séjour')).toBe(`"${formatMoney(abroadRow!.taxCents)}"`);
    expect(cell('Référence')).toBe(`"${abroadRow!.reference}"`);
    expect(lines.find((l) => l.includes('HYPERLINK'))).toContain('"téléphone"');

    for (const query of [`from=${d(1)}&to=${d(200)}`, 'from=demain&to=2031-02-30', `from=${d(5)}&to=${d(2)}`]) {
      const refused = (await csvLoader({ request: getRequest(`/admin/arrivals.csv?${query}`, admin.cookie), params: {}, context: {} } as never)) as Response;
      expect(refused.status).toBe(400);
      expect(await refused.text()).toMatch(/^(Une période de 92 jours au plus|Date de début invalide|Date de fin invalide|La fin doit être après le début)$/);
    }
  });
});

describe('Configuration: Séjour et paiements', () => {
  it('saves the figures and the cancellation terms of the editing language, which the engine then uses', async () => {
    const { action: configAction, loader: configLoader } = await import('~/routes/admin/config');
    const { formRequest, signedInAs } = await import('../support/requests');
    const admin = await signedInAs('admin');
    const saved = await run(
      configAction,
      formRequest(
        '/admin/config',
        {
          intent: 'save-stay-terms',
          depositPercent: '25',
          balanceDueDays: '10',
          checkInTime: '15:30',
          checkOutTime: '10:00',
          cancellationTerms: '<p>Sans frais<script>x</script></p>',
        },
        admin.cookie,
      ),
    );
    expect(saved.status).toBe(200);
    const [row] = await db.select().from(siteConfig);
    expect(row).toMatchObject({
      depositPercent: 25,
      balanceDueDays: 10,
      checkInTime: '15:30',
      checkOutTime: '10:00',
    });
    const page = await run(configLoader, getRequest('/admin/config', admin.cookie));
    expect(page.data.stayTerms).toMatchObject({ depositPercent: 25, cancellationTerms: '<p>Sans frais</p>' });
    const quote = accepted(await quoteStay(roomId, { arrival: d(10), departure: d(12), adults: 1, children: 0 }, ['fr']));
    expect(quote.depositCents).toBe(Math.round(quote.totalCents * 0.25));
  });
});
