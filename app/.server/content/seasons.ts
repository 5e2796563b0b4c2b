// Seasons for differentiated pricing (SPEC §3 `seasons`). Deleting a season
// deletes its room prices and periods too (foreign key cascade). The `name` column
// is the French name (SPEC); the other languages' names are multilingual content
// under `season_{id}_name` (issue 14).
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { formatNightFr } from '~/lib/nights';
import { loadTexts, SOURCE_LANGUAGE, upsertTexts } from './multilingual-content';
import { seasonNameKey } from './content-keys';
import { db } from '../db/client';
import { isExclusionViolation } from '../db/errors';
import { seasonPeriods, seasons } from '../db/schema';
import { refuse, type Refusal, NOT_FOUND, type NotFound } from '../rule-refusal';
import type { RulesOverride } from '~/lib/stay-rules';
import { refuseUnsatisfiableRules } from './stay-rules';

export interface Season {
  id: string;
  name: string;
}

/** The language whose name is the `name` column. */
const COLUMN_LANGUAGE = SOURCE_LANGUAGE;

/** The Saisons screen's list: each season with its periods, stay rules and its name in `language` ('' when none). */
export async function listSeasonDetails(language: string) {
  const rows = await db
    .select({
      id: seasons.id,
      name: seasons.name,
      rules: {
        minNights: seasons.minStay,
        maxNights: seasons.maxNights,
        arrivalDays: seasons.arrivalDays,
        departureDays: seasons.departureDays,
        minNoticeDays: seasons.minNoticeDays,
      },
    })
    .from(seasons)
    .orderBy(asc(seasons.name), asc(seasons.createdAt));
  const periods = await db
    .select({ id: seasonPeriods.id, seasonId: seasonPeriods.seasonId, firstNight: seasonPeriods.firstNight, lastNight: seasonPeriods.lastNight })
    .from(seasonPeriods)
    .orderBy(asc(seasonPeriods.firstNight));
  const texts = await loadTexts(
    'season',
    rows.map((s) => s.id),
  );
  return rows.map((season) => ({
    ...season,
    localName: language === COLUMN_LANGUAGE ? season.name : (texts.get(seasonNameKey(season.id))?.[language] ?? ''),
    periods: periods.filter((p) => p.seasonId === season.id).map(({ id, firstNight, lastNight }) => ({ id, firstNight, lastNight })),
  }));
}

/** The French name goes to the column and to the French text, the source of the season's translations. */
export async function createSeason(name: string): Promise<Season> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(seasons).values({ name }).returning({ id: seasons.id, name: seasons.name });
    await upsertTexts(tx, { contentType: 'season', entityId: row!.id, language: COLUMN_LANGUAGE }, [{ key: seasonNameKey(row!.id), value: name }]);
    return row!;
  });
}

/**
 * Renames the season in French. True when the season existed. The French text
 * under the name key follows, so visitors read the new name and translations turn "à revoir".
 */
export async function renameSeason(id: string, name: string): Promise<true | NotFound> {
  return db.transaction(async (tx) => {
    const rows = await tx.update(seasons).set({ name }).where(eq(seasons.id, id)).returning({ id: seasons.id });
    if (rows.length === 0) return NOT_FOUND;
    await upsertTexts(tx, { contentType: 'season', entityId: id, language: COLUMN_LANGUAGE }, [{ key: seasonNameKey(id), value: name }]);
    return true;
  });
}

/** The season's name in one language; French is the `name` column. True when the season existed. */
export async function saveSeasonName(id: string, language: string, name: string): Promise<true | NotFound> {
  if (language === COLUMN_LANGUAGE) return renameSeason(id, name);
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, id)).for('update');
    if (!row) return NOT_FOUND;
    await upsertTexts(tx, { contentType: 'season', entityId: id, language }, [{ key: seasonNameKey(id), value: name }]);
    return true;
  });
}

/** True when the season existed. */
export async function deleteSeason(id: string): Promise<true | NotFound> {
  const rows = await db.delete(seasons).where(eq(seasons.id, id)).returning({ id: seasons.id });
  return rows.length > 0 || NOT_FOUND;
}

/**
 * The season's own stay rules (null: Configuration's), for stays arriving in it; refused
 * when no stay could meet them (with Configuration's, and each room's in this season).
 */
export async function setSeasonRules(id: string, rules: RulesOverride): Promise<true | NotFound | Refusal> {
  const [season] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, id)).limit(1);
  if (!season) return NOT_FOUND;
  const refusal = await refuseUnsatisfiableRules({ season: { id, rules } });
  if (refusal) return refusal;
  const { minNights, ...others } = rules;
  const rows = await db
    .update(seasons)
    .set({ minStay: minNights, ...others })
    .where(eq(seasons.id, id))
    .returning({ id: seasons.id });
  return rows.length > 0 || NOT_FOUND;
}

/**
 * PostgreSQL refused a period sharing a night with another season's
 * (`season_periods_no_overlap`): the owner's message names that season and its dates.
 */
async function describeOverlap(seasonId: string, firstNight: string, lastNight: string) {
  const [clash] = await db
    .select({ name: seasons.name, firstNight: seasonPeriods.firstNight, lastNight: seasonPeriods.lastNight })
    .from(seasonPeriods)
    .innerJoin(seasons, eq(seasons.id, seasonPeriods.seasonId))
    .where(
      and(
        ne(seasonPeriods.seasonId, seasonId),
        sql`daterange(${seasonPeriods.firstNight}, ${seasonPeriods.lastNight}, '[]') && daterange(${firstNight}::date, ${lastNight}::date, '[]')`,
      ),
    )
    .orderBy(asc(seasonPeriods.firstNight))
    .limit(1);
  const where = clash ? `la saison « ${clash.name} » (du ${formatNightFr(clash.firstNight)} au ${formatNightFr(clash.lastNight)})` : 'une autre saison';
  return refuse(`Ces dates chevauchent ${where} : une nuit ne peut appartenir qu'à une saison`);
}

/**
 * Adds a period (nights, first and last included) to a season; refused, naming the
 * other season, when it shares a night with another season's. null: no such season.
 */
export async function addSeasonPeriod(seasonId: string, firstNight: string, lastNight: string): Promise<{ id: string } | Refusal | NotFound> {
  const [season] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.id, seasonId)).limit(1);
  if (!season) return NOT_FOUND;
  try {
    const [row] = await db.insert(seasonPeriods).values({ seasonId, firstNight, lastNight }).returning({ id: seasonPeriods.id });
    return { id: row!.id };
  } catch (error) {
    if (!isExclusionViolation(error)) throw error;
    return describeOverlap(seasonId, firstNight, lastNight);
  }
}

/** Moves a period's dates in place, under the same rule as adding one. null: no such period. */
export async function updateSeasonPeriod(id: string, firstNight: string, lastNight: string): Promise<{ id: string } | Refusal | NotFound> {
  try {
    const [row] = await db
      .update(seasonPeriods)
      .set({ firstNight, lastNight })
      .where(eq(seasonPeriods.id, id))
      .returning({ id: seasonPeriods.id, seasonId: seasonPeriods.seasonId });
    return row ? { id: row.id } : NOT_FOUND;
  } catch (error) {
    if (!isExclusionViolation(error)) throw error;
    const [period] = await db.select({ seasonId: seasonPeriods.seasonId }).from(seasonPeriods).where(eq(seasonPeriods.id, id)).limit(1);
    return period ? describeOverlap(period.seasonId, firstNight, lastNight) : NOT_FOUND;
  }
}

/** True when the period existed. */
export async function deleteSeasonPeriod(id: string): Promise<true | NotFound> {
  const rows = await db.delete(seasonPeriods).where(eq(seasonPeriods.id, id)).returning({ id: seasonPeriods.id });
  return rows.length > 0 || NOT_FOUND;
}
