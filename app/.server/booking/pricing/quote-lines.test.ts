import { describe, expect, it } from 'vitest';
import type { QuoteLine } from './quote';
import { describeAppliedRules, describeQuoteLine, describeRules, weekdayList } from './quote-lines';
import { ALL_DAYS, maskOfDays } from '~/lib/stay-rules';

const tax: QuoteLine = { kind: 'tourist_tax', season: null, persons: 2, nights: 3, quantity: 6, unitCents: 134, totalCents: 804, exempt: 1 };
const rules = { minNights: 3, maxNights: 30, arrivalDays: maskOfDays([5]), departureDays: ALL_DAYS, minNoticeDays: 0 };

describe('describeQuoteLine', () => {
  it('writes the tourist tax as adults × nights × rate, minors exempt, in each language', () => {
    expect(describeQuoteLine(tax, 'fr').text).toBe('Taxe de séjour\u00a0: 2 adultes × 3 nuits × 1,34\u00a0€ (1 mineur exonéré)');
    expect(describeQuoteLine(tax, 'en').text).toBe('Tourist tax: 2 adults × 3 nights × €1.34 (1 minor exempt)');
    expect(describeQuoteLine(tax, 'es').text).toBe('Tasa turística: 2 adultos × 3 noches × 1,34\u00a0€ (1 menor exento)');
    expect(describeQuoteLine({ ...tax, exempt: 0 }, 'de').text).toBe('Kurtaxe: 2 Erwachsene × 3 Nächte × 1,34\u00a0€');
    expect(describeQuoteLine(tax, 'fr').amount).toBe('8,04\u00a0€');
  });

  it('names nights by season, extra guests, reductions and the code, reductions signed', () => {
    const nights: QuoteLine = {
      kind: 'nights',
      season: { id: 's', name: 'Haute saison' },
      persons: null,
      nights: 3,
      quantity: 3,
      unitCents: 12000,
      totalCents: 36000,
    };
    expect(describeQuoteLine(nights, 'fr')).toMatchObject({ label: 'Haute saison', detail: '3 nuits × 120\u00a0€', amount: '360\u00a0€' });
    expect(describeQuoteLine({ ...nights, season: null }, 'en').label).toBe('Standard rate');
    const extra: QuoteLine = { kind: 'extra_child', season: null, persons: 1, nights: 3, quantity: 3, unitCents: 1500, totalCents: 4500 };
    expect(describeQuoteLine(extra, 'fr').text).toBe('Enfant supplémentaire\u00a0: 1 enfant × 3 nuits × 15\u00a0€');
    const los: QuoteLine = {
      kind: 'length_of_stay',
      season: null,
      persons: null,
      nights: null,
      quantity: 1,
      unitCents: -5600,
      totalCents: -5600,
      percent: 10,
      fromNights: 7,
    };
    expect(describeQuoteLine(los, 'fr')).toMatchObject({ text: 'Réduction séjour long\u00a0: −10\u00a0% dès 7 nuits', amount: '-56\u00a0€' });
    const promo: QuoteLine = { kind: 'promo_code', season: null, persons: null, nights: null, quantity: 1, unitCents: -2000, totalCents: -2000, code: 'ETE26' };
    expect(describeQuoteLine(promo, 'de').text).toBe('Aktionscode ETE26');
    expect(describeQuoteLine({ ...promo, percent: 10 }, 'en').text).toBe('Promo code ETE26: −10%');
    expect(describeQuoteLine({ ...promo, kind: 'agreed_price', nights: 2 }, 'fr').text).toBe('Prix convenu\u00a0: 2 nuits');
  });
});

describe('describeRules', () => {
  it('says only what restricts a stay, with its season', () => {
    expect(describeAppliedRules({ ...rules, generalMaxNights: 30, season: { id: 's', name: 'juillet-août' } }, 'fr')).toBe(
      'En juillet-août\u00a0: 3 nuits minimum, arrivée le samedi',
    );
    expect(describeAppliedRules({ ...rules, generalMaxNights: 30, season: { id: 's', name: 'High season' } }, 'en')).toBe(
      'In High season: 3 nights minimum, arrival on Saturday',
    );
    expect(describeAppliedRules({ ...rules, generalMaxNights: 30, season: null }, 'de')).toBe('Mindestens 3 Nächte, Anreise am Samstag');
    expect(describeRules({ ...rules, minNights: 1, arrivalDays: ALL_DAYS }, 30, 'fr')).toBe('');
    expect(describeRules({ ...rules, maxNights: 14, minNoticeDays: 2, departureDays: maskOfDays([5, 6]) }, 30, 'fr')).toBe(
      "3 nuits minimum, 14 nuits maximum, arrivée le samedi, départ le samedi ou dimanche, réservation 2 jours à l'avance",
    );
    expect(weekdayList(maskOfDays([5, 6]), 'es')).toBe('sábado o domingo');
  });
});
