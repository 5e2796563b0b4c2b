// A room's own stay rules in a season (issue 45): the family suite's five nights in high
// season while the other rooms take three. Edited in the room editor's « Tarifs et
// règles »; the price engine reads them through booking/pricing/quote-inputs.ts.
import { and, asc, eq } from 'drizzle-orm';
import { isEmptyOverride, NO_OVERRIDE, type RulesOverride } from '~/lib/stay-rules';
import { db } from '../db/client';
import { rooms, roomSeasonRules, seasons } from '../db/schema';
import { NOT_FOUND, type NotFound, type Refusal } from '../rule-refusal';
import { refuseUnsatisfiableRules } from './stay-rules';

/** Every season (by name) with its own rules and this room's rules in it (null fields: the level above). */
export async function listRoomSeasonRules(roomId: string) {
  const rows = await db
    .select({
      seasonId: seasons.id,
      seasonName: seasons.name,
      season: {
        minNights: seasons.minStay,
        maxNights: seasons.maxNights,
        arrivalDays: seasons.arrivalDays,
        departureDays: seasons.departureDays,
        minNoticeDays: seasons.minNoticeDays,
      },
      room: {
        minNights: roomSeasonRules.minNights,
        maxNights: roomSeasonRules.maxNights,
        arrivalDays: roomSeasonRules.arrivalDays,
        departureDays: roomSeasonRules.departureDays,
        minNoticeDays: roomSeasonRules.minNoticeDays,
      },
    })
    .from(seasons)
    .leftJoin(roomSeasonRules, and(eq(roomSeasonRules.seasonId, seasons.id), eq(roomSeasonRules.roomId, roomId)))
    .orderBy(asc(seasons.name), asc(seasons.id));
  // A room with no rules of its own in a season: the left join gives null, which means « the season's » on every field.
  return rows.map((row) => ({ ...row, season: (row.season ?? NO_OVERRIDE) as RulesOverride, room: (row.room ?? NO_OVERRIDE) as RulesOverride }));
}

/** The room's rules in the season, checked with every level they reach; all empty removes them. */
export async function saveRoomSeasonRules(roomId: string, seasonId: string, rules: RulesOverride): Promise<true | NotFound | Refusal> {
  const [room] = await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId)).limit(1);
  const [season] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, seasonId)).limit(1);
  if (!room || !season) return NOT_FOUND;
  if (isEmptyOverride(rules)) {
    await db.delete(roomSeasonRules).where(and(eq(roomSeasonRules.roomId, roomId), eq(roomSeasonRules.seasonId, seasonId)));
    return true;
  }
  const refusal = await refuseUnsatisfiableRules({ room: { roomId, seasonId, rules } });
  if (refusal) return refusal;
  await db
    .insert(roomSeasonRules)
    .values({ roomId, seasonId, ...rules })
    .onConflictDoUpdate({ target: [roomSeasonRules.roomId, roomSeasonRules.seasonId], set: { ...rules, updatedAt: new Date() } });
  return true;
}
