// Multilingual database content (SPEC §3 `multilingual_content`): reads grouped by
// key then language, the fallback chain, and the admin's upsert of non-empty values,
// each translation stamped with the fingerprint of the French text it was made from.
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db, type Executor } from '../db/client';
import { multilingualContent, type ContentType } from '../db/schema';

/** key → language → value */
export type TextsByKey = Map<string, Record<string, string>>;

export async function loadTexts(contentType: ContentType, entityIds?: string[] | null, executor: Executor = db): Promise<TextsByKey> {
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
export function pickText(values: Record<string, string> | undefined, chain: string[], fallback?: string | null): string {
  for (const code of chain) {
    const value = values?.[code];
    if (value && value.trim() !== '') return value;
  }
  return fallback ?? '';
}

/**
 * Translations are made from French (SPEC §1: the default language is French), whose
 * texts are the source every other language's fingerprint refers to.
 */
export const SOURCE_LANGUAGE = 'fr';

/** sha256 hex of a text; the migration that backfilled fingerprints computes the same in SQL. */
export function fingerprintText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface TextWrite {
  key: string;
  value: string | null | undefined;
}

/**
 * Saves the given texts for one language by upsert on the unique key, touching no
 * other language's rows. Empty values are skipped (SPEC §4: only non-empty values are
 * saved). A translation records the fingerprint of the French text as it is now, in
 * the same transaction: saving it again is what clears "à revoir".
 */
export async function upsertTexts(executor: Executor, target: { contentType: ContentType; entityId: string | null; language: string }, texts: TextWrite[]) {
  const filled = texts.filter((t): t is { key: string; value: string } => typeof t.value === 'string' && t.value.trim() !== '');
  if (filled.length === 0) return;
  const sources =
    target.language === SOURCE_LANGUAGE
      ? new Map<string, string>()
      : await loadSourceFingerprints(
          executor,
          target,
          filled.map((t) => t.key),
        );
  const rows = filled.map((t) => ({
    contentKey: t.key,
    contentValue: t.value,
    languageCode: target.language,
    contentType: target.contentType,
    entityId: target.entityId,
    sourceFingerprint: sources.get(t.key) ?? null,
  }));
  await executor
    .insert(multilingualContent)
    .values(rows)
    .onConflictDoUpdate({
      target: [multilingualContent.contentKey, multilingualContent.languageCode, multilingualContent.contentType, multilingualContent.entityId],
      set: { contentValue: sql`excluded.content_value`, sourceFingerprint: sql`excluded.source_fingerprint`, updatedAt: new Date() },
    });
}

/** key → fingerprint of its French text, for the keys that have one. */
async function loadSourceFingerprints(
  executor: Executor,
  target: { contentType: ContentType; entityId: string | null },
  keys: string[],
): Promise<Map<string, string>> {
  const rows = await executor
    .select({ key: multilingualContent.contentKey, value: multilingualContent.contentValue })
    .from(multilingualContent)
    .where(
      and(
        eq(multilingualContent.contentType, target.contentType),
        target.entityId === null ? isNull(multilingualContent.entityId) : eq(multilingualContent.entityId, target.entityId),
        eq(multilingualContent.languageCode, SOURCE_LANGUAGE),
        inArray(multilingualContent.contentKey, keys),
      ),
    );
  return new Map(rows.filter((r) => r.value.trim() !== '').map((r) => [r.key, fingerprintText(r.value)]));
}

export async function deleteEntityTexts(executor: Executor, contentType: ContentType, entityId: string) {
  await executor.delete(multilingualContent).where(and(eq(multilingualContent.contentType, contentType), eq(multilingualContent.entityId, entityId)));
}
