// The homepage_sections table (SPEC §2, §4, §7): the home page's active sections
// (below position 50 before the rooms, from 50 after) and the back office's list and
// editor. Title and content are multilingual (homepage_section_{id}_title /
// _content); the table's title and content columns keep the default language's text
// for fallbacks.
import { NOT_FOUND, type NotFound } from '../rule-refusal';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import { DEFAULT_SECTION_TITLE, type SectionInput } from '~/lib/schemas/section';
import { deleteEntityTexts, loadTexts, pickText, upsertTexts } from './multilingual-content';
import { sectionTextKey, sqlTextKey } from './content-keys';
import { db } from '../db/client';
import { moveByPosition } from '../db/reorder';
import { homepageSections, multilingualContent } from '../db/schema';
import { storage } from '../media/storage';
import { cachePublicData } from '../public-content/invalidation';
import { orderImages } from './rooms';
import { cleanRichText } from './sanitize';

// Public reads

const SECTION_SPLIT_POSITION = 50;

/** Read once per language chain until a write changes them (public-content/invalidation.ts). */
export function listActiveSections(chain: string[]) {
  return cachePublicData(`sections:${chain.join(',')}`, () => readActiveSections(chain));
}

async function readActiveSections(chain: string[]) {
  const rows = await db
    .select({
      id: homepageSections.id,
      title: homepageSections.title,
      content: homepageSections.content,
      images: homepageSections.images,
      primaryImage: homepageSections.primaryImage,
      position: homepageSections.position,
      amenities: homepageSections.amenities,
    })
    .from(homepageSections)
    .where(eq(homepageSections.isActive, true))
    .orderBy(asc(homepageSections.position));
  const texts = await loadTexts(
    'homepage_section',
    rows.map((r) => r.id),
  );
  const sections = rows.map((row) => ({
    id: row.id,
    position: row.position,
    title: pickText(texts.get(sectionTextKey(row.id, 'title')), chain, row.title),
    content: cleanRichText(pickText(texts.get(sectionTextKey(row.id, 'content')), chain, row.content)),
    images: orderImages(row.images, row.primaryImage),
    amenities: row.amenities,
  }));
  return {
    before: sections.filter((s) => s.position < SECTION_SPLIT_POSITION),
    after: sections.filter((s) => s.position >= SECTION_SPLIT_POSITION),
  };
}

// Back office

const sqlLockSections = sql`lock table ${homepageSections} in share row exclusive mode`;

export interface AdminSectionRow {
  id: string;
  position: number;
  title: string;
  isActive: boolean;
  imageCount: number;
}

/** Titles in the editing language, else the title column. */
export async function listAdminSections(language: string): Promise<AdminSectionRow[]> {
  const rows = await db
    .select({
      id: homepageSections.id,
      position: homepageSections.position,
      column: homepageSections.title,
      isActive: homepageSections.isActive,
      imageCount: sql<number>`cardinality(${homepageSections.images})`.mapWith(Number),
      title: multilingualContent.contentValue,
    })
    .from(homepageSections)
    .leftJoin(
      multilingualContent,
      and(
        eq(multilingualContent.entityId, homepageSections.id),
        eq(multilingualContent.contentType, 'homepage_section'),
        eq(multilingualContent.languageCode, language),
        eq(multilingualContent.contentKey, sqlTextKey('homepage_section', homepageSections.id, 'title')),
      ),
    )
    .orderBy(asc(homepageSections.position), asc(homepageSections.createdAt));
  return rows.map(({ column, title, ...r }) => ({ ...r, title: title?.trim() ? title : column }));
}

export async function setSectionActive(id: string, isActive: boolean): Promise<true | NotFound> {
  const updated = await db.update(homepageSections).set({ isActive }).where(eq(homepageSections.id, id)).returning({ id: homepageSections.id });
  return updated.length > 0 || NOT_FOUND;
}

/** SPEC §4 reorder, the moved section parked at -1 for a moment (db/reorder.ts). False when there is no section or no neighbour in that direction. */
export async function moveSection(id: string, direction: 'up' | 'down'): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sqlLockSections);
    return moveByPosition(tx, homepageSections, id, direction, 'park');
  });
}

/** Deletes a section with its texts in one transaction, then its image files. */
export async function deleteSection(id: string): Promise<true | NotFound> {
  const deleted = await db.transaction(async (tx) => {
    await deleteEntityTexts(tx, 'homepage_section', id);
    const removed = await tx.delete(homepageSections).where(eq(homepageSections.id, id)).returning({ id: homepageSections.id });
    return removed.length > 0 || NOT_FOUND;
  });
  if (deleted) {
    await storage()
      .deletePrefix(`homepage-images/${id}/`)
      .catch((error: unknown) => console.error(`[sections] could not delete images of ${id}:`, error));
  }
  return deleted;
}

export interface SectionForEdit {
  id: string;
  title: string;
  content: string;
  isActive: boolean;
  amenities: string[];
  images: string[];
  primaryImage: string | null;
  /** The title shown in the heading: the editing language's, else the column's. */
  displayTitle: string;
}

export async function getSectionForEdit(id: string, language: string): Promise<SectionForEdit | null> {
  const [section] = await db
    .select({
      id: homepageSections.id,
      title: homepageSections.title,
      content: homepageSections.content,
      isActive: homepageSections.isActive,
      amenities: homepageSections.amenities,
      images: homepageSections.images,
      primaryImage: homepageSections.primaryImage,
    })
    .from(homepageSections)
    .where(eq(homepageSections.id, id));
  if (!section) return null;
  const texts = await db
    .select({ key: multilingualContent.contentKey, value: multilingualContent.contentValue })
    .from(multilingualContent)
    .where(and(eq(multilingualContent.contentType, 'homepage_section'), eq(multilingualContent.entityId, id), eq(multilingualContent.languageCode, language)));
  const text = (field: 'title' | 'content') => texts.find((t) => t.key === sectionTextKey(id, field))?.value ?? '';
  return {
    id: section.id,
    title: text('title'),
    content: text('content'),
    isActive: section.isActive,
    amenities: section.amenities,
    images: section.images,
    primaryImage: section.primaryImage,
    displayTitle: text('title') || section.title,
  };
}

/**
 * Creates (id null; position = highest + 1, or 0) or updates a section and upserts
 * its non-empty texts for the editing language, in one transaction.
 */
export async function saveSection(
  id: string | null,
  input: Omit<SectionInput, 'intent'>,
  language: { code: string; isDefault: boolean },
): Promise<string | NotFound> {
  const title = input.title.trim() || DEFAULT_SECTION_TITLE;
  const content = cleanRichText(input.content);
  return db.transaction(async (tx) => {
    let sectionId = id;
    if (sectionId === null) {
      await tx.execute(sqlLockSections);
      const [top] = await tx.select({ position: max(homepageSections.position) }).from(homepageSections);
      const [created] = await tx
        .insert(homepageSections)
        .values({
          title,
          content: content || null,
          isActive: input.isActive,
          amenities: input.amenities,
          position: top?.position == null ? 0 : top.position + 1,
        })
        .returning({ id: homepageSections.id });
      sectionId = created!.id;
    } else {
      const updated = await tx
        .update(homepageSections)
        .set({
          isActive: input.isActive,
          amenities: input.amenities,
          // The columns hold the default language's text (what fallbacks show).
          ...(language.isDefault ? { title, ...(content ? { content } : {}) } : {}),
        })
        .where(eq(homepageSections.id, sectionId))
        .returning({ id: homepageSections.id });
      if (updated.length === 0) return NOT_FOUND;
    }
    await upsertTexts(tx, { contentType: 'homepage_section', entityId: sectionId, language: language.code }, [
      { key: sectionTextKey(sectionId, 'title'), value: title },
      { key: sectionTextKey(sectionId, 'content'), value: content },
    ]);
    return sectionId;
  });
}
