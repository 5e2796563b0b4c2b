// Today, as the guesthouse sees it: the calendar date in its time zone.
import { dateInZone, type IsoDate } from '~/lib/nights';
import { config } from './environment';

export const guesthouseToday = (now: Date = new Date()): IsoDate => dateInZone(now, config().GUESTHOUSE_TIME_ZONE);
