import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, eachNight } from '~/lib/nights';
import { computeQuote, listNightlyRates, NO_STAY_TERMS, type QuoteInput, type QuoteSeason } from './quote';

const today = '2026-03-01';
const high: QuoteSeason = {
  id: 'high',
  name: 'Haute saison',
  minStay: 3,
  priceCents: 12000,
  periods: [{ firstNight: '2026-07-01', lastNight: '2026-08-31' }],
};
const low: QuoteSeason = {
  id: 'low',
  name: 'Basse saison',
  minStay: null,
  priceCents: 8000,
  periods: [
    { firstNight: '2026-03-01', lastNight: '2026-06-30' },
    { firstNight: '2026-09-01', lastNight: '2026-10-31' },
  ],
};
const unpricedSeason: QuoteSeason = {
  id: 'mid',
  name: 'Moyenne',
  minStay: 2,
  priceCents: null,
  periods: [{ firstNight: '2026-11-01', lastNight: '2026-11-30' }],
};

const base = (over: Partial<QuoteInput>): QuoteInput => ({
  arrival: '2026-06-28',
  departure: '2026-07-03',
  guests: 2,
  room: { maxGuests: 2, basePriceCents: 9500 },
  seasons: [high, low, unpricedSeason],
  unavailable: new Set(),
  today,
  maxNights: 30,
  horizonDays: 540,
  terms: NO_STAY_TERMS,
  ...over,
});

describe('computeQuote examples', () => {
  it('prices a stay across two seasons, line by season', () => {
    const quote = computeQuote(base({}));
    expect(quote.problems).toEqual([]);
    expect(quote.lines).toEqual([
      { seasonId: 'low', seasonName: 'Basse saison', nights: 3, unitCents: 8000, totalCents: 24000 },
      { seasonId: 'high', seasonName: 'Haute saison', nights: 2, unitCents: 12000, totalCents: 24000 },
    ]);
    expect(quote.totalCents).toBe(48000);
    expect(quote.minStay).toBe(3);
  });

  it('uses the base price outside seasons and in seasons without a price for the room', () => {
    const quote = computeQuote(base({ arrival: '2026-10-30', departure: '2026-11-03' }));
    expect(quote.lines).toEqual([
      { seasonId: 'low', seasonName: 'Basse saison', nights: 2, unitCents: 8000, totalCents: 16000 },
      { seasonId: 'mid', seasonName: 'Moyenne', nights: 2, unitCents: 9500, totalCents: 19000 },
    ]);
    const outside = computeQuote(base({ arrival: '2027-01-10', departure: '2027-01-12' }));
    expect(outside.lines).toEqual([{ seasonId: null, seasonName: null, nights: 2, unitCents: 9500, totalCents: 19000 }]);
  });

  it('lists every reason a request is not possible', () => {
    const quote = computeQuote(base({ arrival: '2026-07-10', departure: '2026-07-12', guests: 3, unavailable: new Set(['2026-07-11']) }));
    expect(quote.problems).toEqual([
      { code: 'guests', maxGuests: 2 },
      { code: 'unavailable', nights: ['2026-07-11'] },
      { code: 'min_stay', minStay: 3 },
    ]);
    expect(computeQuote(base({ arrival: '2026-02-27', departure: '2026-03-02' })).problems).toContainEqual({ code: 'past' });
    expect(computeQuote(base({ arrival: '2026-07-03', departure: '2026-07-03' })).problems).toEqual([{ code: 'departure_not_after_arrival' }]);
    expect(computeQuote(base({ arrival: '2026-07-01', departure: '2026-08-01' })).problems).toEqual([{ code: 'too_long', maxNights: 30 }]);
    expect(computeQuote(base({ arrival: addDays(today, 541), departure: addDays(today, 543) })).problems).toContainEqual({
      code: 'too_far',
      horizonDays: 540,
      lastArrival: addDays(today, 540),
    });
    expect(computeQuote(base({ arrival: '2026-02-30', departure: '2026-03-02' })).problems).toEqual([{ code: 'invalid_dates' }]);
    expect(computeQuote(base({ guests: 0 })).problems).toEqual([{ code: 'guests', maxGuests: 2 }]);
  });

  it('refuses a room with neither a season price nor a base price', () => {
    const quote = computeQuote(base({ room: { maxGuests: 2, basePriceCents: null }, arrival: '2027-01-10', departure: '2027-01-12' }));
    expect(quote.problems).toEqual([{ code: 'no_price' }]);
  });

  it('counts nights, not hours, across the daylight-saving change', () => {
    const quote = computeQuote(base({ arrival: '2026-03-28', departure: '2026-03-30' }));
    expect(quote.nights.map((n) => n.night)).toEqual(['2026-03-28', '2026-03-29']);
    expect(quote.totalCents).toBe(16000);
  });
});

// Arbitrary seasons that never overlap (as the database guarantees): each takes
// disjoint slices of a 200-day window.
const seasonsArb = fc
  .array(
    fc.record({ price: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }), minStay: fc.option(fc.integer({ min: 1, max: 7 }), { nil: null }) }),
    {
      minLength: 0,
      maxLength: 4,
    },
  )
  .chain((specs) =>
    fc.array(fc.integer({ min: 0, max: specs.length }), { minLength: 200, maxLength: 200 }).map((owners) =>
      specs.map((spec, index): QuoteSeason => {
        const periods = owners.flatMap((owner, day) =>
          owner === index + 1 ? [{ firstNight: addDays('2026-04-01', day), lastNight: addDays('2026-04-01', day) }] : [],
        );
        return { id: `s${index}`, name: `Saison ${index}`, minStay: spec.minStay, priceCents: spec.price, periods };
      }),
    ),
  );

const stayArb = fc.record({
  seasons: seasonsArb,
  basePrice: fc.integer({ min: 1, max: 100_000 }),
  start: fc.integer({ min: 0, max: 190 }),
  length: fc.integer({ min: 2, max: 30 }),
});

describe('tourist tax, deposit and balance', () => {
  const terms = { touristTaxCents: 110, depositPercent: 30, balanceDueDays: 7 };

  it('taxes each adult each night, asks the deposit on the nights and dates the balance', () => {
    const quote = computeQuote(base({ terms }));
    // 5 nights (two seasons) for 2 adults at 1,10 €: 11,00 €; 30 % of 480 €.
    expect(quote.taxCents).toBe(1100);
    expect(quote.amountCents).toBe(48000 + 1100);
    expect(quote.depositCents).toBe(14400);
    expect(quote.balanceCents).toBe(49100 - 14400);
    expect(quote.balanceDueDate).toBe('2026-06-21');
  });

  it('leaves children out of the tax and never dates the balance before today', () => {
    const quote = computeQuote(base({ terms, guests: 2, children: 1, arrival: '2026-03-02', departure: '2026-03-04' }));
    expect(quote.taxCents).toBe(220);
    expect(quote.balanceDueDate).toBe(today);
  });

  it('rounds the deposit to the cent', () => {
    const quote = computeQuote(base({ terms: { ...terms, depositPercent: 33 }, arrival: '2027-01-10', departure: '2027-01-11' }));
    expect(quote.depositCents).toBe(Math.round(9500 * 0.33));
    expect(quote.depositCents + quote.balanceCents).toBe(quote.amountCents);
  });
});

describe('computeQuote properties', () => {
  const quoteOf = (s: { seasons: QuoteSeason[]; basePrice: number }, arrival: string, departure: string) =>
    computeQuote(base({ seasons: s.seasons, room: { maxGuests: 2, basePriceCents: s.basePrice }, arrival, departure }));

  it('the total equals the sum of the nights, and of the lines', () => {
    fc.assert(
      fc.property(stayArb, (s) => {
        const arrival = addDays('2026-04-01', s.start);
        const quote = quoteOf(s, arrival, addDays(arrival, s.length));
        expect(quote.totalCents).toBe(quote.nights.reduce((sum, n) => sum + n.priceCents, 0));
        expect(quote.totalCents).toBe(quote.lines.reduce((sum, l) => sum + l.totalCents, 0));
        expect(quote.lines.reduce((sum, l) => sum + l.nights, 0)).toBe(s.length);
        for (const line of quote.lines) expect(line.totalCents).toBe(line.unitCents * line.nights);
      }),
    );
  });

  it('splitting a stay at any night gives the same total', () => {
    fc.assert(
      fc.property(stayArb, fc.integer({ min: 1, max: 29 }), (s, cut) => {
        fc.pre(cut < s.length);
        const arrival = addDays('2026-04-01', s.start);
        const departure = addDays(arrival, s.length);
        const middle = addDays(arrival, cut);
        const whole = quoteOf(s, arrival, departure).totalCents;
        expect(quoteOf(s, arrival, middle).totalCents + quoteOf(s, middle, departure).totalCents).toBe(whole);
      }),
    );
  });

  it('never prices a night twice, and prices each night of the stay', () => {
    fc.assert(
      fc.property(stayArb, (s) => {
        const arrival = addDays('2026-04-01', s.start);
        const departure = addDays(arrival, s.length);
        const nights = quoteOf(s, arrival, departure).nights.map((n) => n.night);
        expect(new Set(nights).size).toBe(nights.length);
        expect(nights).toEqual(eachNight(arrival, departure));
      }),
    );
  });

  it('the published nightly rates cover each night once, and a quote is their sum over its nights', () => {
    fc.assert(
      fc.property(stayArb, (s) => {
        const arrival = addDays('2026-04-01', s.start);
        const departure = addDays(arrival, s.length);
        // Past the seasons' 200 days too, where the base price applies.
        const to = addDays('2026-04-01', 221);
        const rates = listNightlyRates({ from: '2026-04-01', to, room: { basePriceCents: s.basePrice }, seasons: s.seasons });
        const priceOf = new Map<string, number | null>();
        let twice = 0;
        for (const rate of rates) {
          for (const night of eachNight(rate.firstNight, addDays(rate.lastNight, 1))) {
            if (priceOf.has(night)) twice += 1;
            priceOf.set(night, rate.priceCents);
          }
        }
        expect(twice).toBe(0);
        expect([...priceOf.keys()]).toEqual(eachNight('2026-04-01', to));
        const sum = eachNight(arrival, departure).reduce((total, night) => total + priceOf.get(night)!, 0);
        expect(quoteOf(s, arrival, departure).totalCents).toBe(sum);
      }),
      // Each run walks some 220 nights; fewer runs keep it well inside the timeout on a busy machine.
      { numRuns: 50 },
    );
  });
});

describe('listNightlyRates', () => {
  it('runs of nights by season and price, outside seasons at the base price', () => {
    expect(listNightlyRates({ from: '2026-06-29', to: '2026-07-03', room: { basePriceCents: 9500 }, seasons: [high, low] })).toEqual([
      { firstNight: '2026-06-29', lastNight: '2026-06-30', seasonId: 'low', seasonName: 'Basse saison', priceCents: 8000 },
      { firstNight: '2026-07-01', lastNight: '2026-07-02', seasonId: 'high', seasonName: 'Haute saison', priceCents: 12000 },
    ]);
    expect(listNightlyRates({ from: '2026-10-31', to: '2026-11-02', room: { basePriceCents: null }, seasons: [low, unpricedSeason] })).toEqual([
      { firstNight: '2026-10-31', lastNight: '2026-10-31', seasonId: 'low', seasonName: 'Basse saison', priceCents: 8000 },
      { firstNight: '2026-11-01', lastNight: '2026-11-01', seasonId: 'mid', seasonName: 'Moyenne', priceCents: null },
    ]);
  });
});
