// Travel times from nearby places (SPEC §3 `distances`): the access section of the
// home page and the Configuration card list them the same way, nearest first.
import { asc, eq } from 'drizzle-orm';
import { db } from './db/client';
import { distances } from './db/schema';
import { cachePublicData } from './page-cache';

export interface Distance {
  id: string;
  city: string;
  durationMinutes: number;
}

/** Kept in memory until a write changes them (page-cache.ts). */
export function listDistances(): Promise<Distance[]> {
  return cachePublicData('distances', () =>
    db
      .select({ id: distances.id, city: distances.city, durationMinutes: distances.durationMinutes })
      .from(distances)
      .orderBy(asc(distances.durationMinutes), asc(distances.city)),
  );
}

export async function addDistance(city: string, durationMinutes: number): Promise<Distance> {
  const [row] = await db
    .insert(distances)
    .values({ city, durationMinutes })
    .returning({ id: distances.id, city: distances.city, durationMinutes: distances.durationMinutes });
  return row!;
}

export async function deleteDistance(id: string): Promise<boolean> {
  const rows = await db.delete(distances).where(eq(distances.id, id)).returning({ id: distances.id });
  return rows.length > 0;
}
