// The two notifications of SPEC §7 (send-contact-email, send-testimonial-notification),
// queued in the caller's transaction: the outbox row commits with the message or not at all.
import { asc } from 'drizzle-orm';
import { config } from '../environment';
import type { Executor } from '../db/client';
import { contactEmails, siteConfig } from '../db/schema';
import { mailboxAddress, renderContactMail, renderExistingAccountMail, renderFailedSignInsMail, renderTestimonialMail, uniqueMailboxes } from './compose';
import { enqueueMail } from './outbox';

/**
 * The site's main contact email plus the contact-emails list, valid addresses only,
 * deduplicated case-insensitively. May be empty: the worker then keeps the mail
 * pending and looks the recipients up again (see worker.ts).
 */
export async function listOwnerRecipients(executor: Executor): Promise<string[]> {
  const [site] = await executor.select({ email: siteConfig.contactEmail }).from(siteConfig).limit(1);
  const extra = await executor.select({ email: contactEmails.email }).from(contactEmails).orderBy(asc(contactEmails.email));
  return uniqueMailboxes([site?.email, ...extra.map((e) => e.email)]);
}

export interface ContactNotification {
  id: string;
  name: string;
  email: string;
  phone?: string | null;
  dates?: string | null;
  guests: number;
  message: string;
}

export async function queueContactNotification(executor: Executor, message: ContactNotification) {
  const mail = renderContactMail(message);
  await enqueueMail(executor, {
    idempotencyKey: `contact:${message.id}`,
    kind: 'contact',
    recipients: await listOwnerRecipients(executor),
    replyTo: mailboxAddress(message.email),
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    contactMessageId: message.id,
  });
}

export interface TestimonialNotification {
  id: string;
  name: string;
  email: string;
  country: string | null;
  rating: number;
  message: string;
  createdAt: Date;
}

export async function queueTestimonialNotification(executor: Executor, testimonial: TestimonialNotification) {
  const mail = renderTestimonialMail(testimonial, config().PUBLIC_URL);
  await enqueueMail(executor, {
    idempotencyKey: `testimonial:${testimonial.id}`,
    kind: 'testimonial',
    recipients: await listOwnerRecipients(executor),
    replyTo: mailboxAddress(testimonial.email),
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    testimonialId: testimonial.id,
  });
}

/**
 * Tells an account's owner that someone tried to sign up with their address. At most one
 * such mail per address and hour (the idempotency key), so that repeated sign-ups cannot
 * flood the owner's mailbox.
 */
export async function queueExistingAccountNotice(executor: Executor, email: string, now = new Date()) {
  const recipient = mailboxAddress(email);
  if (!recipient) return;
  const hour = now.toISOString().slice(0, 13);
  const mail = renderExistingAccountMail(config().PUBLIC_URL);
  await enqueueMail(executor, {
    idempotencyKey: `existing-account:${recipient.toLowerCase()}:${hour}`,
    kind: 'account',
    recipients: [recipient],
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  });
}

/**
 * Tells an account's owner that failed sign-ins piled up on it (app/.server/auth/account-throttle.ts
 * decides when, once a day at most); `alertedAt` makes the mail's key.
 */
export async function queueFailedSignInsNotice(executor: Executor, email: string, pile: { failures: number; networks: number }, alertedAt: Date) {
  const recipient = mailboxAddress(email);
  if (!recipient) return;
  const mail = renderFailedSignInsMail(config().PUBLIC_URL, pile);
  await enqueueMail(executor, {
    idempotencyKey: `failed-sign-ins:${recipient.toLowerCase()}:${alertedAt.toISOString()}`,
    kind: 'account',
    recipients: [recipient],
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  });
}
