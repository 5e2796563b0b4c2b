// Transport options (SPEC §3 `transport_options`): car, train and plane, each
// enabled or not, with a description per language in multilingual_content
// (content_type 'transport', key transport_{id}_description). The home page's access
// section reads the enabled ones; the Configuration card edits them.
import { NOT_FOUND, type NotFound } from '../rule-refusal';
import { asc, eq } from 'drizzle-orm';
import { loadTexts, pickText, upsertTexts } from './multilingual-content';
import { transportDescriptionKey } from './content-keys';
import { db } from '../db/client';
import { cachePublicData } from '../public-content/invalidation';
import { cleanRichText } from './sanitize';
import { linkText } from './phones';
import { TRANSPORT_TYPES, transportOptions } from '../db/schema';

export type TransportType = (typeof TRANSPORT_TYPES)[number];

/** Enabled options by type, each description in the page's language chain (kept until a write changes them). */
export function listTransportOptions(chain: string[]) {
  return cachePublicData(`transport:${chain.join(',')}`, () => readTransportOptions(chain));
}

async function readTransportOptions(chain: string[]) {
  const rows = await db
    .select({ id: transportOptions.id, type: transportOptions.type })
    .from(transportOptions)
    .where(eq(transportOptions.enabled, true))
    .orderBy(asc(transportOptions.type));
  const ids = rows.map((r) => r.id);
  // The spec names two content types for these texts; read both, 'transport' first.
  const [primary, legacy] = await Promise.all([loadTexts('transport', ids), loadTexts('transport_options', ids)]);
  return rows.map((row) => {
    const key = transportDescriptionKey(row.id);
    const description = pickText(primary.get(key), chain) || pickText(legacy.get(key), chain);
    // Descriptions may be plain text (auto-linked when shown) or rich text from the editor.
    const isHtml = /<[a-z][^>]*>/i.test(description);
    return {
      id: row.id,
      type: row.type as 'car' | 'train' | 'plane',
      description: isHtml ? '' : description,
      descriptionLinks: isHtml ? [] : linkText(description, chain[0] ?? 'fr'),
      descriptionHtml: isHtml ? cleanRichText(description) : '',
    };
  });
}

/** The three rows exist once; safe to call on every visit. */
export async function ensureTransportOptions(): Promise<void> {
  await db
    .insert(transportOptions)
    .values(TRANSPORT_TYPES.map((type) => ({ type, enabled: false })))
    .onConflictDoNothing({ target: transportOptions.type });
}

export interface TransportOptionForEditing {
  id: string;
  type: TransportType;
  enabled: boolean;
  /** In the editing language only (empty when not written yet). */
  description: string;
}

export async function listTransportOptionsForEditing(language: string): Promise<TransportOptionForEditing[]> {
  const rows = await db
    .select({ id: transportOptions.id, type: transportOptions.type, enabled: transportOptions.enabled })
    .from(transportOptions)
    .orderBy(asc(transportOptions.type));
  const texts = await loadTexts(
    'transport',
    rows.map((r) => r.id),
  );
  const order = new Map(TRANSPORT_TYPES.map((type, index) => [type as string, index]));
  return rows
    .map((row) => ({
      id: row.id,
      type: row.type as TransportType,
      enabled: row.enabled,
      description: texts.get(transportDescriptionKey(row.id))?.[language] ?? '',
    }))
    .sort((a, b) => (order.get(a.type) ?? 0) - (order.get(b.type) ?? 0));
}

export async function setTransportEnabled(id: string, enabled: boolean): Promise<true | NotFound> {
  const rows = await db.update(transportOptions).set({ enabled }).where(eq(transportOptions.id, id)).returning({ id: transportOptions.id });
  return rows.length > 0 || NOT_FOUND;
}

/**
 * Upserts the description (rich text, sanitised) in one language; an empty value
 * is not saved (SPEC §4).
 */
export async function saveTransportDescription(id: string, language: string, description: string): Promise<true | NotFound> {
  const [row] = await db.select({ id: transportOptions.id }).from(transportOptions).where(eq(transportOptions.id, id));
  if (!row) return NOT_FOUND;
  await upsertTexts(db, { contentType: 'transport', entityId: id, language }, [{ key: transportDescriptionKey(id), value: cleanRichText(description) }]);
  return true;
}
