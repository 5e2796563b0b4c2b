// Stays the demo's rules allow, whatever day the tests run: the demo's high season asks
// 3 nights and arrivals on Saturdays (app/.server/seed/demo-seasons.ts). Tests compute
// their dates with the price engine's own judgement on the seed's own seasons; the rules
// are never weakened for them.
import { judgeStay, RULE_PROBLEMS, type QuoteSeason } from '../../app/.server/booking/pricing/quote';
import { DEMO_SEASON_DETAILS, demoSeasonPeriods } from '../../app/.server/seed/demo-seasons';
import { addDays, dateInZone, type IsoDate } from '../../app/lib/nights';
import { ALL_DAYS, NO_OVERRIDE } from '../../app/lib/stay-rules';

export const today = () => dateInZone(new Date(), 'Europe/Paris');

/** Configuration's rules as the demo leaves them (the environment's defaults for the most nights and the horizon). */
const GENERAL = { minNights: 1, maxNights: 30, arrivalDays: ALL_DAYS, departureDays: ALL_DAYS, minNoticeDays: 0, horizonDays: 540 };

function demoSeasons(): QuoteSeason[] {
  const periods = demoSeasonPeriods(today());
  return DEMO_SEASON_DETAILS.map((season, index) => ({
    id: `demo-${index}`,
    name: season.name.en,
    priceCents: null,
    periods: periods[index]!,
    rules: { ...NO_OVERRIDE, minNights: season.minStay, arrivalDays: season.arrivalDays ?? null },
    roomRules: NO_OVERRIDE,
  }));
}

/** True when the demo's rules let a guest stay from `arrival` to `departure`. */
export function rulesAllow(arrival: IsoDate, departure: IsoDate): boolean {
  const judged = judgeStay({
    arrival,
    departure,
    adults: 1,
    children: 0,
    room: { id: 'any', maxGuests: 10 },
    seasons: demoSeasons(),
    general: GENERAL,
    promo: null,
    today: today(),
  });
  return !judged.problems.some((problem) => RULE_PROBLEMS.has(problem.code));
}

/** The first stay of exactly `nights` nights arriving `offset` days from today or later that the rules allow. */
export function stayFrom(offset: number, nights: number): { arrival: IsoDate; departure: IsoDate } {
  for (let shift = 0; shift < 120; shift++) {
    const arrival = addDays(today(), offset + shift);
    if (rulesAllow(arrival, addDays(arrival, nights))) return { arrival, departure: addDays(arrival, nights) };
  }
  throw new Error(`no ${nights}-night stay within the demo's rules from today + ${offset}`);
}

/** Days every shift moves a window by: more than the restricted season's length plus any window the tests walk. */
const SHIFT = 120;

/** True when every one-night stay arriving on the days `offset` to `offset + span` from today is allowed. */
function freeOfRules(offset: number, span: number): boolean {
  for (let day = offset; day <= offset + span; day++) if (!rulesAllow(addDays(today(), day), addDays(today(), day + 1))) return false;
  return true;
}

/**
 * `offset` itself when the `span` days from it are free of rules (every arrival allowed,
 * one night enough), else that window moved out of the restricted season by a fixed shift
 * (later, or earlier when later would pass the booking horizon). A fixed shift keeps the
 * tests' windows apart from one another as they were.
 */
export function freeOffset(offset: number, span: number): number {
  for (const candidate of [offset, offset + SHIFT, offset - SHIFT]) {
    if (candidate >= 1 && candidate + span < GENERAL.horizonDays && freeOfRules(candidate, span)) return candidate;
  }
  throw new Error(`no ${span}-day window free of rules near today + ${offset}`);
}
