// The two notifications of SPEC §7 (send-contact-email, send-testimonial-notification),
// queued in the caller's transaction. Mails are written in French for the owners.
import { asc } from 'drizzle-orm';
import { config } from '../config';
import type { Executor } from '../db/client';
import { contactEmails, siteConfig } from '../db/schema';
import { enqueueMail } from './outbox';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** Header values never carry line breaks (no header injection). */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

async function ownerRecipients(executor: Executor): Promise<string[]> {
  const [config] = await executor.select({ email: siteConfig.contactEmail }).from(siteConfig).limit(1);
  const extra = await executor.select({ email: contactEmails.email }).from(contactEmails).orderBy(asc(contactEmails.email));
  const all = [config?.email, ...extra.map((e) => e.email)].filter((e): e is string => Boolean(e));
  return [...new Map(all.map((e) => [e.toLowerCase(), e])).values()];
}

function render(rows: Array<[string, string]>, intro: string) {
  const text = `${intro}\n\n${rows.map(([label, value]) => `${label} : ${value}`).join('\n')}\n`;
  const html =
    `<p>${escapeHtml(intro)}</p><table cellpadding="4">` +
    rows
      .map(
        ([label, value]) =>
          `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`,
      )
      .join('') +
    '</table>';
  return { text, html };
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
  const { text, html } = render(
    [
      ['Nom', message.name],
      ['Email', message.email],
      ['Téléphone', message.phone || '—'],
      ['Dates', message.dates || '—'],
      ['Personnes', String(message.guests)],
      ['Message', message.message],
    ],
    'Nouveau message reçu depuis le formulaire de contact du site.',
  );
  await enqueueMail(executor, {
    idempotencyKey: `contact:${message.id}`,
    kind: 'contact',
    recipients: await ownerRecipients(executor),
    replyTo: oneLine(message.email),
    subject: oneLine(`Nouveau message de ${message.name}`),
    textBody: text,
    htmlBody: html,
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
  const { text, html } = render(
    [
      ['Nom', testimonial.name],
      ['Email', testimonial.email],
      ['Pays', testimonial.country ?? '—'],
      ['Note', `${testimonial.rating}/5`],
      ['Message', testimonial.message],
      ['Date', testimonial.createdAt.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })],
      ['Modérer', `${config().PUBLIC_URL}/admin/testimonials`],
    ],
    'Un nouveau témoignage attend votre modération dans le livre d’or.',
  );
  await enqueueMail(executor, {
    idempotencyKey: `testimonial:${testimonial.id}`,
    kind: 'testimonial',
    recipients: await ownerRecipients(executor),
    replyTo: oneLine(testimonial.email),
    subject: oneLine(`Nouveau témoignage de ${testimonial.name}`),
    textBody: text,
    htmlBody: html,
    testimonialId: testimonial.id,
  });
}
