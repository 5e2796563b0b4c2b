// Multilingual database content (SPEC §3 `multilingual_content`): reads grouped by
// key then language, the fallback chain, and the admin's upsert of non-empty values.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db, type Executor } from './db/client';
import { multilingualContent, type ContentType } from './db/schema';

/** key → language → value */
export type TextsByKey = Map<string, Record<string, string>>;

export async function loadTexts(
  contentType: ContentType,
  entityIds?: string[] | null,
  executor: Executor = db,
): Promise<TextsByKey> {
  const conditions = [eq(multilingualContent.contentType, contentType)];
  if (entityIds === null) conditions.push(isNull(multilingualContent.entityId));
  else if (entityIds) {
    if (entityIds.length === 0) return new Map();
    conditions.push(inArray(multilingualContent.entityId, entityIds));
  }
  const rows = await executor
    .select({
      key: multilingualContent.contentKey,
      value: multilingualContent.contentValue,
      language: multilingualContent.languageCode,
    })
    .from(multilingualContent)
    .where(and(...conditions));
  const map: TextsByKey = new Map();
  for (const row of rows) {
    const entry = map.get(row.key) ?? {};
    entry[row.language] = row.value;
    map.set(row.key, entry);
  }
  return map;
}

/** SPEC §4 fallback: current → default → fr → supplied default (e.g. the table column) → ''. */
export function pickText(
  values: Record<string, string> | undefined,
  chain: string[],
  fallback?: string | null,
): string {
  for (const code of chain) {
    const value = values?.[code];
    if (value && value.trim() !== '') return value;
  }
  return fallback ?? '';
}

export interface TextWrite {
  key: string;
  value: string | null | undefined;
}

/**
 * Saves the given texts for one language by upsert on the unique key. Empty values
 * are skipped (SPEC §4: only non-empty values are saved).
 */
export async function upsertTexts(
  executor: Executor,
  target: { contentType: ContentType; entityId: string | null; language: string },
  texts: TextWrite[],
) {
  const rows = texts
    .filter((t): t is { key: string; value: string } => typeof t.value === 'string' && t.value.trim() !== '')
    .map((t) => ({
      contentKey: t.key,
      contentValue: t.value,
      languageCode: target.language,
      contentType: target.contentType,
      entityId: target.entityId,
    }));
  if (rows.length === 0) return;
  await executor
    .insert(multilingualContent)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        multilingualContent.contentKey,
        multilingualContent.languageCode,
        multilingualContent.contentType,
        multilingualContent.entityId,
      ],
      set: { contentValue: sql`excluded.content_value`, updatedAt: new Date() },
    });
}

export async function deleteEntityTexts(executor: Executor, contentType: ContentType, entityId: string) {
  await executor
    .delete(multilingualContent)
    .where(and(eq(multilingualContent.contentType, contentType), eq(multilingualContent.entityId, entityId)));
}
