// Guest-book moderation (SPEC §2 'Livre d'Or', §4): the admin reads every
// testimonial, edits, publishes, features and deletes. Public reads and the public
// submission live in guest-book.ts.
import { desc, eq, sql } from 'drizzle-orm';
import { db } from './db/client';
import { testimonials } from './db/schema';

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
      id: testimonials.id,
      name: testimonials.name,
      email: testimonials.email,
      country: testimonials.country,
      message: testimonials.message,
      rating: testimonials.rating,
      createdAt: testimonials.createdAt,
      isPublished: testimonials.isPublished,
      isFeatured: testimonials.isFeatured,
    })
    .from(testimonials)
    .orderBy(desc(testimonials.createdAt));
}

export async function countFeaturedTestimonials(): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(testimonials)
    .where(eq(testimonials.isFeatured, true));
  return row?.count ?? 0;
}

async function updateOne(id: string, set: Partial<typeof testimonials.$inferInsert>): Promise<boolean> {
  const rows = await db.update(testimonials).set(set).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return rows.length > 0;
}

export const publishTestimonial = (id: string, published: boolean) => updateOne(id, { isPublished: published });

export const featureTestimonial = (id: string, featured: boolean) => updateOne(id, { isFeatured: featured });

export const editTestimonial = (
  id: string,
  values: { name: string; email: string; message: string; country: string | null },
) => updateOne(id, values);

export async function deleteTestimonial(id: string): Promise<boolean> {
  const rows = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return rows.length > 0;
}
