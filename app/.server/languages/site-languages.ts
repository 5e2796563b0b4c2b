// Site languages (SPEC §3 `languages`). The request-language rule of DESIGN.md
// (?lang=xx → cookie selectedLanguage → Accept-Language prefix → default → fr) is
// language-choice.ts.
import { asc, eq, max, ne, sql } from 'drizzle-orm';
import { db, type Tx } from '../db/client';
import { moveByPosition } from '../db/reorder';
import { languages } from '../db/schema';
import type { ActiveLanguage } from './language-choice';
import { cachePublicData, peekPublicData } from '../public-content/invalidation';
import { notFound, refuse, type NotFound, type Refusal } from '../rule-refusal';

const sqlLockLanguages = sql`lock table ${languages} in share row exclusive mode`;

const ACTIVE_LANGUAGES = 'languages:active';

/** The public site's languages, read once until a write changes them (public-content/invalidation.ts). */
export function listActiveLanguages(): Promise<ActiveLanguage[]> {
  return cachePublicData(ACTIVE_LANGUAGES, () =>
    db
      .select({ code: languages.code, name: languages.name, isDefault: languages.isDefault })
      .from(languages)
      .where(eq(languages.isActive, true))
      .orderBy(asc(languages.position)),
  );
}

/** The active languages when they are already in memory (the page cache's fast path). */
export function peekActiveLanguages(): ActiveLanguage[] | undefined {
  return peekPublicData<ActiveLanguage[]>(ACTIVE_LANGUAGES);
}

export interface EditingLanguage extends ActiveLanguage {
  isActive: boolean;
}

/**
 * Every language, hidden ones included, for the back office's content-editing
 * language: owners translate a language before they make it public.
 */
export function listEditingLanguages(): Promise<EditingLanguage[]> {
  return cachePublicData('languages:editing', () =>
    db
      .select({ code: languages.code, name: languages.name, isDefault: languages.isDefault, isActive: languages.isActive })
      .from(languages)
      .orderBy(asc(languages.position), asc(languages.code)),
  );
}

/* ───────────── Admin: the languages screen (SPEC §2, §4) ───────────── */

export interface AdminLanguage {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
  isDefault: boolean;
  position: number;
}

const adminColumns = {
  id: languages.id,
  code: languages.code,
  name: languages.name,
  isActive: languages.isActive,
  isDefault: languages.isDefault,
  position: languages.position,
};

export async function listLanguages(): Promise<AdminLanguage[]> {
  return db.select(adminColumns).from(languages).orderBy(asc(languages.position), asc(languages.code));
}

export const LANGUAGE_RULES = {
  duplicateCode: 'Une langue avec ce code existe déjà.',
  notFound: 'Langue introuvable.',
  deleteDefault: 'La langue par défaut ne peut pas être supprimée.',
  deactivateDefault: 'La langue par défaut ne peut pas être désactivée.',
  inactiveDefault: 'Une langue inactive ne peut pas être la langue par défaut.',
  unsetDefault: 'Il faut toujours une langue par défaut : choisissez-en une autre pour remplacer celle-ci.',
} as const;

/** Setting a default clears the previous one first, in the caller's transaction. */
async function clearDefault(tx: Tx, exceptId?: string) {
  await tx
    .update(languages)
    .set({ isDefault: false })
    .where(exceptId ? ne(languages.id, exceptId) : eq(languages.isDefault, true));
}

export async function createLanguage(values: { code: string; name: string; isActive: boolean; isDefault: boolean }): Promise<true | Refusal> {
  if (values.isDefault && !values.isActive) return refuse(LANGUAGE_RULES.inactiveDefault);
  return db.transaction(async (tx) => {
    // Serialises concurrent creations so that two new languages never share max + 1.
    await tx.execute(sqlLockLanguages);
    const [existing] = await tx.select({ id: languages.id }).from(languages).where(eq(languages.code, values.code));
    if (existing) return refuse(LANGUAGE_RULES.duplicateCode);
    const [top] = await tx.select({ position: max(languages.position) }).from(languages);
    if (values.isDefault) await clearDefault(tx);
    await tx.insert(languages).values({ ...values, position: (top?.position ?? -1) + 1 });
    return true;
  });
}

export async function updateLanguage(id: string, values: { name: string; isActive: boolean; isDefault: boolean }): Promise<true | Refusal | NotFound> {
  return db.transaction(async (tx) => {
    await tx.execute(sqlLockLanguages);
    const [current] = await tx.select({ isDefault: languages.isDefault }).from(languages).where(eq(languages.id, id));
    if (!current) return notFound(LANGUAGE_RULES.notFound);
    if (current.isDefault && !values.isDefault) return refuse(LANGUAGE_RULES.unsetDefault);
    if ((current.isDefault || values.isDefault) && !values.isActive) {
      return refuse(current.isDefault ? LANGUAGE_RULES.deactivateDefault : LANGUAGE_RULES.inactiveDefault);
    }
    if (values.isDefault && !current.isDefault) await clearDefault(tx, id);
    await tx.update(languages).set(values).where(eq(languages.id, id));
    return true;
  });
}

export async function deleteLanguage(id: string): Promise<true | Refusal | NotFound> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ isDefault: languages.isDefault }).from(languages).where(eq(languages.id, id)).for('update');
    if (!current) return notFound(LANGUAGE_RULES.notFound);
    if (current.isDefault) return refuse(LANGUAGE_RULES.deleteDefault);
    await tx.delete(languages).where(eq(languages.id, id));
    return true;
  });
}

/** SPEC §4 reorder, the moved language parked at -1 for a moment (db/reorder.ts). False when there is no language or no neighbour in that direction. */
export async function moveLanguage(id: string, direction: 'up' | 'down'): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sqlLockLanguages);
    return moveByPosition(tx, languages, id, direction, 'park');
  });
}
