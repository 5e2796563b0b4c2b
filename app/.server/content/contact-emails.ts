// Addresses that receive contact-form notifications (SPEC §3 `contact_emails`).
import { NOT_FOUND, type NotFound } from '../rule-refusal';
import { asc, eq } from 'drizzle-orm';
import { db } from '../db/client';
import { contactEmails } from '../db/schema';

export async function listContactEmails(): Promise<{ id: string; email: string }[]> {
  return db.select({ id: contactEmails.id, email: contactEmails.email }).from(contactEmails).orderBy(asc(contactEmails.email));
}

/** False when the address is already in the list. */
export async function addContactEmail(email: string): Promise<boolean> {
  const rows = await db.insert(contactEmails).values({ email }).onConflictDoNothing().returning({ id: contactEmails.id });
  return rows.length > 0;
}

export async function deleteContactEmail(id: string): Promise<true | NotFound> {
  const rows = await db.delete(contactEmails).where(eq(contactEmails.id, id)).returning({ id: contactEmails.id });
  return rows.length > 0 || NOT_FOUND;
}
