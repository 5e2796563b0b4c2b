// The demo's seasons and their rules, pure so that tests compute stays the rules allow
// (tests/e2e/demo-stays.ts) from the very figures the seed writes: low, mid and high
// season over the year, the high season asking 3 nights and arrivals on Saturdays, a
// −10 % from 7 nights in every season, and one active promo code.
import type { IsoDate } from '~/lib/nights';
import { maskOfDays } from '~/lib/stay-rules';
import type { Localized } from './demo-content';

/** Saturday, in the weekday bits of the stay rules (Monday first). */
const SATURDAY = 5;

/** Per DEMO_SEASONS entry (low, mid, high): names, stay rules, periods as month-day ranges. */
export const DEMO_SEASON_DETAILS: Array<{ name: Localized; minStay: number | null; arrivalDays?: number; periods: Array<[string, string]> }> = [
  {
    name: { fr: 'Basse saison', en: 'Low season', es: 'Temporada baja', de: 'Nebensaison' },
    minStay: null,
    periods: [
      ['01-04', '03-31'],
      ['11-01', '12-19'],
    ],
  },
  {
    name: { fr: 'Moyenne saison', en: 'Mid season', es: 'Temporada media', de: 'Zwischensaison' },
    minStay: null,
    periods: [
      ['04-01', '06-30'],
      ['09-01', '10-31'],
      ['12-20', '+01-03'],
    ],
  },
  {
    name: { fr: 'Haute saison', en: 'High season', es: 'Temporada alta', de: 'Hochsaison' },
    // « En juillet-août : 3 nuits minimum, arrivée le samedi »
    minStay: 3,
    arrivalDays: maskOfDays([SATURDAY]),
    periods: [['07-01', '08-31']],
  },
];

/** The reduction every demo season gives from a week (issue 45). */
export const DEMO_LENGTH_DISCOUNT = { minNights: 7, percent: 10 };
/** The demo's active promo code: 10 % off for a year from the day of seeding, 50 uses. */
export const DEMO_PROMO_CODE = { code: 'BIENVENUE', percent: 10, maxUses: 50 };

/** The periods of every season from last year to next, those not over yet. */
export function demoSeasonPeriods(today: IsoDate) {
  const year = Number(today.slice(0, 4));
  return DEMO_SEASON_DETAILS.map((season) =>
    [year - 1, year, year + 1].flatMap((y) =>
      season.periods
        .map(([first, last]) => ({
          firstNight: `${y}-${first}`,
          lastNight: last.startsWith('+') ? `${y + 1}-${last.slice(1)}` : `${y}-${last}`,
        }))
        .filter((p) => p.lastNight >= today),
    ),
  );
}
