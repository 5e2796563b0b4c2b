// The contact_messages table (SPEC §3): the public contact form stores a message
// with its notification mail in one transaction, so the visitor is told "sent" only
// once both are committed; the owners' enquiry inbox (Messages) lists every message
// with the delivery state of its notification, so they see each enquiry even when
// mail fails.
import { NOT_FOUND, type NotFound } from '../rule-refusal';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ContactInput } from '~/lib/schemas/contact';
import { db } from '../db/client';
import { contactMessages, mailOutbox } from '../db/schema';
import { queueContactNotification } from '../mail/notifications';
import { retryMail } from '../mail/outbox';

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
    .leftJoin(mailOutbox, and(eq(mailOutbox.contactMessageId, contactMessages.id), eq(mailOutbox.kind, 'contact')))
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

/** The Messages screen's page `requested` (past the end: the last page) with the inbox counts. */
export async function readContactMessagesPage(requested: number) {
  const [total, unread] = await Promise.all([countContactMessages(), countUnreadContactMessages()]);
  const pageCount = Math.max(1, Math.ceil(total / ENQUIRIES_PAGE_SIZE));
  const page = Math.min(requested, pageCount);
  return { messages: await listContactMessages(page), total, unread, page, pageCount };
}

/** Returns false when the message does not exist (any more). */
export async function setContactMessageRead(id: string, read: boolean): Promise<true | NotFound> {
  const rows = await db
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0 || NOT_FOUND;
}

/**
 * Deletes a message and cancels its notification if it has not gone out (an owner
 * deleting spam does not want it mailed later); a sent mail's row stays as a record.
 */
export async function deleteContactMessage(id: string): Promise<true | NotFound> {
  return db.transaction(async (tx) => {
    await tx.delete(mailOutbox).where(and(eq(mailOutbox.contactMessageId, id), isNull(mailOutbox.sentAt)));
    const rows = await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
    return rows.length > 0 || NOT_FOUND;
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
