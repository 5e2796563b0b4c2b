// The mail outbox: a notification is a row written in the same transaction as the
// message it is about, so nothing a visitor sent can be acknowledged and then lost.
// The delivery worker (worker.ts) drains it; these are the row transitions.
//
//   pending  (sent_at and failed_at null; due when next_attempt_at <= now)
//     → claimed: attempts + 1 and next_attempt_at pushed past the send (a lease), committed
//       before the SMTP conversation, so another instance skips it; a crash mid-send
//       leaves it pending and due again once the lease ends (at-least-once delivery)
//     → sent    (sent_at)
//     → pending again with last_error and a backoff, or failed (failed_at) after the last attempt
//   failed → pending by hand (retryMail)
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { db, type Executor } from '../db/client';
import { MAIL_ATTACHMENT_MAX_BYTES, mailAttachments, mailOutbox } from '../db/schema';

/** Channel on which every instance's worker listens; NOTIFY is delivered on commit. */
export const MAIL_CHANNEL = 'mail_outbox';

export interface OutgoingMail {
  idempotencyKey: string;
  kind: 'contact' | 'testimonial' | 'booking' | 'account';
  recipients: string[];
  replyTo?: string | null;
  subject: string;
  textBody: string;
  htmlBody: string;
  contactMessageId?: string;
  testimonialId?: string;
  /** Files sent with it (a note's PDF): at most MAX_ATTACHMENTS, each MAIL_ATTACHMENT_MAX_BYTES at most. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Files one mail may carry: a mail is a message with a document, not a file transfer. */
export const MAX_ATTACHMENTS = 3;

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Queues a mail in the caller's executor (pass the transaction that writes the message).
 * Idempotent on `idempotencyKey`. The NOTIFY rides the same transaction, so workers of
 * every instance (this one included) wake up exactly when the row becomes visible.
 */
export async function enqueueMail(executor: Executor, mail: OutgoingMail) {
  const { attachments = [], ...row } = mail;
  if (attachments.length > MAX_ATTACHMENTS || attachments.some((a) => a.content.length > MAIL_ATTACHMENT_MAX_BYTES)) {
    throw new Error(`A mail carries at most ${MAX_ATTACHMENTS} files of ${MAIL_ATTACHMENT_MAX_BYTES} bytes each`);
  }
  const [inserted] = await executor
    .insert(mailOutbox)
    .values({ ...row, replyTo: row.replyTo ?? null })
    .onConflictDoNothing({ target: mailOutbox.idempotencyKey })
    .returning({ id: mailOutbox.id });
  if (inserted && attachments.length) await executor.insert(mailAttachments).values(attachments.map((a) => ({ mailId: inserted.id, ...a })));
  await executor.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
}

/** The files a claimed mail carries. */
export async function listMailAttachments(mailId: string): Promise<MailAttachment[]> {
  return db
    .select({ filename: mailAttachments.filename, contentType: mailAttachments.contentType, content: mailAttachments.content })
    .from(mailAttachments)
    .where(eq(mailAttachments.mailId, mailId))
    .orderBy(asc(mailAttachments.createdAt));
}

const pending = () => and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt));

/**
 * Takes the oldest due mail for this worker: locks it (rows locked by another
 * instance are skipped), bumps attempts and moves next_attempt_at to `leaseUntil`,
 * and commits before anything is sent.
 */
export async function claimDueMail(now: Date, leaseUntil: (attempts: number) => Date): Promise<OutboxRow | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: mailOutbox.id, attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(and(pending(), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx
      .update(mailOutbox)
      .set({ attempts: due.attempts + 1, nextAttemptAt: leaseUntil(due.attempts + 1) })
      .where(eq(mailOutbox.id, due.id))
      .returning();
    return claimed ?? null;
  });
}

export async function markMailSent(id: string, now: Date, recipients?: string[]) {
  await db
    .update(mailOutbox)
    .set({ sentAt: now, lastError: null, ...(recipients ? { recipients } : {}) })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
}

/** A failed try: keep the error; either schedule the next one or give up (failed_at). */
export async function recordMailFailure(row: Pick<OutboxRow, 'id' | 'attempts'>, error: string, now: Date, nextAttemptAt: Date | null) {
  await db
    .update(mailOutbox)
    .set({
      lastError: error.slice(0, 2000),
      ...(nextAttemptAt ? { nextAttemptAt } : { failedAt: now }),
    })
    .where(and(eq(mailOutbox.id, row.id), pending()));
}

/**
 * Nothing to send to yet (no contact email configured): the try does not count,
 * the mail stays pending with an explanation and is looked at again later.
 */
export async function postponeMail(row: Pick<OutboxRow, 'id' | 'attempts'>, reason: string, until: Date) {
  await db
    .update(mailOutbox)
    .set({ attempts: Math.max(0, row.attempts - 1), lastError: reason, nextAttemptAt: until })
    .where(and(eq(mailOutbox.id, row.id), pending()));
}

/** The admin's 'Réessayer': a failed mail gets a fresh series of attempts, now. */
export async function retryMail(id: string, executor: Executor = db): Promise<boolean> {
  const rows = await executor
    .update(mailOutbox)
    .set({ failedAt: null, attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt), sql`${mailOutbox.failedAt} is not null`))
    .returning({ id: mailOutbox.id });
  if (rows.length) await executor.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
  return rows.length > 0;
}
