// Promo codes for direct bookings (issue 45): the owner's list (Codes promo), the one
// lookup of a code a guest typed, and its uses, counted in the transaction that stores the
// request or booking by a conditional update — of two requests racing for a code's last
// use, the second waits on the row and then finds it used up: no code is used past its
// limit, whatever the concurrency.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { normalisePromoCode, PROMO_CODE_PATTERN } from '~/lib/promo-code';
import type { PromoCodeInput } from '~/lib/schemas/promo-code';
import { formatNightFr, type IsoDate } from '~/lib/nights';
import { db, type Executor } from '../db/client';
import { isExclusionViolation } from '../db/errors';
import { promoCodes, rooms } from '../db/schema';
import { NOT_FOUND, refuse, type NotFound, type Refusal } from '../rule-refusal';

/** The Codes promo screen: every code, by code then period. */
export async function listPromoCodes() {
  return db.select().from(promoCodes).orderBy(asc(promoCodes.code), asc(promoCodes.validFrom));
}

const columnsOf = (input: PromoCodeInput) => ({
  code: input.code,
  kind: input.kind,
  value: input.kind === 'percent' ? input.percent! : input.amount!,
  validFrom: input.validFrom,
  validUntil: input.validUntil,
  minNights: input.minNights ?? null,
  maxUses: input.maxUses ?? null,
  roomIds: [...new Set(input.roomIds)],
});

async function unknownRooms(roomIds: string[]): Promise<Refusal | null> {
  if (roomIds.length === 0) return null;
  const found = await db.select({ id: rooms.id }).from(rooms).where(inArray(rooms.id, roomIds));
  return found.length === new Set(roomIds).size ? null : refuse("Une des chambres choisies n'existe plus", { fieldErrors: { roomIds: ['Chambre inconnue'] } });
}

/** Two periods of one code may not share a day (`promo_codes_no_overlap`): the owner reads which. */
async function overlapping(input: PromoCodeInput, exceptId: string | null): Promise<Refusal> {
  const clash = (await db.select().from(promoCodes).where(eq(promoCodes.code, input.code))).find(
    (row) => row.id !== exceptId && row.validFrom <= input.validUntil && input.validFrom <= row.validUntil,
  );
  const when = clash ? ` (du ${formatNightFr(clash.validFrom)} au ${formatNightFr(clash.validUntil)})` : '';
  const message = `Le code ${input.code} est déjà valable sur une partie de ces dates${when}`;
  return refuse(message, { fieldErrors: { validFrom: [message] } });
}

export async function createPromoCode(input: PromoCodeInput): Promise<{ id: string } | Refusal> {
  const rooms = await unknownRooms(input.roomIds);
  if (rooms) return rooms;
  try {
    const [row] = await db.insert(promoCodes).values(columnsOf(input)).returning({ id: promoCodes.id });
    return { id: row!.id };
  } catch (error) {
    if (!isExclusionViolation(error)) throw error;
    return overlapping(input, null);
  }
}

/** Changes a code's terms; its uses so far are kept. */
export async function updatePromoCode(id: string, input: PromoCodeInput): Promise<{ id: string } | Refusal | NotFound> {
  const rooms = await unknownRooms(input.roomIds);
  if (rooms) return rooms;
  try {
    const [row] = await db.update(promoCodes).set(columnsOf(input)).where(eq(promoCodes.id, id)).returning({ id: promoCodes.id });
    return row ? { id: row.id } : NOT_FOUND;
  } catch (error) {
    if (!isExclusionViolation(error)) throw error;
    return overlapping(input, id);
  }
}

/** Stays already quoted with the code keep their reduction (their snapshots hold it). */
export async function deletePromoCode(id: string): Promise<true | NotFound> {
  const rows = await db.delete(promoCodes).where(eq(promoCodes.id, id)).returning({ id: promoCodes.id });
  return rows.length > 0 || NOT_FOUND;
}

export type StoredPromoCode = typeof promoCodes.$inferSelect;

/**
 * The code a guest typed (any case, spaces, accents) as the price engine reads it: the
 * period good today, else the next one to come, else the last one past (the guest hears
 * « pas encore » or « expiré »); null found: no such code. Null when nothing was typed.
 */
export async function lookupPromoCode(typed: string | null | undefined, today: IsoDate, executor: Executor = db) {
  if (!typed?.trim()) return null;
  const code = normalisePromoCode(typed).slice(0, 60);
  if (!PROMO_CODE_PATTERN.test(code)) return { typed: code || typed.trim().slice(0, 40), found: null };
  const periods = await executor.select().from(promoCodes).where(eq(promoCodes.code, code)).orderBy(asc(promoCodes.validFrom)).limit(50);
  const found = periods.find((p) => p.validFrom <= today && today <= p.validUntil) ?? periods.find((p) => p.validFrom > today) ?? periods.at(-1) ?? null;
  return { typed: code, found };
}

/** Counts one use of the code, unless it is used up: false then (and nothing written). Call inside the storing transaction. */
export async function claimPromoUse(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(sql`${promoCodes.id} = ${id} and (${promoCodes.maxUses} is null or ${promoCodes.uses} < ${promoCodes.maxUses})`)
    .returning({ id: promoCodes.id });
  return rows.length > 0;
}

/**
 * Gives back the use a stay's quote snapshot counted (a request refused, a hold expired):
 * the guest never stayed with the code. Nothing when the stay had none.
 */
export async function releasePromoUse(tx: Executor, quote: unknown): Promise<void> {
  const id = (quote as { promo?: { id?: unknown } | null } | null)?.promo?.id;
  if (typeof id !== 'string') return;
  await tx
    .update(promoCodes)
    .set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)` })
    .where(eq(promoCodes.id, id));
}
