// The tourist tax the law's way (issue 44), against the real database, on a calendar the
// test sets (only Date is faked: "today" is a day of 2026 whatever day the suite runs):
// the rate as the town sets it (base and surcharges, rounded to the cent once) reaching the
// engine; minors exempt; a stay across two quarters and two seasons, its nights split by
// period; a platform's stay left out of what the house pays over; imported calendar events
// listed without figures; a declared quarter locked, a later change shown as a correction
// in the next open one (and declared once only); the CSV; Aujourd'hui's reminder; refusals
// that change nothing; and the migration of the one rate of before.
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadStayTerms, quoteStay } from '~/.server/booking/pricing/quote-inputs';
import { cancelBooking, changeBooking, getBookingRecord, recordBooking, setTaxCollector } from '~/.server/booking/stays/records';
import { declareTaxPeriod, loadTaxRegister, withdrawTaxDeclaration } from '~/.server/booking/tourist-tax/declarations';
import { listTaxReminders } from '~/.server/booking/tourist-tax/reminders';
import { applyMigrationsInTransaction, listMigrations } from '~/.server/db/migrations';
import { db } from '~/.server/db/client';
import {
  bookings,
  icalEvents,
  icalFeeds,
  mailOutbox,
  rooms,
  roomSeasonPrices,
  seasonPeriods,
  seasons,
  siteConfig,
  touristTaxDeclarations,
} from '~/.server/db/schema';
import { parseTaxPeriod, type TaxPeriod } from '~/lib/tourist-tax';
import { action as bookingAction } from '~/routes/admin/booking';
import { action as configAction, loader as configLoader } from '~/routes/admin/config';
import { action as taxAction, loader as taxLoader } from '~/routes/admin/tourist-tax';
import { loader as csvLoader } from '~/routes/resources/tourist-tax-csv';
import { loader as todayLoader } from '~/routes/admin/today';
import { createDatabase } from '../support/backup';
import { databaseDigest } from '../support/db-digest';
import { accepted, refusalMessage } from '../support/refusals';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';

const period = (key: string) => parseTaxPeriod(key)! as TaxPeriod;
const T1 = period('2026-T1');
const T2 = period('2026-T2');
const T3 = period('2026-T3');

/** "Today" at the guesthouse (noon in Paris). */
function setToday(date: string) {
  vi.setSystemTime(new Date(`${date}T10:00:00Z`));
}

let familyRoom: string;
let doubleRoom: string;
/** A session signed in on the day the test stands (a session lives 7 days). */
const admin = async () => (await signedInAs('admin')).cookie;

const guest = (name: string) => ({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`, phone: null, language: 'fr', message: null });
const stay = (roomId: string, arrival: string, departure: string, guests = 2, children = 0) => ({
  roomId,
  arrival,
  departure,
  adults: guests - children,
  children,
});

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  setToday('2026-03-20');
  await db.insert(siteConfig).values({
    name: 'Le Mas des Tests',
    // 1,00 € of base and the regional 34 %: 1,34 € per adult per night.
    touristTaxBaseCents: 100,
    touristTaxRegionalPercent: 34,
    touristTaxDepartmentalPercent: 0,
    touristTaxFrequency: 'quarterly',
    touristTaxDueDay: 20,
    depositPercent: 30,
  });
  const [family, double] = await db
    .insert(rooms)
    .values([
      { position: 0, pricePerNightCents: 120_00, maxGuests: 4 },
      { position: 1, pricePerNightCents: 90_00, maxGuests: 2 },
    ])
    .returning();
  familyRoom = family!.id;
  doubleRoom = double!.id;
  const [winter] = await db.insert(seasons).values({ name: 'Hiver' }).returning();
  const [spring] = await db.insert(seasons).values({ name: 'Printemps' }).returning();
  await db.insert(seasonPeriods).values([
    { seasonId: winter!.id, firstNight: '2026-01-01', lastNight: '2026-03-31' },
    { seasonId: spring!.id, firstNight: '2026-04-01', lastNight: '2026-06-30' },
  ]);
  await db.insert(roomSeasonPrices).values([
    { roomId: familyRoom, seasonId: winter!.id, pricePerNightCents: 100_00 },
    { roomId: familyRoom, seasonId: spring!.id, pricePerNightCents: 130_00 },
  ]);
});

afterAll(() => {
  vi.useRealTimers();
});

describe('the rate as the town sets it', () => {
  beforeEach(() => setToday('2026-03-20'));

  it('is the base with its surcharges, rounded to the cent once, and reaches the engine', async () => {
    const cookie = await admin();
    const save = (base: string, regional: string, departmental = '0') =>
      run(
        configAction,
        formRequest(
          '/admin/config',
          {
            intent: 'save-tourist-tax',
            base,
            regionalPercent: regional,
            departmentalPercent: departmental,
            collector: "Communauté d'agglomération du Pays de Grasse",
            declarationUrl: 'https://taxe.example.fr',
            frequency: 'quarterly',
            dueDay: '20',
            deliberation: 'DL 2025-112',
          },
          cookie,
        ),
      );
    // 0,83 € × 1,34 = 1,1122 €
    expect((await save('0,83', '34')).status).toBe(200);
    expect((await loadStayTerms()).touristTaxCents).toBe(111);
    // 0,75 € × 1,34 = 1,005 €: half a cent goes up
    expect((await save('0.75', '34')).status).toBe(200);
    expect((await loadStayTerms()).touristTaxCents).toBe(101);
    // Both surcharges are shares of the base: 0,80 × 1,44 = 1,152
    expect((await save('0,80', '34', '10')).status).toBe(200);
    expect((await loadStayTerms()).touristTaxCents).toBe(115);
    expect((await save('1,00', '34')).status).toBe(200);
    expect((await loadStayTerms()).touristTaxCents).toBe(134);
    const quote = accepted(await quoteStay(doubleRoom, { arrival: '2026-05-04', departure: '2026-05-07', adults: 2, children: 0 }, ['fr']));
    expect(quote.taxCents).toBe(2 * 3 * 134);

    const page = await run(configLoader, getRequest('/admin/config', cookie));
    expect(page.data.touristTax).toMatchObject({ base: '1.00', regionalPercent: 34, departmentalPercent: 0, frequency: 'quarterly', dueDay: 20 });
  });

  it('refuses a negative rate, a surcharge over 100 %, a due day past the 28th, in French, and changes nothing', async () => {
    const cookie = await admin();
    const before = await databaseDigest();
    const valid = { intent: 'save-tourist-tax', base: '1,00', regionalPercent: '34', departmentalPercent: '0', frequency: 'quarterly', dueDay: '20' };
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ base: '-0,50' }, 'base', 'Le tarif de base ne peut pas être négatif'],
      [{ base: '1,234' }, 'base', 'Le tarif de base ne peut avoir que 2 décimales'],
      [{ regionalPercent: '101' }, 'regionalPercent', 'La taxe additionnelle régionale doit être comprise entre 0 et 100 %'],
      [{ departmentalPercent: '-10' }, 'departmentalPercent', 'La taxe additionnelle départementale doit être comprise entre 0 et 100 %'],
      [{ dueDay: '31' }, 'dueDay', 'Le jour limite doit être compris entre 1 et 28'],
      [{ frequency: 'weekly' }, 'frequency', 'Choisissez la périodicité de la déclaration'],
      [{ declarationUrl: 'javascript:alert(1)' }, 'declarationUrl', 'Le lien doit commencer par http:// ou https://'],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await run(configAction, formRequest('/admin/config', { ...valid, ...fields }, cookie));
      expect(answer.status, field).toBe(400);
      expect(answer.data.result.error[field], field).toEqual([message]);
    }
    expect(await databaseDigest()).toBe(before);
  });
});

describe('the register of a period', () => {
  let crossing: string;
  let phone: string;
  let airbnb: string;

  beforeAll(async () => {
    setToday('2026-03-20');
    // A family of two adults and a child, from 29 March to 2 April: three winter nights in
    // the first quarter, one spring night in the second.
    crossing = accepted(await recordBooking(stay(familyRoom, '2026-03-29', '2026-04-02', 3, 1), guest('Famille Martin'), 'phone', 'owner@example.com')).id;
    phone = accepted(await recordBooking(stay(doubleRoom, '2026-03-21', '2026-03-23'), guest('Paul Durand'), 'phone', 'owner@example.com')).id;
    // Booked on Airbnb: the platform collects the tax itself.
    airbnb = accepted(await recordBooking(stay(doubleRoom, '2026-03-25', '2026-03-28'), guest('Airbnb Guest'), 'airbnb', 'owner@example.com')).id;
  });
  beforeEach(() => setToday('2026-03-20'));

  it('a stay across two quarters and two seasons: its nights split by period, its child exempt, the rate per person-night', async () => {
    const quote = accepted(await quoteStay(familyRoom, { arrival: '2026-03-29', departure: '2026-04-02', adults: 2, children: 1 }, ['fr']));
    expect(quote.lines.filter((l) => l.kind === 'nights').map((l) => [l.season?.name, l.nights])).toEqual([
      ['Hiver', 3],
      ['Printemps', 1],
    ]);
    expect(quote.taxCents).toBe(2 * 4 * 134);

    const first = await loadTaxRegister(T1);
    const row = first.rows.find((r) => r.bookingId === crossing)!;
    expect(row).toMatchObject({
      arrival: '2026-03-29',
      departure: '2026-04-02',
      nights: 3,
      adults: 2,
      exempt: 1,
      exemptReason: 'mineur',
      taxableNights: 6,
      exemptNights: 3,
      rateCents: 134,
      amountCents: 804,
      collector: 'house',
      collectorLabel: 'la maison',
    });
    const second = await loadTaxRegister(T2);
    expect(second.rows.find((r) => r.bookingId === crossing)).toMatchObject({ nights: 1, taxableNights: 2, exemptNights: 1, amountCents: 268 });
    // Split, nothing lost: the two periods hold the stay's tax.
    expect(804 + 268).toBe(quote.taxCents);
    // No identity data: no name, e-mail or phone anywhere in a register.
    expect(JSON.stringify(first)).not.toMatch(/Martin|Durand|example\.org|Airbnb Guest/);
  });

  it("a platform's stay is listed, collected by the platform, and left out of what the house pays over", async () => {
    const register = await loadTaxRegister(T1);
    expect(register.rows.find((r) => r.bookingId === airbnb)).toMatchObject({
      collector: 'platform',
      collectorLabel: 'Airbnb',
      taxableNights: 6,
      amountCents: 804,
    });
    // The house: the family's 3 nights (804) and Paul's 2 nights × 2 adults (536).
    expect(register.totals.house).toEqual({ stays: 2, nights: 5, taxableNights: 10, exemptNights: 3, amountCents: 804 + 536 });
    expect(register.totals.platform).toEqual({ stays: 1, nights: 3, taxableNights: 6, exemptNights: 0, amountCents: 804 });
    // The guest paid the platform the tax: the house does not ask it again, and Airbnb confirmed the booking itself.
    const record = (await getBookingRecord(airbnb))!;
    expect(record.money.dueCents).toBe(record.row.totalCents);
    expect((await db.select().from(mailOutbox)).filter((m) => m.idempotencyKey.startsWith(`booking:${airbnb}:`))).toEqual([]);

    // The owner says the house collected it after all: the register follows, the history says so.
    expect(await setTaxCollector(airbnb, 'house', 'owner@example.com')).toEqual({ id: airbnb });
    expect((await loadTaxRegister(T1)).totals.house.amountCents).toBe(804 + 536 + 804);
    expect((await getBookingRecord(airbnb))!.events.at(-1)).toMatchObject({ kind: 'tax_collector', details: { from: 'platform', to: 'house' } });
    await setTaxCollector(airbnb, 'platform', 'owner@example.com');
    expect((await loadTaxRegister(T1)).totals.house.amountCents).toBe(804 + 536);
  });

  it("lists an imported calendar's events as platform stays without figures, unless a confirmed stay holds those nights", async () => {
    const [feed] = await db.insert(icalFeeds).values({ roomId: familyRoom, url: 'https://www.airbnb.fr/calendar/ical/123.ics?s=abc' }).returning();
    await db.insert(icalEvents).values([
      { feedId: feed!.id, uid: 'hm-1@airbnb.com', summary: 'Reserved', startNight: '2026-03-10', endNight: '2026-03-14' },
      // The family's nights, mirrored by the platform: not a second stay.
      { feedId: feed!.id, uid: 'hm-2@airbnb.com', summary: 'Not available', startNight: '2026-03-29', endNight: '2026-04-02' },
    ]);
    const register = await loadTaxRegister(T1);
    const imported = register.rows.filter((r) => r.kind === 'imported');
    expect(imported).toEqual([
      expect.objectContaining({
        arrival: '2026-03-10',
        departure: '2026-03-14',
        nights: 4,
        adults: null,
        amountCents: null,
        collector: 'platform',
        collectorLabel: 'Airbnb',
      }),
    ]);
    expect(register.totals.platform).toMatchObject({ stays: 2, nights: 3 + 4, amountCents: 804 });
    await db.delete(icalFeeds).where(eq(icalFeeds.id, feed!.id));
  });

  it('a period without stays is an empty register, not an error', async () => {
    const register = await loadTaxRegister(period('2025-T2'));
    expect(register.rows).toEqual([]);
    expect(register.totals.house).toEqual({ stays: 0, nights: 0, taxableNights: 0, exemptNights: 0, amountCents: 0 });
    const cookie = await admin();
    const page = await run(taxLoader, getRequest('/admin/tourist-tax?period=2025-T2', cookie));
    expect(page.data).toMatchObject({ loadError: null, periodError: null, page: { rows: [], period: { key: '2025-T2', label: '2e trimestre 2025' } } });
  });

  it('opens on the period to declare, and answers a malformed or over-long period in French with that one', async () => {
    const cookie = await admin();
    // 20 March: the last quarter ended is the 4th of 2025, not declared; the address names it.
    const landing = await run(taxLoader, getRequest('/admin/tourist-tax', cookie));
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe('/admin/tourist-tax?period=2025-T4');
    for (const typed of ['2026-T5', 'demain', '2026-t1', `2026-T1${'x'.repeat(5000)}`, '']) {
      const page = await run(taxLoader, getRequest(`/admin/tourist-tax?period=${encodeURIComponent(typed)}`, cookie));
      expect(page.status, typed.slice(0, 10)).toBe(200);
      expect(page.data.periodError).toBe('Période invalide : écrivez par exemple 2026-T1 (trimestre), 2026-S1 (semestre) ou 2026-03 (mois)');
      expect(page.data.page.period.key).toBe('2025-T4');
      const csv = (await run(csvLoader, getRequest(`/admin/tourist-tax.csv?period=${encodeURIComponent(typed)}`, cookie))) as { status: number; data: string };
      expect(csv.status).toBe(400);
      expect(csv.data).toMatch(/^Période invalide/);
    }
  });

  it('exports the register as CSV: BOM, semicolons, French headers, no formula at the start of a cell', async () => {
    const cookie = await admin();
    const response = (await csvLoader({ request: getRequest('/admin/tourist-tax.csv?period=2026-T1', cookie), params: {}, context: {} } as never)) as Response;
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="taxe-de-sejour-2026-T1.csv"');
    // Response.text() drops a BOM: read the bytes.
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .trim()
      .split('\r\n')
      .map((line) => line.split(';').map((cell) => cell.slice(1, -1)));
    expect(lines[0]).toEqual([
      'Arrivée',
      'Départ',
      'Chambre',
      'Nuits dans la période',
      'Adultes',
      'Personnes exonérées',
      "Motif d'exonération",
      'Nuitées taxées',
      'Nuitées exonérées',
      'Tarif par personne et par nuit (€)',
      'Montant (€)',
      'Collectée par',
      'Correction',
    ]);
    expect(lines).toContainEqual(['29/03/2026', '02/04/2026', 'Chambre #1', '3', '2', '1', 'mineur', '6', '3', '1,34', '8,04', 'la maison', '']);
    expect(lines).toContainEqual(['25/03/2026', '28/03/2026', 'Chambre #2', '3', '2', '0', '', '6', '0', '1,34', '8,04', 'Airbnb', '']);
    for (const cell of lines.flat()) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('cannot be declared before the period is over, nor paid in the future; nothing is stored', async () => {
    expect(refusalMessage(await declareTaxPeriod({ period: '2026-T1', declaredOn: '2026-03-20', paid: 1340, reference: null }, 'owner@example.com'))).toBe(
      'Période non terminée : 1er trimestre 2026 se déclare à partir du 01/04/2026',
    );
    setToday('2026-04-10');
    expect(refusalMessage(await declareTaxPeriod({ period: '2026-T1', declaredOn: '2026-04-11', paid: 1340, reference: null }, 'owner@example.com'))).toBe(
      'La date de paiement ne peut pas être dans le futur',
    );
    expect(await db.select().from(touristTaxDeclarations)).toEqual([]);
  });

  it("Aujourd'hui says when the declaration is due within 10 days, and which period is undeclared", async () => {
    setToday('2026-04-05');
    expect(await listTaxReminders('2026-04-05')).toEqual([]);
    setToday('2026-04-12');
    expect(await listTaxReminders('2026-04-12')).toEqual([
      {
        key: '2026-T1',
        text: 'Taxe de séjour : déclaration du 1er trimestre 2026 à faire au plus tard le 20/04/2026 (dans 8 jours)',
        to: '/admin/tourist-tax?period=2026-T1',
      },
    ]);
    const today = await run(todayLoader, getRequest('/admin/today', await admin()));
    expect(today.data.warnings.touristTax).toHaveLength(1);
    setToday('2026-04-25');
    expect((await listTaxReminders('2026-04-25')).map((r) => r.text)).toEqual([
      'Taxe de séjour : la déclaration du 1er trimestre 2026 était due le 20/04/2026',
    ]);
    // A quarter later, still undeclared: the quarter of the house's stays is named.
    setToday('2026-07-10');
    expect((await listTaxReminders('2026-07-10')).map((r) => r.text)).toEqual([
      'Taxe de séjour : déclaration du 2e trimestre 2026 à faire au plus tard le 20/07/2026 (dans 10 jours)',
      'Taxe de séjour non déclarée : 1er trimestre 2026 (due le 20/04/2026)',
    ]);
  });

  it('a declared quarter is locked: a later change shows as a correction in the next open one, declared once only', async () => {
    setToday('2026-04-10');
    const cookie = await admin();
    const declared = await run(
      taxAction,
      formRequest('/admin/tourist-tax', { intent: 'declare', period: '2026-T1', declaredOn: '2026-04-09', paid: '13,40', reference: 'TS-2026-T1' }, cookie),
    );
    expect(declared.status).toBe(200);
    const locked = await loadTaxRegister(T1);
    expect(locked.declared).toMatchObject({ period: '2026-T1', declaredOn: '2026-04-09', paidCents: 1340, reference: 'TS-2026-T1' });
    expect(locked.totals.house.amountCents).toBe(804 + 536);
    // Declared twice: refused, nothing changes.
    const before = await databaseDigest();
    const twice = await run(
      taxAction,
      formRequest('/admin/tourist-tax', { intent: 'declare', period: '2026-T1', declaredOn: '2026-04-09', paid: '1' }, cookie),
    );
    expect(twice.status).toBe(400);
    expect(await databaseDigest()).toBe(before);
    // A month of the declared quarter cannot be declared on its own.
    expect(refusalMessage(await declareTaxPeriod({ period: '2026-02', declaredOn: '2026-04-09', paid: 0, reference: null }, null))).toBe(
      'Cette période partage des nuits avec la période déclarée « 1er trimestre 2026 »',
    );

    // The child was in fact 18: three adults. The stay under way keeps its arrival.
    expect(await changeBooking(crossing, stay(familyRoom, '2026-03-29', '2026-04-02', 3, 0), 'owner@example.com')).toEqual({ id: crossing });
    // Paul's stay is cancelled after the fact.
    expect(await cancelBooking(phone, { by: 'guest', message: null }, 'owner@example.com')).toEqual({ id: phone });

    // The first quarter stays as declared.
    expect(await loadTaxRegister(T1)).toEqual(locked);
    // The second carries the corrections: each declared line taken back, the stay as it is now.
    const second = await loadTaxRegister(T2);
    const corrections = second.rows.filter((r) => r.kind === 'correction');
    expect(corrections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          bookingId: crossing,
          nights: -3,
          taxableNights: -6,
          exemptNights: -3,
          amountCents: -804,
          correction: expect.objectContaining({ period: '2026-T1', side: 'declared' }),
        }),
        expect.objectContaining({
          bookingId: crossing,
          nights: 3,
          adults: 3,
          taxableNights: 9,
          exemptNights: 0,
          amountCents: 1206,
          correction: expect.objectContaining({ side: 'current' }),
        }),
        expect.objectContaining({ bookingId: phone, nights: -2, amountCents: -536, correction: expect.objectContaining({ side: 'declared' }) }),
      ]),
    );
    expect(corrections).toHaveLength(3);
    // The family's spring night (now 3 adults: 402) and the corrections (−804 + 1206 − 536).
    expect(second.totals.house.amountCents).toBe(402 - 804 + 1206 - 536);
    // The CSV says it in words, never with a leading minus.
    const csv = await (
      (await csvLoader({ request: getRequest('/admin/tourist-tax.csv?period=2026-T2', cookie), params: {}, context: {} } as never)) as Response
    ).text();
    expect(csv).toContain('"Correction du 1er trimestre 2026 : ligne déclarée retirée"');
    expect(csv).toContain(
      '"29/03/2026";"02/04/2026";"Chambre #1";"3";"2";"1";"mineur";"6";"3";"1,34";"8,04";"la maison";"Correction du 1er trimestre 2026 : ligne déclarée retirée"',
    );

    // Declaring the second quarter declares the corrections with it: the third carries none of them…
    setToday('2026-07-05');
    accepted(await declareTaxPeriod({ period: '2026-T2', declaredOn: '2026-07-04', paid: 268, reference: null }, 'owner@example.com'));
    expect((await loadTaxRegister(T3)).rows.filter((r) => r.kind === 'correction')).toEqual([]);
    // …until the family's stay changes again: corrected against what was declared since.
    await cancelBooking(crossing, { by: 'guest', message: null }, 'owner@example.com');
    const third = await loadTaxRegister(T3);
    expect(third.rows.map((r) => [r.bookingId, r.correction?.period, r.correction?.side, r.amountCents])).toEqual(
      expect.arrayContaining([
        [crossing, '2026-T1', 'declared', -1206],
        [crossing, '2026-T2', 'declared', -402],
      ]),
    );
    expect(third.rows).toHaveLength(2);

    // Only the last declaration may be withdrawn; the quarter then opens again with its corrections.
    expect(refusalMessage(await withdrawTaxDeclaration('2026-T1'))).toBe('Seule la dernière déclaration enregistrée (2e trimestre 2026) peut être annulée');
    const withdrawn = await run(taxAction, formRequest('/admin/tourist-tax', { intent: 'withdraw', period: '2026-T2' }, await admin()));
    expect(withdrawn.status).toBe(200);
    const reopened = await loadTaxRegister(T2);
    expect(reopened.declared).toBeNull();
    // The first quarter's lines now corrected to nothing (cancelled), the family's spring night gone.
    expect(reopened.totals.house.amountCents).toBe(-804 - 536);
  });
});

describe('declaring at the same moment', () => {
  it('two declarations of one period from two requests: exactly one is kept', async () => {
    setToday('2026-07-05');
    const declare = () => declareTaxPeriod({ period: '2026-T2', declaredOn: '2026-07-05', paid: 0, reference: null }, 'owner@example.com');
    const results = await Promise.all([declare(), declare(), declare()]);
    expect(results.filter((r) => !('message' in r))).toHaveLength(1);
    expect(results.filter((r) => 'message' in r).map(refusalMessage)).toEqual(['Cette période est déjà déclarée', 'Cette période est déjà déclarée']);
    expect(await db.select().from(touristTaxDeclarations).where(eq(touristTaxDeclarations.period, '2026-T2'))).toHaveLength(1);
  });
});

describe('who collects, from the booking form', () => {
  it("a booking made on Airbnb or Booking.com is the platform's by default, changeable; phone and e-mail: the house", async () => {
    setToday('2026-07-05');
    const cookie = await admin();
    const record = (fields: Record<string, string>) =>
      run(
        bookingAction,
        formRequest(
          '/admin/booking/new',
          {
            intent: 'record',
            roomId: familyRoom,
            adults: '2',
            children: '0',
            name: 'Client plateforme',
            email: '',
            language: 'en',
            ...fields,
          },
          cookie,
        ),
        { bookingId: 'new' },
      );
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ source: 'airbnb', arrival: '2026-08-01', departure: '2026-08-03' }, 'airbnb', 'platform'],
      [{ source: 'booking_com', arrival: '2026-08-05', departure: '2026-08-07', taxCollectedBy: 'house' }, 'booking_com', 'house'],
      [{ source: 'other', arrival: '2026-08-09', departure: '2026-08-11' }, 'other', 'house'],
      [{ source: 'email', arrival: '2026-08-13', departure: '2026-08-15' }, 'email', 'house'],
    ];
    for (const [fields, source, collector] of cases) {
      const result = await record(fields);
      expect(result.status, source).toBe(302);
      const id = result.headers.get('location')!.split('/').pop()!;
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      expect(row, source).toMatchObject({ source, taxCollectedBy: collector });
    }
  });
});

describe('the migration of the one rate typed before', () => {
  it('keeps a house charging what it charged (the rate becomes the base, no surcharge); a house without one gets 34 %', async () => {
    const migrations = listMigrations();
    const index = migrations.findIndex((m) => m.tag.endsWith('_tourist_tax'));
    expect(index).toBeGreaterThan(0);
    for (const [typed, expected] of [
      [110, { base: 110, regional: 0, perNight: 110 }],
      [0, { base: 0, regional: 34, perNight: 0 }],
    ] as const) {
      const url = await createDatabase();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('begin');
      await applyMigrationsInTransaction(client, migrations.slice(0, index));
      await client.query('insert into site_config (name, tourist_tax_cents) values ($1, $2)', ['Avant', typed]);
      await client.query('insert into rooms (position) values (0)');
      const { rows: room } = await client.query<{ id: string }>('select id from rooms');
      await client.query(
        `insert into bookings (room_id, status, arrival, departure, guests, guest_name, guest_email, language, total_cents, source, quote)
         values ($1, 'confirmed', '2026-01-10', '2026-01-12', 2, 'Ana', 'ana@example.org', 'fr', 10000, 'phone', '{}')`,
        [room[0]!.id],
      );
      await applyMigrationsInTransaction(client, migrations.slice(index));
      await client.query('commit');
      const { rows } = await client.query<{ base: number; regional: number; departmental: number }>(
        'select tourist_tax_cents as base, tourist_tax_regional_percent as regional, tourist_tax_departmental_percent as departmental from site_config',
      );
      expect(rows[0]).toEqual({ base: expected.base, regional: expected.regional, departmental: 0 });
      const { rows: stays } = await client.query<{ collector: string }>('select tax_collected_by as collector from bookings');
      expect(stays).toEqual([{ collector: 'house' }]);
      await client.end();
    }
  });
});
