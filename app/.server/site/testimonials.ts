// Published testimonials for the public pages. The email column is never selected.
import { and, count, desc, eq } from 'drizzle-orm';
import { db } from '../db/client';
import { testimonials } from '../db/schema';

const PUBLIC_COLUMNS = {
  id: testimonials.id,
  name: testimonials.name,
  country: testimonials.country,
  message: testimonials.message,
  rating: testimonials.rating,
};

export const HOME_TESTIMONIALS_LIMIT = 3;
export const GUEST_BOOK_PAGE = { offset: 0, limit: 50 };

export async function listFeaturedTestimonials(limit = HOME_TESTIMONIALS_LIMIT) {
  return db
    .select(PUBLIC_COLUMNS)
    .from(testimonials)
    .where(and(eq(testimonials.isPublished, true), eq(testimonials.isFeatured, true)))
    .orderBy(desc(testimonials.createdAt))
    .limit(limit);
}

export async function countPublishedTestimonials(): Promise<number> {
  const [row] = await db.select({ value: count() }).from(testimonials).where(eq(testimonials.isPublished, true));
  return row?.value ?? 0;
}

export async function listPublishedTestimonials({ offset, limit } = GUEST_BOOK_PAGE) {
  return db
    .select(PUBLIC_COLUMNS)
    .from(testimonials)
    .where(eq(testimonials.isPublished, true))
    .orderBy(desc(testimonials.createdAt))
    .offset(offset)
    .limit(limit);
}

export type PublicTestimonial = Awaited<ReturnType<typeof listPublishedTestimonials>>[number];
