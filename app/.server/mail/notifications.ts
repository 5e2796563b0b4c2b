// Who a mail goes to: the owners (`enqueueOwnerMail`: the two notifications of SPEC §7,
// send-contact-email and send-testimonial-notification, and the booking's) or a guest
// (`enqueueGuestMail`), queued in the caller's transaction: the outbox row commits with
// what it tells of or not at all.
import { asc } from 'drizzle-orm';
import { config } from '../environment';
import type { Executor } from '../db/client';
import { contactEmails, siteConfig } from '../db/schema';
import {
  mailboxAddress,
  renderContactMail,
  renderExistingAccountMail,
  renderFailedSignInsMail,
  renderTestimonialMail,
  uniqueMailboxes,
  type ContactFields,
  type RenderedMail,
  type TestimonialFields,
} from './compose';
import { enqueueMail, type OutgoingMail } from './outbox';

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

/**
 * A mail to the owners (the site's address and the contact-emails list), answerable to
 * whoever it is about (`replyTo`). `about` links it to the message or testimonial it
 * tells of. The one way an owners' mail reaches the outbox.
 */
export async function enqueueOwnerMail(
  executor: Executor,
  idempotencyKey: string,
  mail: RenderedMail,
  options: { kind: OutgoingMail['kind']; replyTo?: string | null; contactMessageId?: string; testimonialId?: string },
) {
  await enqueueMail(executor, {
    idempotencyKey,
    recipients: await listOwnerRecipients(executor),
    ...options,
    replyTo: mailboxAddress(options.replyTo),
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  });
}

/**
 * A mail to a guest's address, from MAIL_FROM with Reply-To the site's contact address,
 * so that a guest who answers reaches the house. An address that is not one plain
 * mailbox never reaches the outbox (an empty list would mean "the owners").
 */
export async function enqueueGuestMail(executor: Executor, idempotencyKey: string, address: string | null | undefined, mail: RenderedMail) {
  const recipient = mailboxAddress(address);
  if (!recipient) return;
  const [site] = await executor.select({ contactEmail: siteConfig.contactEmail }).from(siteConfig).limit(1);
  await enqueueMail(executor, {
    idempotencyKey,
    kind: 'booking',
    recipients: [recipient],
    replyTo: mailboxAddress(site?.contactEmail),
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  });
}

export interface ContactNotification extends ContactFields {
  id: string;
}

export async function queueContactNotification(executor: Executor, message: ContactNotification) {
  await enqueueOwnerMail(executor, `contact:${message.id}`, renderContactMail(message), {
    kind: 'contact',
    replyTo: message.email,
    contactMessageId: message.id,
  });
}

export interface TestimonialNotification extends TestimonialFields {
  id: string;
}

export async function queueTestimonialNotification(executor: Executor, testimonial: TestimonialNotification) {
  await enqueueOwnerMail(executor, `testimonial:${testimonial.id}`, renderTestimonialMail(testimonial, config().PUBLIC_URL), {
    kind: 'testimonial',
    replyTo: testimonial.email,
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
