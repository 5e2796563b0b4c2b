// Length-of-stay reductions (issue 45): so many percent off a stay from so many nights,
// set for the stays arriving in a season (Saisons) or for one room (room editor). The
// price engine takes the best one that applies, never two (booking/pricing/quote.ts).
import { and, asc, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import { db, type Executor } from '../db/client';
import { lengthDiscounts, rooms, seasons } from '../db/schema';
import { NOT_FOUND, refuse, type NotFound, type Refusal } from '../rule-refusal';

export type DiscountOwner = { seasonId: string } | { roomId: string };

const ownedBy = (owner: DiscountOwner): SQL => ('seasonId' in owner ? eq(lengthDiscounts.seasonId, owner.seasonId) : eq(lengthDiscounts.roomId, owner.roomId));

/** One season's or one room's reductions, from the fewest nights. */
export async function listLengthDiscounts(owner: DiscountOwner) {
  return db
    .select({ id: lengthDiscounts.id, minNights: lengthDiscounts.minNights, percent: lengthDiscounts.percent })
    .from(lengthDiscounts)
    .where(ownedBy(owner))
    .orderBy(asc(lengthDiscounts.minNights));
}

/** Every season's reductions, by season (the Saisons screen). */
export async function listSeasonLengthDiscounts() {
  const rows = await db
    .select({ id: lengthDiscounts.id, seasonId: lengthDiscounts.seasonId, minNights: lengthDiscounts.minNights, percent: lengthDiscounts.percent })
    .from(lengthDiscounts)
    .where(isNotNull(lengthDiscounts.seasonId))
    .orderBy(asc(lengthDiscounts.minNights));
  return rows;
}

/** What the price engine reads for one room: the room's reductions and every season's. */
export async function loadLengthDiscounts(roomId: string, executor: Executor = db) {
  return executor
    .select({
      id: lengthDiscounts.id,
      seasonId: lengthDiscounts.seasonId,
      roomId: lengthDiscounts.roomId,
      minNights: lengthDiscounts.minNights,
      percent: lengthDiscounts.percent,
    })
    .from(lengthDiscounts)
    .where(or(eq(lengthDiscounts.roomId, roomId), isNotNull(lengthDiscounts.seasonId)));
}

/** A reduction from `minNights`; refused when the season or room has one from that many nights already. */
export async function addLengthDiscount(owner: DiscountOwner, minNights: number, percent: number): Promise<{ id: string } | NotFound | Refusal> {
  const [found] =
    'seasonId' in owner
      ? await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, owner.seasonId)).limit(1)
      : await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, owner.roomId)).limit(1);
  if (!found) return NOT_FOUND;
  const [row] = await db
    .insert(lengthDiscounts)
    .values({ ...owner, minNights, percent })
    .onConflictDoNothing()
    .returning({ id: lengthDiscounts.id });
  if (!row)
    return refuse(`Une réduction existe déjà à partir de ${minNights} nuits : supprimez-la d'abord`, {
      fieldErrors: { minNights: ['Une réduction existe déjà à partir de ce nombre de nuits'] },
    });
  return { id: row.id };
}

/** Deletes one of this season's or room's reductions. */
export async function deleteLengthDiscount(owner: DiscountOwner, id: string): Promise<true | NotFound> {
  const rows = await db
    .delete(lengthDiscounts)
    .where(and(eq(lengthDiscounts.id, id), ownedBy(owner)))
    .returning({ id: lengthDiscounts.id });
  return rows.length > 0 || NOT_FOUND;
}
