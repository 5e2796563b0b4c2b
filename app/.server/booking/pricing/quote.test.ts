import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, eachNight } from '~/lib/nights';
import {
  bestLengthDiscount,
  computeQuote,
  judgeStay,
  listNightlyRates,
  lowestNightlyPrice,
  NO_STAY_TERMS,
  type LengthDiscount,
  type PromoCode,
  type QuoteInput,
  type QuoteLine,
  type QuoteSeason,
} from './quote';
import { ALL_DAYS, maskOfDays, NO_OVERRIDE, type GeneralRules } from '~/lib/stay-rules';

const SAT = 5;
const SUN = 6;
const today = '2026-03-01';
const high: QuoteSeason = {
  id: 'high',
  name: 'Haute saison',
  priceCents: 12000,
  periods: [{ firstNight: '2026-07-01', lastNight: '2026-08-31' }],
  // « En juillet-août : 3 nuits minimum, arrivée le samedi »
  rules: { ...NO_OVERRIDE, minNights: 3, arrivalDays: maskOfDays([SAT]) },
  roomRules: NO_OVERRIDE,
};
const low: QuoteSeason = {
  id: 'low',
  name: 'Basse saison',
  priceCents: 8000,
  periods: [
    { firstNight: '2026-03-01', lastNight: '2026-06-30' },
    { firstNight: '2026-09-01', lastNight: '2026-10-31' },
  ],
  rules: NO_OVERRIDE,
  roomRules: NO_OVERRIDE,
};
const unpricedSeason: QuoteSeason = {
  id: 'mid',
  name: 'Moyenne',
  priceCents: null,
  periods: [{ firstNight: '2026-11-01', lastNight: '2026-11-30' }],
  rules: { ...NO_OVERRIDE, minNights: 2 },
  roomRules: NO_OVERRIDE,
};
const general: GeneralRules = { minNights: 1, maxNights: 30, arrivalDays: ALL_DAYS, departureDays: ALL_DAYS, minNoticeDays: 0, horizonDays: 540 };
const room = { id: 'room', maxGuests: 4, basePriceCents: 9500, includedGuests: 2, extraAdultCents: 0, extraChildCents: 0, singleReductionCents: 0 };

const base = (over: Partial<QuoteInput>): QuoteInput => ({
  arrival: '2026-06-28',
  departure: '2026-07-03',
  adults: 2,
  children: 0,
  room,
  seasons: [high, low, unpricedSeason],
  general,
  lengthDiscounts: [],
  promo: null,
  unavailable: new Set(),
  today,
  terms: NO_STAY_TERMS,
  ...over,
});

const nights = (season: QuoteSeason | null, n: number, unitCents: number): QuoteLine => ({
  kind: 'nights',
  season: season ? { id: season.id, name: season.name } : null,
  persons: null,
  nights: n,
  quantity: n,
  unitCents,
  totalCents: n * unitCents,
});

describe('computeQuote: nights and seasons', () => {
  it('prices a stay across two seasons, line by season', () => {
    const quote = computeQuote(base({}));
    expect(quote.problems).toEqual([]);
    expect(quote.lines).toEqual([nights(low, 3, 8000), nights(high, 2, 12000)]);
    expect(quote.totalCents).toBe(48000);
    expect(quote.taxLine).toBeNull();
  });

  it('uses the base price outside seasons and in seasons without a price for the room', () => {
    const quote = computeQuote(base({ arrival: '2026-10-30', departure: '2026-11-03' }));
    expect(quote.lines).toEqual([nights(low, 2, 8000), nights(unpricedSeason, 2, 9500)]);
    const outside = computeQuote(base({ arrival: '2027-01-10', departure: '2027-01-12' }));
    expect(outside.lines).toEqual([nights(null, 2, 9500)]);
  });

  it('refuses a room with neither a season price nor a base price', () => {
    const quote = computeQuote(base({ room: { ...room, basePriceCents: null }, arrival: '2027-01-10', departure: '2027-01-12' }));
    expect(quote.problems).toEqual([{ code: 'no_price' }]);
  });

  it('counts nights, not hours, across the daylight-saving change', () => {
    const quote = computeQuote(base({ arrival: '2026-03-28', departure: '2026-03-30' }));
    expect(quote.nights.map((n) => n.night)).toEqual(['2026-03-28', '2026-03-29']);
    expect(quote.totalCents).toBe(16000);
  });

  it('lists every reason a request is not possible', () => {
    const quote = computeQuote(base({ arrival: '2026-06-20', departure: '2026-06-22', adults: 5, unavailable: new Set(['2026-06-21']) }));
    expect(quote.problems).toEqual([
      { code: 'guests', maxGuests: 4 },
      { code: 'unavailable', nights: ['2026-06-21'] },
    ]);
    expect(computeQuote(base({ arrival: '2026-02-27', departure: '2026-03-02' })).problems).toContainEqual({ code: 'past' });
    expect(computeQuote(base({ arrival: '2026-07-03', departure: '2026-07-03' })).problems).toEqual([{ code: 'departure_not_after_arrival' }]);
    expect(computeQuote(base({ arrival: '2026-02-30', departure: '2026-03-02' })).problems).toEqual([{ code: 'invalid_dates' }]);
  });
});

describe('stay rules: judged by the arrival night season', () => {
  const season = { id: 'high', name: 'Haute saison' };

  it('refuses a Tuesday arrival and a short stay in a season requiring 3 nights from Saturday', () => {
    // 2026-07-07 is a Tuesday.
    expect(judgeStay(base({ arrival: '2026-07-07', departure: '2026-07-09' })).problems).toEqual([
      { code: 'arrival_day', arrivalDays: maskOfDays([SAT]), season },
      { code: 'min_nights', minNights: 3, season },
    ]);
    // Saturday 4 July, three nights: fine.
    expect(computeQuote(base({ arrival: '2026-07-04', departure: '2026-07-07' })).problems).toEqual([]);
  });

  it('a stay arriving before the season is judged by the earlier season, even crossing into the stricter one', () => {
    // Arrival Tuesday 30 June (low season, no rule), two nights, the second in high season.
    const quote = computeQuote(base({ arrival: '2026-06-30', departure: '2026-07-02' }));
    expect(quote.problems).toEqual([]);
    expect(quote.rules).toMatchObject({ season: { id: 'low', name: 'Basse saison' }, minNights: 1, generalMaxNights: 30 });
    expect(quote.lines).toEqual([nights(low, 1, 8000), nights(high, 1, 12000)]);
    // Arriving in high season and leaving in the low one: high season's rules.
    const back = computeQuote(base({ arrival: '2026-08-29', departure: '2026-09-01' }));
    expect(back.problems).toEqual([]);
    expect(back.rules?.season?.id).toBe('high');
  });

  it('nights outside every season follow Configuration', () => {
    const strict: GeneralRules = { ...general, minNights: 2, departureDays: maskOfDays([SUN]) };
    expect(judgeStay(base({ general: strict, arrival: '2027-01-04', departure: '2027-01-05' })).problems).toEqual([
      { code: 'departure_day', departureDays: maskOfDays([SUN]), season: null },
      { code: 'min_nights', minNights: 2, season: null },
    ]);
  });

  it('a room overrides its season, the season overrides Configuration, field by field', () => {
    const family = { ...high, roomRules: { ...NO_OVERRIDE, minNights: 5 } };
    const rules = judgeStay(base({ seasons: [family, low], arrival: '2026-07-04', departure: '2026-07-08' }));
    expect(rules.problems).toEqual([{ code: 'min_nights', minNights: 5, season }]);
    expect(rules.rules).toMatchObject({ minNights: 5, arrivalDays: maskOfDays([SAT]), maxNights: 30, departureDays: ALL_DAYS });
  });

  it('asks for the notice before arrival, and refuses an arrival beyond the horizon', () => {
    const notice: GeneralRules = { ...general, minNoticeDays: 2, horizonDays: 100 };
    expect(judgeStay(base({ general: notice, arrival: '2026-03-02', departure: '2026-03-04' })).problems).toEqual([
      { code: 'notice', minNoticeDays: 2, firstArrival: '2026-03-03', season: { id: 'low', name: 'Basse saison' } },
    ]);
    expect(judgeStay(base({ general: notice, arrival: '2026-03-03', departure: '2026-03-04' })).problems).toEqual([]);
    expect(judgeStay(base({ general: notice, arrival: addDays(today, 101), departure: addDays(today, 103) })).problems).toEqual([
      { code: 'too_far', horizonDays: 100, lastArrival: addDays(today, 100) },
    ]);
  });

  it('refuses a stay longer than the rules allow, and does not price one past the engine bound', () => {
    const quote = computeQuote(base({ arrival: '2026-03-10', departure: '2026-04-15' }));
    expect(quote.problems).toEqual([{ code: 'too_long', maxNights: 30, season: { id: 'low', name: 'Basse saison' } }]);
    expect(quote.totalCents).toBeGreaterThan(0);
    const unbounded = computeQuote(base({ arrival: '2026-03-10', departure: '2027-03-11' }));
    expect(unbounded.lines).toEqual([]);
  });
});

describe('guests: adults, children and the prices by number of guests', () => {
  const family = { ...room, maxGuests: 5, extraAdultCents: 2500, extraChildCents: 1500 };
  const stay = { arrival: '2026-05-04', departure: '2026-05-07' };

  it('charges each guest beyond those included, each night, adults first in the included places', () => {
    const quote = computeQuote(base({ ...stay, room: family, adults: 3, children: 2 }));
    expect(quote.lines).toEqual([
      nights(low, 3, 8000),
      { kind: 'extra_adult', season: null, persons: 1, nights: 3, quantity: 3, unitCents: 2500, totalCents: 7500 },
      { kind: 'extra_child', season: null, persons: 2, nights: 3, quantity: 6, unitCents: 1500, totalCents: 9000 },
    ]);
    expect(quote.totalCents).toBe(24000 + 7500 + 9000);
    // One adult and two children: the child takes the second included place, one pays.
    const oneAdult = computeQuote(base({ ...stay, room: family, adults: 1, children: 2 }));
    expect(oneAdult.lines.map((l) => [l.kind, l.persons])).toEqual([
      ['nights', null],
      ['extra_child', 1],
    ]);
    // Within the included guests nothing is added.
    expect(computeQuote(base({ ...stay, room: family, adults: 1, children: 1 })).lines).toEqual([nights(low, 3, 8000)]);
  });

  it('takes the lone guest reduction off each night, never more than the cheapest night', () => {
    const single = { ...room, singleReductionCents: 1500 };
    const quote = computeQuote(base({ ...stay, room: single, adults: 1 }));
    expect(quote.lines.at(-1)).toEqual({ kind: 'single_guest', season: null, persons: null, nights: 3, quantity: 3, unitCents: -1500, totalCents: -4500 });
    expect(quote.totalCents).toBe(24000 - 4500);
    const huge = computeQuote(base({ ...stay, room: { ...room, singleReductionCents: 50_000 }, adults: 1 }));
    expect(huge.totalCents).toBe(0);
    expect(computeQuote(base({ ...stay, room: single, adults: 2 })).lines).toEqual([nights(low, 3, 8000)]);
  });

  it('refuses 0 guests, more than the room holds, and children without an adult', () => {
    expect(judgeStay(base({ ...stay, adults: 0, children: 0 })).problems).toEqual([{ code: 'guests', maxGuests: 4 }]);
    expect(judgeStay(base({ ...stay, adults: 11 })).problems).toEqual([{ code: 'guests', maxGuests: 4 }]);
    expect(judgeStay(base({ ...stay, adults: 3, children: 2 })).problems).toEqual([{ code: 'guests', maxGuests: 4 }]);
    expect(judgeStay(base({ ...stay, adults: 0, children: 2 })).problems).toEqual([{ code: 'no_adult' }]);
  });
});

describe('reductions: length of stay, then the promo code, never the tax', () => {
  const week = { arrival: '2026-05-04', departure: '2026-05-11' };
  const tenFromSeven: LengthDiscount = { id: 'los', seasonId: null, roomId: 'room', minNights: 7, percent: 10 };
  const code = (over: Partial<PromoCode> = {}): PromoCode => ({
    id: 'promo',
    code: 'ETE26',
    kind: 'percent',
    value: 10,
    validFrom: '2026-01-01',
    validUntil: '2026-12-31',
    minNights: null,
    maxUses: null,
    uses: 0,
    roomIds: [],
    ...over,
  });
  const promo = (over: Partial<PromoCode> = {}) => ({ typed: 'ETE26', found: code(over) });

  it('takes 10 % from 7 nights off the nights and guests', () => {
    const quote = computeQuote(base({ ...week, lengthDiscounts: [tenFromSeven] }));
    expect(quote.lines.at(-1)).toEqual({
      kind: 'length_of_stay',
      season: null,
      persons: null,
      nights: null,
      quantity: 1,
      unitCents: -5600,
      totalCents: -5600,
      percent: 10,
      fromNights: 7,
    });
    expect(quote.totalCents).toBe(56000 - 5600);
    expect(computeQuote(base({ arrival: '2026-05-04', departure: '2026-05-10', lengthDiscounts: [tenFromSeven] })).totalCents).toBe(48000);
  });

  it('applies the best reduction of the arrival season or the room, never two', () => {
    const seasonal: LengthDiscount = { id: 'season', seasonId: 'low', roomId: null, minNights: 5, percent: 15 };
    const other: LengthDiscount = { id: 'other-room', seasonId: null, roomId: 'another', minNights: 1, percent: 50 };
    const otherSeason: LengthDiscount = { id: 'other-season', seasonId: 'high', roomId: null, minNights: 1, percent: 40 };
    const all = [tenFromSeven, seasonal, other, otherSeason];
    expect(bestLengthDiscount(all, 'room', { id: 'low', name: 'Basse saison' }, 7)?.id).toBe('season');
    expect(bestLengthDiscount(all, 'room', { id: 'low', name: 'Basse saison' }, 4)).toBeNull();
    expect(bestLengthDiscount(all, 'room', null, 7)?.id).toBe('los');
    const quote = computeQuote(base({ ...week, lengthDiscounts: all }));
    expect(quote.lines.filter((l) => l.totalCents < 0)).toHaveLength(1);
    expect(quote.totalCents).toBe(56000 - 8400);
  });

  it('a code applies to what remains after the length-of-stay reduction; the tax is never discounted', () => {
    const terms = { touristTaxCents: 134, depositPercent: 30, balanceDueDays: 0 };
    const quote = computeQuote(base({ ...week, lengthDiscounts: [tenFromSeven], promo: promo(), terms }));
    expect(quote.lines.slice(-2).map((l) => [l.kind, l.totalCents])).toEqual([
      ['length_of_stay', -5600],
      // 10 % of 504 €, not of 560 €.
      ['promo_code', -5040],
    ]);
    expect(quote.promo).toEqual({ id: 'promo', code: 'ETE26' });
    expect(quote.totalCents).toBe(56000 - 5600 - 5040);
    expect(quote.taxCents).toBe(2 * 7 * 134);
    expect(quote.amountCents).toBe(quote.totalCents + quote.taxCents);
    expect(quote.depositCents).toBe(Math.round(quote.totalCents * 0.3));
  });

  it('an amount code never makes the total negative', () => {
    const quote = computeQuote(base({ ...week, promo: promo({ kind: 'amount', value: 1_000_000 }) }));
    expect(quote.lines.at(-1)).toMatchObject({ kind: 'promo_code', totalCents: -56000, code: 'ETE26' });
    expect(quote.lines.at(-1)).not.toHaveProperty('percent');
    expect(quote.totalCents).toBe(0);
  });

  it('says why a code cannot be used: unknown, expired, not yet, exhausted, another room, too short', () => {
    const problems = (input: Partial<QuoteInput>) => judgeStay(base({ ...week, ...input })).problems;
    expect(problems({ promo: { typed: 'NOPE', found: null } })).toEqual([{ code: 'promo_unknown', promo: 'NOPE' }]);
    expect(problems({ promo: promo({ validUntil: '2026-02-28' }) })).toEqual([{ code: 'promo_expired', promo: 'ETE26' }]);
    expect(problems({ promo: promo({ validFrom: '2026-03-02' }) })).toEqual([{ code: 'promo_not_yet', promo: 'ETE26' }]);
    expect(problems({ promo: promo({ maxUses: 3, uses: 3 }) })).toEqual([{ code: 'promo_exhausted', promo: 'ETE26' }]);
    expect(problems({ promo: promo({ roomIds: ['another'] }) })).toEqual([{ code: 'promo_room', promo: 'ETE26' }]);
    expect(problems({ promo: promo({ minNights: 8 }) })).toEqual([{ code: 'promo_min_nights', promo: 'ETE26', minNights: 8 }]);
    expect(problems({ promo: promo({ validFrom: today, validUntil: today, maxUses: 3, uses: 2, roomIds: ['room'], minNights: 7 }) })).toEqual([]);
    // A code that cannot be used takes nothing off.
    expect(computeQuote(base({ ...week, promo: promo({ maxUses: 1, uses: 1 }) })).totalCents).toBe(56000);
  });

  it('an agreed price replaces every line with one, code and reductions aside', () => {
    const quote = computeQuote(base({ ...week, lengthDiscounts: [tenFromSeven], promo: promo(), priceOverrideCents: 30000 }));
    expect(quote.lines).toEqual([{ kind: 'agreed_price', season: null, persons: null, nights: 7, quantity: 1, unitCents: 30000, totalCents: 30000 }]);
    expect(quote.promo).toBeNull();
    expect(quote.totalCents).toBe(30000);
  });
});

describe('tourist tax, deposit and balance', () => {
  const terms = { touristTaxCents: 110, depositPercent: 30, balanceDueDays: 7 };

  it('taxes each adult each night, asks the deposit on the stay and dates the balance', () => {
    const quote = computeQuote(base({ terms }));
    // 5 nights (two seasons) for 2 adults at 1,10 €: 11,00 €; 30 % of 480 €.
    expect(quote.taxLine).toEqual({ kind: 'tourist_tax', season: null, persons: 2, nights: 5, quantity: 10, unitCents: 110, totalCents: 1100, exempt: 0 });
    expect(quote.taxCents).toBe(1100);
    expect(quote.amountCents).toBe(48000 + 1100);
    expect(quote.depositCents).toBe(14400);
    expect(quote.balanceCents).toBe(49100 - 14400);
    expect(quote.balanceDueDate).toBe('2026-06-21');
  });

  it('2 adults + 1 child: the tax counts 2, the child exempt; never dates the balance before today', () => {
    const quote = computeQuote(base({ terms: { ...terms, touristTaxCents: 134 }, adults: 2, children: 1, arrival: '2026-03-02', departure: '2026-03-05' }));
    expect(quote.taxLine).toMatchObject({ persons: 2, nights: 3, quantity: 6, unitCents: 134, totalCents: 804, exempt: 1 });
    expect(quote.guests).toBe(3);
    expect(quote.balanceDueDate).toBe(today);
  });

  it('rounds the deposit to the cent', () => {
    const quote = computeQuote(base({ terms: { ...terms, depositPercent: 33 }, arrival: '2027-01-10', departure: '2027-01-11' }));
    expect(quote.depositCents).toBe(Math.round(9500 * 0.33));
    expect(quote.depositCents + quote.balanceCents).toBe(quote.amountCents);
  });
});

// Arbitrary seasons that never overlap (as the database guarantees): each takes
// disjoint slices of a 200-day window.
const seasonsArb = fc
  .array(
    fc.record({ price: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }), minNights: fc.option(fc.integer({ min: 1, max: 7 }), { nil: null }) }),
    { minLength: 0, maxLength: 4 },
  )
  .chain((specs) =>
    fc.array(fc.integer({ min: 0, max: specs.length }), { minLength: 200, maxLength: 200 }).map((owners) =>
      specs.map((spec, index): QuoteSeason => {
        const periods = owners.flatMap((owner, day) =>
          owner === index + 1 ? [{ firstNight: addDays('2026-04-01', day), lastNight: addDays('2026-04-01', day) }] : [],
        );
        return {
          id: `s${index}`,
          name: `Saison ${index}`,
          priceCents: spec.price,
          periods,
          rules: { ...NO_OVERRIDE, minNights: spec.minNights },
          roomRules: NO_OVERRIDE,
        };
      }),
    ),
  );

const stayArb = fc.record({
  seasons: seasonsArb,
  basePrice: fc.integer({ min: 1, max: 100_000 }),
  start: fc.integer({ min: 0, max: 190 }),
  length: fc.integer({ min: 2, max: 30 }),
});

const pricesArb = fc.record({
  adults: fc.integer({ min: 1, max: 6 }),
  children: fc.integer({ min: 0, max: 4 }),
  includedGuests: fc.integer({ min: 1, max: 4 }),
  extraAdultCents: fc.integer({ min: 0, max: 10_000 }),
  extraChildCents: fc.integer({ min: 0, max: 10_000 }),
  singleReductionCents: fc.integer({ min: 0, max: 200_000 }),
  lengthPercent: fc.option(fc.integer({ min: 1, max: 90 }), { nil: null }),
  lengthFrom: fc.integer({ min: 1, max: 10 }),
  promo: fc.option(
    fc.oneof(
      fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant('amount' as const), value: fc.integer({ min: 1, max: 10_000_000 }) }),
    ),
    {
      nil: null,
    },
  ),
  tax: fc.integer({ min: 0, max: 500 }),
});

describe('computeQuote properties', () => {
  const quoteOf = (s: { seasons: QuoteSeason[]; basePrice: number }, arrival: string, departure: string) =>
    computeQuote(base({ seasons: s.seasons, room: { ...room, basePriceCents: s.basePrice }, arrival, departure }));

  it('the total equals the sum of the nights, and of the lines', () => {
    fc.assert(
      fc.property(stayArb, (s) => {
        const arrival = addDays('2026-04-01', s.start);
        const quote = quoteOf(s, arrival, addDays(arrival, s.length));
        expect(quote.totalCents).toBe(quote.nights.reduce((sum, n) => sum + n.priceCents, 0));
        expect(quote.totalCents).toBe(quote.lines.reduce((sum, l) => sum + l.totalCents, 0));
        expect(quote.lines.reduce((sum, l) => sum + (l.nights ?? 0), 0)).toBe(s.length);
        for (const line of quote.lines) expect(line.totalCents).toBe(line.unitCents * line.quantity);
      }),
    );
  });

  it('whatever the guests, prices and reductions: lines add up, each line is quantity × unit, nothing is negative, the tax is untouched', () => {
    fc.assert(
      fc.property(stayArb, pricesArb, (s, p) => {
        const arrival = addDays('2026-04-01', s.start);
        const quote = computeQuote(
          base({
            seasons: s.seasons,
            arrival,
            departure: addDays(arrival, s.length),
            adults: p.adults,
            children: p.children,
            room: {
              ...room,
              maxGuests: 10,
              basePriceCents: s.basePrice,
              includedGuests: p.includedGuests,
              extraAdultCents: p.extraAdultCents,
              extraChildCents: p.extraChildCents,
              singleReductionCents: p.singleReductionCents,
            },
            lengthDiscounts: p.lengthPercent ? [{ id: 'l', seasonId: null, roomId: null, minNights: p.lengthFrom, percent: p.lengthPercent }] : [],
            promo: p.promo
              ? {
                  typed: 'X',
                  found: { id: 'p', code: 'X', ...p.promo, validFrom: today, validUntil: '2027-12-31', minNights: null, maxUses: null, uses: 0, roomIds: [] },
                }
              : null,
            terms: { touristTaxCents: p.tax, depositPercent: 30, balanceDueDays: 0 },
          }),
        );
        for (const line of [...quote.lines, ...(quote.taxLine ? [quote.taxLine] : [])]) expect(line.totalCents).toBe(line.unitCents * line.quantity);
        expect(quote.totalCents).toBe(quote.lines.reduce((sum, l) => sum + l.totalCents, 0));
        expect(quote.totalCents).toBeGreaterThanOrEqual(0);
        expect(quote.taxCents).toBe(p.tax * p.adults * s.length);
        expect(quote.amountCents).toBe(quote.totalCents + quote.taxCents);
        expect(quote.depositCents + quote.balanceCents).toBe(quote.amountCents);
        // Reductions come after what they reduce: every negative line follows every positive one but the single guest's.
        const kinds = quote.lines.map((l) => l.kind);
        const firstDiscount = kinds.findIndex((k) => k === 'length_of_stay' || k === 'promo_code');
        if (firstDiscount >= 0) expect(kinds.slice(firstDiscount).every((k) => k === 'length_of_stay' || k === 'promo_code')).toBe(true);
      }),
      { numRuns: 200 },
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
        const nightList = quoteOf(s, arrival, departure).nights.map((n) => n.night);
        expect(new Set(nightList).size).toBe(nightList.length);
        expect(nightList).toEqual(eachNight(arrival, departure));
      }),
    );
  });

  it('a stay is judged by its arrival night alone: the same arrival gives the same rules whatever the departure', () => {
    fc.assert(
      fc.property(stayArb, (s) => {
        const arrival = addDays('2026-04-01', s.start);
        const short = judgeStay(base({ seasons: s.seasons, arrival, departure: addDays(arrival, 1) }));
        const long = judgeStay(base({ seasons: s.seasons, arrival, departure: addDays(arrival, s.length) }));
        expect(long.rules).toEqual(short.rules);
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
        expect(lowestNightlyPrice(rates)).toBe(Math.min(...[...priceOf.values()].filter((p): p is number => p !== null)));
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
    const unpriced = listNightlyRates({ from: '2026-10-31', to: '2026-11-02', room: { basePriceCents: null }, seasons: [low, unpricedSeason] });
    expect(unpriced).toEqual([
      { firstNight: '2026-10-31', lastNight: '2026-10-31', seasonId: 'low', seasonName: 'Basse saison', priceCents: 8000 },
      { firstNight: '2026-11-01', lastNight: '2026-11-01', seasonId: 'mid', seasonName: 'Moyenne', priceCents: null },
    ]);
    expect(lowestNightlyPrice(unpriced)).toBe(8000);
    expect(lowestNightlyPrice([])).toBeNull();
  });
});
