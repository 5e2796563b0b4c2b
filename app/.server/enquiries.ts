// Contact messages received from the public site (the owners' enquiry inbox),
// each with the delivery state of its notification mail: the owners see every
// enquiry even when mail fails.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { db } from './db/client';
import { contactMessages, mailOutbox } from './db/schema';
import { retryMail } from './mail/outbox';

export type MailState = 'sent' | 'pending' | 'failed';

export interface EnquiryMail {
  id: string;
  state: MailState;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  nextAttemptAt: Date;
}

export interface Enquiry {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  dates: string | null;
  guests: number;
  message: string;
  readAt: Date | null;
  createdAt: Date;
  mail: EnquiryMail | null;
}

export const ENQUIRIES_PAGE_SIZE = 50;

export async function countUnreadContactMessages(): Promise<number> {
  const [row] = await db.select({ value: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.value ?? 0;
}

export async function countContactMessages(): Promise<number> {
  const [row] = await db.select({ value: count() }).from(contactMessages);
  return row?.value ?? 0;
}

/** Newest first, one page; each message with its contact notification (one per message). */
export async function listContactMessages(page = 1, pageSize = ENQUIRIES_PAGE_SIZE): Promise<Enquiry[]> {
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      dates: contactMessages.dates,
      guests: contactMessages.guests,
      message: contactMessages.message,
      readAt: contactMessages.readAt,
      createdAt: contactMessages.createdAt,
      mailId: mailOutbox.id,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      sentAt: mailOutbox.sentAt,
      failedAt: mailOutbox.failedAt,
      nextAttemptAt: mailOutbox.nextAttemptAt,
    })
    .from(contactMessages)
    .leftJoin(
      mailOutbox,
      and(eq(mailOutbox.contactMessageId, contactMessages.id), eq(mailOutbox.kind, 'contact')),
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(pageSize)
    .offset(Math.max(0, page - 1) * pageSize);
  return rows.map(({ mailId, attempts, lastError, sentAt, failedAt, nextAttemptAt, ...message }) => ({
    ...message,
    mail:
      mailId === null
        ? null
        : {
            id: mailId,
            state: sentAt ? 'sent' : failedAt ? 'failed' : 'pending',
            attempts: attempts ?? 0,
            lastError,
            sentAt,
            nextAttemptAt: nextAttemptAt!,
          },
  }));
}

/** Returns false when the message does not exist (any more). */
export async function setContactMessageRead(id: string, read: boolean): Promise<boolean> {
  const rows = await db
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

/**
 * Deletes a message and cancels its notification if it has not gone out (an owner
 * deleting spam does not want it mailed later); a sent mail's row stays as a record.
 */
export async function deleteContactMessage(id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.contactMessageId, id), isNull(mailOutbox.sentAt)));
    const rows = await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
    return rows.length > 0;
  });
}

/** 'Réessayer': the message's failed notification gets a fresh series of attempts. */
export async function retryContactMessageMail(id: string): Promise<boolean> {
  const [mail] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.contactMessageId, id), eq(mailOutbox.kind, 'contact')))
    .limit(1);
  return mail ? retryMail(mail.id) : false;
}
