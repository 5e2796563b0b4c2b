// The access section: enabled transport options by type, distances nearest first.
import { asc, eq } from 'drizzle-orm';
import { loadTexts, pickText } from '../content';
import { transportDescriptionKey } from '../content-keys';
import { db } from '../db/client';
import { distances, transportOptions } from '../db/schema';
import { cleanRichText } from './html';
import { linkText } from './phones';

export async function listTransportOptions(chain: string[]) {
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

export async function listDistances() {
  return db
    .select({ id: distances.id, city: distances.city, durationMinutes: distances.durationMinutes })
    .from(distances)
    .orderBy(asc(distances.durationMinutes), asc(distances.city));
}
