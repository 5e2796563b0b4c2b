// The guesthouse's clock: today as a calendar date in its time zone (GUESTHOUSE_TIME_ZONE),
// and an instant as the owner reads it there (the one formatter, ~/lib/owner-time.ts).
import { dateInZone, type IsoDate } from '~/lib/nights';
import { formatOwnerTime, type OwnerTimeStyle } from '~/lib/owner-time';
import { config } from './environment';

export const guesthouseToday = (now: Date = new Date()): IsoDate => dateInZone(now, config().GUESTHOUSE_TIME_ZONE);

/** An instant at the guesthouse: "24/11/2026 à 08:15" (or another style, in `language`). */
export const ownerTime = (instant: Date, style: OwnerTimeStyle = 'numeric', language = 'fr'): string =>
  formatOwnerTime(instant, config().GUESTHOUSE_TIME_ZONE, style, language);
