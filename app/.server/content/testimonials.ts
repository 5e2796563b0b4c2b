// The testimonials table (SPEC §2 'Livre d'Or', §4): the public guest book's
// submissions (always pending moderation and never featured, whatever was posted;
// the owners' notification queued in the same transaction), the published reads of
// the public pages (the email column is never selected there), and the moderation
// of the back office (read every testimonial, edit, publish, feature, delete).
import { NOT_FOUND, type NotFound } from '../rule-refusal';
import { and, count, desc, eq } from 'drizzle-orm';
import type { TestimonialInput } from '~/lib/schemas/testimonial';
import { db } from '../db/client';
import { testimonials } from '../db/schema';
import { cachePublicData } from '../public-content/invalidation';
import { queueTestimonialNotification } from '../mail/notifications';

interface PublicTestimonialInput extends Omit<TestimonialInput, 'website' | 'country'> {
  country?: string | null;
}

export async function submitTestimonial(input: PublicTestimonialInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(testimonials)
      .values({
        name: input.name,
        email: input.email,
        country: input.country?.trim() ? input.country.trim() : null,
        message: input.message,
        rating: input.rating,
        isPublished: false,
        isFeatured: false,
      })
      .returning();
    await queueTestimonialNotification(tx, row!);
    return { id: row!.id };
  });
}

// Public reads

const PUBLIC_COLUMNS = {
  id: testimonials.id,
  name: testimonials.name,
  country: testimonials.country,
  message: testimonials.message,
  rating: testimonials.rating,
};

const HOME_TESTIMONIALS_LIMIT = 3;
const GUEST_BOOK_PAGE = { offset: 0, limit: 50 };

// Each public read is kept in memory until a write changes published testimonials (public-content/invalidation.ts).

export function listFeaturedTestimonials(limit = HOME_TESTIMONIALS_LIMIT) {
  return cachePublicData(`testimonials:featured:${limit}`, () =>
    db
      .select(PUBLIC_COLUMNS)
      .from(testimonials)
      .where(and(eq(testimonials.isPublished, true), eq(testimonials.isFeatured, true)))
      .orderBy(desc(testimonials.createdAt))
      .limit(limit),
  );
}

export function countPublishedTestimonials(): Promise<number> {
  return cachePublicData('testimonials:count', async () => {
    const [row] = await db.select({ value: count() }).from(testimonials).where(eq(testimonials.isPublished, true));
    return row?.value ?? 0;
  });
}

export function listPublishedTestimonials({ offset, limit } = GUEST_BOOK_PAGE) {
  return cachePublicData(`testimonials:published:${offset}:${limit}`, () =>
    db.select(PUBLIC_COLUMNS).from(testimonials).where(eq(testimonials.isPublished, true)).orderBy(desc(testimonials.createdAt)).offset(offset).limit(limit),
  );
}

// Moderation

export interface AdminTestimonial {
  id: string;
  name: string;
  email: string;
  country: string | null;
  message: string;
  rating: number;
  createdAt: Date;
  isPublished: boolean;
  isFeatured: boolean;
}

export async function listTestimonials(): Promise<AdminTestimonial[]> {
  return db
    .select({
      ...PUBLIC_COLUMNS,
      email: testimonials.email,
      createdAt: testimonials.createdAt,
      isPublished: testimonials.isPublished,
      isFeatured: testimonials.isFeatured,
    })
    .from(testimonials)
    .orderBy(desc(testimonials.createdAt));
}

async function updateOne(id: string, set: Partial<typeof testimonials.$inferInsert>): Promise<true | NotFound> {
  const rows = await db.update(testimonials).set(set).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return rows.length > 0 || NOT_FOUND;
}

export const publishTestimonial = (id: string, published: boolean) => updateOne(id, { isPublished: published });

export const featureTestimonial = (id: string, featured: boolean) => updateOne(id, { isFeatured: featured });

export const editTestimonial = (id: string, values: { name: string; email: string; message: string; country: string | null }) => updateOne(id, values);

export async function deleteTestimonial(id: string): Promise<true | NotFound> {
  const rows = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return rows.length > 0 || NOT_FOUND;
}
