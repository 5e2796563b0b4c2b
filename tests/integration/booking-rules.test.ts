// Booking rules and prices against the real database (issue 45): a promo code's uses are
// counted in the transaction that stores the request, so requests racing for its last uses
// never use it more than it allows; and the stays stored before adults and children were
// told apart are migrated in place (every guest an adult unless recorded as a child, the
// quote snapshot in the generic line shape).
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { guesthouseToday } from '~/.server/guesthouse-time';
import { createBookingRequest } from '~/.server/booking/stays/requests';
import { recordBooking } from '~/.server/booking/stays/records';
import { createPromoCode } from '~/.server/content/promo-codes';
import { CreatePromoCodeSchema } from '~/lib/schemas/promo-code';
import { isRefusal } from '~/.server/rule-refusal';
import { db } from '~/.server/db/client';
import { applyMigrationsInTransaction, listMigrations } from '~/.server/db/migrations';
import { bookingEvents, bookings, contactEmails, promoCodes, rooms, seasonPeriods, seasons } from '~/.server/db/schema';
import { createTranslator, resolveCatalog } from '~/lib/i18n';
import { addDays, type IsoDate } from '~/lib/nights';
import { maskOfDays, weekdayOf } from '~/lib/stay-rules';
import { accepted, refusalMessage } from '../support/refusals';
import { createDatabase } from '../support/backup';

const today = guesthouseToday();
let roomId: string;

beforeAll(async () => {
  await db.insert(contactEmails).values({ email: 'owner@example.com' });
  const [room] = await db.insert(rooms).values({ position: 0, pricePerNightCents: 100_00, maxGuests: 2 }).returning();
  roomId = room!.id;
});

const t = createTranslator('en', resolveCatalog('en', 'fr'));
const request = (index: number, code: string) =>
  createBookingRequest({
    roomId,
    // Stays that never share a night: only the code's uses are at stake.
    arrival: addDays(today, 10 + index * 3),
    departure: addDays(today, 12 + index * 3),
    adults: 2,
    children: 0,
    code,
    name: `Guest ${index}`,
    email: `guest${index}@example.org`,
    language: 'en',
    chain: ['en', 'fr'],
    t,
  });

describe('a promo code under concurrency', () => {
  it('is used at most its maximum when more requests race for it, typed in any case and spacing; the others are refused and keep nothing', async () => {
    const [promo] = await db
      .insert(promoCodes)
      .values({ code: 'RACE', kind: 'percent', value: 10, validFrom: addDays(today, -1), validUntil: addDays(today, 30), maxUses: 3 })
      .returning();
    const results = await Promise.all(Array.from({ length: 8 }, (_, index) => request(index, index % 2 ? ' race ' : 'Ra ce')));
    const stored = results.filter((r) => !isRefusal(r) && 'id' in r);
    const refused = results.filter(isRefusal);
    expect(stored).toHaveLength(3);
    expect(refused).toHaveLength(5);
    for (const refusal of refused) expect(refusal.options.reasons?.join(' ')).toContain('RACE');
    const [after] = await db.select().from(promoCodes).where(eq(promoCodes.id, promo!.id));
    expect(after!.uses).toBe(3);
    const kept = await db.select().from(bookings);
    expect(kept).toHaveLength(3);
    for (const booking of kept) {
      const quote = booking.quote as { promo: { code: string }; lines: Array<{ kind: string; totalCents: number }> };
      expect(quote.promo.code).toBe('RACE');
      // 2 nights × 100 €, then −10 %: the code's line is kept in the snapshot.
      expect(quote.lines.find((line) => line.kind === 'promo_code')?.totalCents).toBe(-20_00);
      expect(booking.totalCents).toBe(180_00);
    }
  });
});

describe('promo codes as the owner types them', () => {
  const typed = (code: string, from: number, until: number) =>
    CreatePromoCodeSchema.parse({ code, kind: 'percent', percent: 15, validFrom: addDays(today, from), validUntil: addDays(today, until) });

  it('stores a code typed in lower case with spaces and accents normalised, and refuses a period that overlaps another of the same code, changing nothing', async () => {
    const first = await createPromoCode(typed(' été 26 ', 0, 30));
    expect(isRefusal(first)).toBe(false);
    const [stored] = await db.select().from(promoCodes).where(eq(promoCodes.code, 'ETE26'));
    expect(stored).toMatchObject({ code: 'ETE26', kind: 'percent', value: 15 });
    const clash = await createPromoCode(typed('Ete26', 20, 50));
    expect(refusalMessage(clash)).toMatch(/^Le code ETE26 est déjà valable sur une partie de ces dates \(du /);
    expect(await db.select().from(promoCodes).where(eq(promoCodes.code, 'ETE26'))).toHaveLength(1);
    // A later period of the same code that touches none of its days is another period.
    expect(isRefusal(await createPromoCode(typed('ETE26', 31, 60)))).toBe(false);
  });
});

describe("the owner's phone booking against the stay rules", () => {
  it('is refused in French by a Tuesday arrival in a Saturday season, then recorded when the owner passes over the rules with a reason kept in the history', async () => {
    const [season] = await db
      .insert(seasons)
      .values({ name: 'Haute saison', minStay: 3, arrivalDays: maskOfDays([5]) })
      .returning();
    await db.insert(seasonPeriods).values({ seasonId: season!.id, firstNight: addDays(today, 100), lastNight: addDays(today, 160) });
    let tuesday: IsoDate = addDays(today, 110);
    while (weekdayOf(tuesday) !== 1) tuesday = addDays(tuesday, 1);
    const stay = { roomId, arrival: tuesday, departure: addDays(tuesday, 2), adults: 2, children: 0 };
    const guest = { name: 'Paul Habitué', email: null, phone: '06 12 34 56 78', language: 'fr', message: null };
    const before = await db.select().from(bookings);
    const refused = refusalMessage(await recordBooking(stay, guest, 'phone', 'owner@example.com'));
    expect(refused).toContain("Pas d'arrivée le mardi — En Haute saison\u00a0: 3 nuits minimum, arrivée le samedi.");
    expect(await db.select().from(bookings)).toHaveLength(before.length);

    const recorded = accepted(await recordBooking({ ...stay, rulesOverride: 'Client fidèle, deux nuits seulement' }, guest, 'phone', 'owner@example.com'));
    const [event] = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, recorded.id));
    expect(event!.details).toMatchObject({ rulesOverride: { reason: 'Client fidèle, deux nuits seulement' } });
    expect(JSON.stringify(event!.details)).toContain('3 nuits minimum');
  });
});

describe('adults and children in stays stored before issue 45', () => {
  const migrations = listMigrations();
  const rulesMigration = migrations.findIndex((m) => m.tag.endsWith('_booking_rules_and_prices'));

  it('migrates each stay in place: its guests adults unless recorded as children, its quote in the generic line shape', async () => {
    expect(rulesMigration).toBeGreaterThan(0);
    const url = await createDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('begin');
      await applyMigrationsInTransaction(client, migrations.slice(0, rulesMigration));
      await client.query('commit');
      const { rows } = await client.query<{ id: string }>('insert into rooms (position, price_per_night_cents, max_guests) values (0, 9500, 4) returning id');
      const room = rows[0]!.id;
      const season = (await client.query<{ id: string }>("insert into seasons (name, min_stay) values ('Haute saison', 2) returning id")).rows[0]!.id;
      const night = (n: number) => ({ night: addDays('2027-07-10', n), seasonId: season, priceCents: 120_00 });
      // Three guests of whom one child, two nights at 120 €, tax 2 adults × 2 nights × 1,50 €.
      const oldQuote = {
        arrival: '2027-07-10',
        departure: '2027-07-12',
        guests: 3,
        nights: [night(0), night(1)],
        lines: [{ seasonId: season, seasonName: 'Haute saison', nights: 2, unitCents: 120_00, totalCents: 240_00 }],
        totalCents: 240_00,
        taxCents: 6_00,
        amountCents: 246_00,
        depositCents: 72_00,
        balanceCents: 174_00,
        balanceDueDate: '2027-07-10',
        minStay: 2,
        problems: [],
      };
      const insert = (guests: number, children: number, total: number, tax: number, quote: object) =>
        client.query<{ id: string }>(
          `insert into bookings (room_id, arrival, departure, guests, children, guest_name, guest_email, language, total_cents, tax_cents, quote)
           values ($1, '2027-07-10', '2027-07-12', $2, $3, 'Ancien', 'ancien@example.org', 'fr', $4, $5, $6) returning id`,
          [room, guests, children, total, tax, JSON.stringify(quote)],
        );
      const family = (await insert(3, 1, 240_00, 6_00, oldQuote)).rows[0]!.id;
      // An owner's agreed price (the old snapshot's `override`) and no tax.
      const agreed = (await insert(2, 0, 200_00, 0, { ...oldQuote, guests: 2, totalCents: 200_00, taxCents: 0, override: { reason: 'Habitué' } })).rows[0]!.id;
      await client.query('begin');
      await applyMigrationsInTransaction(client, migrations.slice(rulesMigration));
      await client.query('commit');
      const read = async (id: string) =>
        (
          await client.query<{ guests: number; children: number; quote: Record<string, unknown> }>(
            'select guests, children, quote from bookings where id = $1',
            [id],
          )
        ).rows[0]!;

      const migrated = await read(family);
      expect(migrated).toMatchObject({ guests: 3, children: 1 });
      expect(migrated.quote).toMatchObject({
        guests: 3,
        adults: 2,
        children: 1,
        promo: null,
        rules: null,
        lines: [{ kind: 'nights', season: { id: season, name: 'Haute saison' }, persons: null, nights: 2, quantity: 2, unitCents: 120_00, totalCents: 240_00 }],
        taxLine: { kind: 'tourist_tax', persons: 2, nights: 2, quantity: 4, unitCents: 1_50, totalCents: 6_00, exempt: 1 },
      });
      expect(migrated.quote).not.toHaveProperty('minStay');

      const withAgreedPrice = await read(agreed);
      expect(withAgreedPrice.quote).toMatchObject({
        adults: 2,
        children: 0,
        lines: [{ kind: 'agreed_price', nights: 2, quantity: 1, unitCents: 200_00, totalCents: 200_00 }],
        taxLine: null,
      });
    } finally {
      await client.end();
    }
  });
});
