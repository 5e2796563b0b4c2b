// Public guest-book submissions: always pending moderation and never featured,
// whatever was posted; the owners' notification is queued in the same transaction.
import type { TestimonialInput } from '~/lib/schemas/testimonial';
import { db } from './db/client';
import { testimonials } from './db/schema';
import { queueTestimonialNotification } from './mail/notifications';

export interface PublicTestimonialInput extends Omit<TestimonialInput, 'website' | 'country'> {
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
