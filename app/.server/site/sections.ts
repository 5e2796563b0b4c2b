// Active homepage sections (SPEC §2): below position 50 before the rooms, from 50 after.
import { asc, eq } from 'drizzle-orm';
import { loadTexts, pickText } from '../content';
import { sectionTextKey } from '../content-keys';
import { db } from '../db/client';
import { homepageSections } from '../db/schema';
import { cleanRichText } from './html';
import { orderImages } from './rooms';

export const SECTION_SPLIT_POSITION = 50;

export async function listActiveSections(chain: string[]) {
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
  const texts = await loadTexts('homepage_section', rows.map((r) => r.id));
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

export type PublicSection = Awaited<ReturnType<typeof listActiveSections>>['before'][number];
