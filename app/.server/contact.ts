// Contact messages from the public site: stored with their notification mail in
// one transaction, so the visitor is told "sent" only once both are committed.
import type { ContactInput } from '~/lib/schemas/contact';
import { db } from './db/client';
import { contactMessages } from './db/schema';
import { queueContactNotification } from './mail/notifications';

export async function submitContactMessage(input: Omit<ContactInput, 'website'>, language: string) {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        dates: input.dates || null,
        guests: input.guests,
        message: input.message,
        language,
      })
      .returning();
    await queueContactNotification(tx, message!);
    return { id: message!.id };
  });
}
