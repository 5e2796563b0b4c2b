// Contact messages received from the public site (the owners' enquiry inbox).
import { count, isNull } from 'drizzle-orm';
import { db } from './db/client';
import { contactMessages } from './db/schema';

export async function countUnreadContactMessages(): Promise<number> {
  const [row] = await db.select({ value: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.value ?? 0;
}
