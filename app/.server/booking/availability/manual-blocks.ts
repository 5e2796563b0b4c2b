// The owner's manual blocks: nights closed by hand (works, a private stay), taken like a
// confirmed stay's (taken-nights.ts) and written in the export feed.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatNightFr, type IsoDate } from '~/lib/nights';
import { db } from '../../db/client';
import { bookings, manualBlocks, NIGHT_HOLDING_STATUSES } from '../../db/schema';
import { NOT_FOUND, refuse, type NotFound, type Refusal } from '../../rule-refusal';

/** Closes nights by hand; refused when a confirmed booking already takes one of them. */
export async function addManualBlock(roomId: string, firstNight: IsoDate, lastNight: IsoDate, note: string | null): Promise<{ id: string } | Refusal> {
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ arrival: bookings.arrival, departure: bookings.departure })
      .from(bookings)
      .where(
        and(
          eq(bookings.roomId, roomId),
          inArray(bookings.status, [...NIGHT_HOLDING_STATUSES]),
          sql`${bookings.arrival} <= ${lastNight}`,
          sql`${bookings.departure} > ${firstNight}`,
        ),
      )
      .limit(1);
    if (clash) {
      return refuse(`Une réservation confirmée occupe déjà ces nuits (du ${formatNightFr(clash.arrival)} au ${formatNightFr(clash.departure)})`);
    }
    const [row] = await tx
      .insert(manualBlocks)
      .values({ roomId, firstNight, lastNight, note: note?.trim() || null })
      .returning({ id: manualBlocks.id });
    return { id: row!.id };
  });
}

export async function deleteManualBlock(id: string): Promise<true | NotFound> {
  const rows = await db.delete(manualBlocks).where(eq(manualBlocks.id, id)).returning({ id: manualBlocks.id });
  return rows.length > 0 || NOT_FOUND;
}

export async function listManualBlocks(from: IsoDate) {
  return db
    .select()
    .from(manualBlocks)
    .where(sql`${manualBlocks.lastNight} >= ${from}`)
    .orderBy(asc(manualBlocks.firstNight));
}
