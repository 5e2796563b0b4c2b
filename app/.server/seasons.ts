// Seasons for differentiated pricing (SPEC §3 `seasons`). Deleting a season
// deletes its room prices too (foreign key cascade).
import { asc, eq } from 'drizzle-orm';
import { db } from './db/client';
import { seasons } from './db/schema';

export interface Season {
  id: string;
  name: string;
}

export async function listSeasons(): Promise<Season[]> {
  return db.select({ id: seasons.id, name: seasons.name }).from(seasons).orderBy(asc(seasons.name), asc(seasons.createdAt));
}

export async function createSeason(name: string): Promise<Season> {
  const [row] = await db.insert(seasons).values({ name }).returning({ id: seasons.id, name: seasons.name });
  return row!;
}

/** True when the season existed. */
export async function renameSeason(id: string, name: string): Promise<boolean> {
  const rows = await db.update(seasons).set({ name }).where(eq(seasons.id, id)).returning({ id: seasons.id });
  return rows.length > 0;
}

/** True when the season existed. */
export async function deleteSeason(id: string): Promise<boolean> {
  const rows = await db.delete(seasons).where(eq(seasons.id, id)).returning({ id: seasons.id });
  return rows.length > 0;
}

/** multilingual_content key of a season's name (content type 'season', entity the season). */
export const seasonNameKey = (seasonId: string) => `season_${seasonId}_name`;
