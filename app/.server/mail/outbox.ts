// The mail outbox: a notification is a row written in the same transaction as the
// message it is about, so nothing a visitor sent can be acknowledged and then lost.
// The delivery worker (mail issue) drains it.
import type { Executor } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface OutgoingMail {
  idempotencyKey: string;
  kind: 'contact' | 'testimonial';
  recipients: string[];
  replyTo?: string | null;
  subject: string;
  textBody: string;
  htmlBody: string;
  contactMessageId?: string;
  testimonialId?: string;
}

export async function enqueueMail(executor: Executor, mail: OutgoingMail) {
  await executor
    .insert(mailOutbox)
    .values({ ...mail, replyTo: mail.replyTo ?? null })
    .onConflictDoNothing({ target: mailOutbox.idempotencyKey });
}
