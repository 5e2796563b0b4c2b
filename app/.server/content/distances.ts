// Travel times from nearby places (SPEC §3 `distances`): the access section of the
// home page and the Configuration card list them the same way, nearest first. A
// distance's name is translatable like other content (`distance_{id}_name`, issue 34):
// the `city` column is the French name, and the fallback of every language.
import { NOT_FOUND, type NotFound } from '../rule-refusal';
import { asc, eq } from 'drizzle-orm';
import { deleteEntityTexts, loadTexts, pickText, SOURCE_LANGUAGE, upsertTexts } from './multilingual-content';
import { distanceNameKey } from './content-keys';
import { db } from '../db/client';
import { distances } from '../db/schema';
import { cachePublicData } from '../public-content/invalidation';

export interface Distance {
  id: string;
  city: string;
  durationMinutes: number;
  /** The name in each language that has one (French included). */
  names: Record<string, string>;
}

/** Kept in memory until a write changes them (public-content/invalidation.ts). */
export function listDistances(): Promise<Distance[]> {
  return cachePublicData('distances', async () => {
    const rows = await db
      .select({ id: distances.id, city: distances.city, durationMinutes: distances.durationMinutes })
      .from(distances)
      .orderBy(asc(distances.durationMinutes), asc(distances.city));
    const texts = await loadTexts(
      'distance',
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({ ...row, names: texts.get(distanceNameKey(row.id)) ?? {} }));
  });
}

/** The access section's list: each name in the visitor's language chain, else the stored city. */
export async function listDistancesFor(chain: string[]): Promise<Array<{ id: string; city: string; durationMinutes: number }>> {
  return (await listDistances()).map(({ id, city, durationMinutes, names }) => ({ id, city: pickText(names, chain, city), durationMinutes }));
}

export async function addDistance(city: string, durationMinutes: number): Promise<Omit<Distance, 'names'>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(distances)
      .values({ city, durationMinutes })
      .returning({ id: distances.id, city: distances.city, durationMinutes: distances.durationMinutes });
    // The French name is also a text: the source its translations are made from.
    await upsertTexts(tx, { contentType: 'distance', entityId: row!.id, language: SOURCE_LANGUAGE }, [{ key: distanceNameKey(row!.id), value: city }]);
    return row!;
  });
}

/** The name in one language; French is the `city` column too. True when the distance existed. */
export async function saveDistanceName(id: string, language: string, name: string): Promise<true | NotFound> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: distances.id }).from(distances).where(eq(distances.id, id)).for('update');
    if (!row) return NOT_FOUND;
    if (language === SOURCE_LANGUAGE) await tx.update(distances).set({ city: name }).where(eq(distances.id, id));
    await upsertTexts(tx, { contentType: 'distance', entityId: id, language }, [{ key: distanceNameKey(id), value: name }]);
    return true;
  });
}

export async function deleteDistance(id: string): Promise<true | NotFound> {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(distances).where(eq(distances.id, id)).returning({ id: distances.id });
    if (rows.length === 0) return NOT_FOUND;
    await deleteEntityTexts(tx, 'distance', id);
    return true;
  });
}
