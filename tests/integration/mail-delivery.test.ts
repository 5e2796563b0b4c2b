// The outbox and its worker against a real SMTP server on loopback: recipients,
// Reply-To, content and escaping, backoff driven by a fake clock (no sleeping),
// two concurrent workers, header and HTML injection, .eml files without a relay.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listContactMessages, retryContactMessageMail, submitContactMessage } from '~/.server/content/contact-messages';
import { siteNameForMail } from '~/.server/content/site-settings';
import { db } from '~/.server/db/client';
import { contactEmails, contactMessages, mailOutbox, siteConfig, testimonials } from '~/.server/db/schema';
import { submitTestimonial } from '~/.server/content/testimonials';
import { queueContactNotification } from '~/.server/mail/notifications';
import { createMailWorker, NO_RECIPIENT_ERROR, type MailWorkerOptions } from '~/.server/mail/worker';
import { freePort } from '../support/app-process';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../support/smtp';

let offset = 0;
const clock = () => new Date(Date.now() + offset);
const advance = (ms: number) => {
  offset += ms;
};

const servers: TestSmtpServer[] = [];
async function smtp(options: Parameters<typeof startSmtpServer>[0] = {}) {
  const server = await startSmtpServer(options);
  servers.push(server);
  return server;
}

const workers: Array<{ stop(): Promise<void> }> = [];
function worker(options: Partial<MailWorkerOptions>) {
  const created = createMailWorker({ senderName: siteNameForMail, now: clock, random: () => 0.5, listen: false, log: () => {}, ...options });
  workers.push(created);
  return created;
}

async function outboxRow(contactMessageId: string) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.contactMessageId, contactMessageId));
  return row!;
}

const contact = {
  name: 'Jeanne Dupont',
  email: 'jeanne@example.org',
  phone: '+33 6 12 34 56 78',
  dates: 'du 3 au 7 juin',
  guests: 3,
  message: 'Bonjour,\nAvez-vous une chambre avec vue ?',
};

beforeEach(async () => {
  offset = 0;
  await db.delete(mailOutbox);
  await db.delete(contactMessages);
  await db.delete(contactEmails);
  await db.delete(siteConfig);
  await db.insert(siteConfig).values({ name: 'Le Mas de Grasse', contactEmail: 'owner@example.com' });
  // Same address in another case: one delivery only.
  await db.insert(contactEmails).values([{ email: 'OWNER@example.com' }, { email: 'partner@example.com' }]);
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('contact notification', () => {
  it('arrives once, to the owners (deduplicated), Reply-To the visitor, with every field in French', async () => {
    const server = await smtp();
    const { id } = await submitContactMessage(contact, 'fr');
    const sender = worker({ smtpUrl: server.url });

    expect(await sender.drain()).toBe(1);
    expect(await sender.drain()).toBe(0);
    expect(server.mails).toHaveLength(1);
    const [mail] = server.mails;

    expect(mail!.envelopeTo.sort()).toEqual(['owner@example.com', 'partner@example.com']);
    expect(mail!.header('to')).toBe('owner@example.com, partner@example.com');
    expect(mail!.header('reply-to')).toBe('jeanne@example.org');
    expect(mail!.header('from')).toBe('Le Mas de Grasse <no-reply@localhost>');
    expect(mail!.subject).toBe('Nouveau message de Jeanne Dupont');
    expect(mail!.messageId).toBe(`<${(await outboxRow(id)).id}@localhost>`);
    expect(mail!.header('content-type')).toMatch(/^multipart\/alternative/);

    for (const expected of [
      'Nom',
      'Jeanne Dupont',
      'E-mail',
      'jeanne@example.org',
      'Téléphone',
      '+33 6 12 34 56 78',
      'Dates',
      'du 3 au 7 juin',
      'Personnes',
      '3',
      'Avez-vous une chambre avec vue ?',
    ]) {
      expect(mail!.text).toContain(expected);
      expect(mail!.html).toContain(expected);
    }
    expect(mail!.html).toContain('<a href="mailto:jeanne@example.org">');
    expect(mail!.html).toContain('<a href="tel:+33612345678">');
    expect(mail!.html).toContain('Bonjour,<br>Avez-vous');

    const row = await outboxRow(id);
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeNull();
  });

  it('queues one mail per message, however often it is asked', async () => {
    const { id } = await submitContactMessage(contact, 'fr');
    const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    await db.transaction((tx) => queueContactNotification(tx, message!));
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.contactMessageId, id));
    expect(rows).toHaveLength(1);
  });

  it('with the SMTP server down: the message is stored, the mail waits with backoff, then arrives exactly once', async () => {
    const port = await freePort();
    const sender = worker({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const { id } = await submitContactMessage(contact, 'fr');
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored?.name).toBe('Jeanne Dupont');

    const first = clock().getTime();
    expect(await sender.drain()).toBe(0);
    let row = await outboxRow(id);
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeNull();
    expect(row.failedAt).toBeNull();
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    // 30 s × 2^0, jitter neutral with random() = 0.5
    expect(row.nextAttemptAt.getTime() - first).toBeGreaterThanOrEqual(30_000);
    expect(row.nextAttemptAt.getTime() - first).toBeLessThan(31_000);

    advance(10_000);
    expect(await sender.drain()).toBe(0);
    expect((await outboxRow(id)).attempts).toBe(1); // not due yet: nothing tried

    advance(21_000);
    const second = clock().getTime();
    expect(await sender.drain()).toBe(0);
    row = await outboxRow(id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime() - second).toBeGreaterThanOrEqual(60_000); // 30 s × 2^1
    expect(row.nextAttemptAt.getTime() - second).toBeLessThan(61_000);

    const server = await smtp({ port });
    advance(30_000);
    expect(await sender.drain()).toBe(0); // still backing off
    expect(server.attempts).toBe(0);

    advance(31_000);
    expect(await sender.drain()).toBe(1);
    advance(3_600_000);
    expect(await sender.drain()).toBe(0);
    expect(server.mails).toHaveLength(1);
    expect(server.mails[0]!.subject).toBe('Nouveau message de Jeanne Dupont');
    row = await outboxRow(id);
    expect(row.sentAt).not.toBeNull();
    expect(row.lastError).toBeNull();
  });

  it('gives up after the last attempt, keeps the error for the admin, and sends once when retried by hand', async () => {
    const port = await freePort();
    const sender = worker({ smtpUrl: `smtp://127.0.0.1:${port}`, retry: { maxAttempts: 3 } });
    const { id } = await submitContactMessage(contact, 'fr');
    for (let i = 0; i < 3; i++) {
      expect(await sender.drain()).toBe(0);
      advance(3_600_000);
    }
    const row = await outboxRow(id);
    expect(row.attempts).toBe(3);
    expect(row.failedAt).not.toBeNull();
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(await sender.drain()).toBe(0); // failed mails are not retried on their own

    const [listed] = (await listContactMessages()).filter((m) => m.id === id);
    expect(listed?.mail?.state).toBe('failed');
    expect(listed?.mail?.lastError).toMatch(/ECONNREFUSED|connect/i);

    const server = await smtp({ port });
    expect(await retryContactMessageMail(id)).toBe(true);
    expect(await retryContactMessageMail(id)).toBe(false); // not failed any more
    const [pending] = (await listContactMessages()).filter((m) => m.id === id);
    expect(pending?.mail?.state).toBe('pending');

    expect(await sender.drain()).toBe(1);
    expect(await sender.drain()).toBe(0);
    expect(server.mails).toHaveLength(1);
    const [sent] = (await listContactMessages()).filter((m) => m.id === id);
    expect(sent?.mail?.state).toBe('sent');
  });

  it('two workers draining at once send each mail exactly once', async () => {
    const server = await smtp({
      beforeAccept: async () => {
        await new Promise((r) => setTimeout(r, 15));
        return 'accept' as const;
      },
    });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await submitContactMessage({ ...contact, name: `Visiteur ${i}` }, 'fr')).id);
    const a = worker({ smtpUrl: server.url });
    const b = worker({ smtpUrl: server.url });

    const [sentByA, sentByB] = await Promise.all([a.drain(), b.drain()]);
    expect(sentByA + sentByB).toBe(20);
    expect(sentByA).toBeGreaterThan(0);
    expect(sentByB).toBeGreaterThan(0);
    expect(server.attempts).toBe(20);
    const subjects = server.mails.map((m) => m.subject).sort();
    expect(new Set(subjects).size).toBe(20);
    expect(new Set(server.mails.map((m) => m.messageId)).size).toBe(20);
    const rows = await db.select().from(mailOutbox);
    expect(rows.every((r) => r.sentAt && r.attempts === 1)).toBe(true);
  });

  it('neutralises header and HTML injection in every field', async () => {
    const server = await smtp();
    const evil = {
      name: 'Eve\r\nBcc: victim@example.net\r\nX-Injected: yes <script>alert("name")</script>',
      email: 'eve@example.org\r\nBcc: victim2@example.net',
      phone: '<img src=x onerror=alert(1)>\r\nCc: victim3@example.net',
      dates: '"><script>alert("dates")</script>\nSubject: pwned',
      guests: 2,
      message: '</td></tr></table><script>alert("message")</script>\r\n.\r\nMAIL FROM:<spam@example.net>\r\nRCPT TO:<victim4@example.net>',
    };
    // Straight to the notification (no form validation in front): the mail layer defends itself.
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(contactMessages).values(evil).returning();
      await queueContactNotification(tx, row!);
      return row!.id;
    });
    expect(await worker({ smtpUrl: server.url }).drain()).toBe(1);
    expect(server.attempts).toBe(1);
    const [mail] = server.mails;

    expect(mail!.envelopeTo.sort()).toEqual(['owner@example.com', 'partner@example.com']);
    for (const header of ['bcc', 'cc', 'x-injected']) expect(mail!.headers.has(header)).toBe(false);
    expect(mail!.headers.get('subject')).toHaveLength(1);
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.subject).toContain('Eve Bcc: victim@example.net X-Injected');
    // The visitor's address is not a single plain mailbox: no Reply-To rather than a forged one.
    expect(mail!.headers.has('reply-to')).toBe(false);
    const headerBlock = mail!.raw.slice(0, mail!.raw.indexOf('\r\n\r\n'));
    expect(headerBlock).not.toMatch(/^(Bcc|Cc|X-Injected|Subject: pwned)/im);
    expect(headerBlock).not.toMatch(/victim[234]/);

    expect(mail!.html).not.toMatch(/<script|<img|onerror=alert\(1\)>/i);
    expect(mail!.html).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail!.html).toContain('&quot;&gt;&lt;script&gt;alert(&quot;dates&quot;)');
    expect(mail!.html).toContain('&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;script&gt;');
    expect(mail!.html).not.toContain('href="tel:');
    expect(mail!.html).not.toContain('href="mailto:');
    // The plain-text part carries the values as typed, dot line included.
    expect(mail!.text).toContain('MAIL FROM:<spam@example.net>');
    expect((await outboxRow(id)).sentAt).not.toBeNull();
  });

  it('neutralises injection in the testimonial notification too, and shows the French country name, rating, date and admin link', async () => {
    const server = await smtp();
    await submitTestimonial({
      name: 'Tom\nBcc: x@example.net <b>bold</b>',
      email: 'tom@example.co.uk',
      country: 'UK',
      rating: 4,
      message: 'Lovely <i>stay</i> & views',
    });
    await db.insert(testimonials).values({ name: 'ignored', email: 'x@example.com', message: 'not queued' });
    expect(await worker({ smtpUrl: server.url }).drain()).toBe(1);
    const [mail] = server.mails;
    expect(mail!.headers.has('bcc')).toBe(false);
    expect(mail!.subject).toBe('Nouveau témoignage de Tom Bcc: x@example.net <b>bold</b>');
    expect(mail!.header('reply-to')).toBe('tom@example.co.uk');
    expect(mail!.text).toContain('Royaume-Uni');
    expect(mail!.text).toContain('★★★★☆ (4/5)');
    expect(mail!.text).toMatch(/Date\s+:\s+\S+ \d{1,2} \S+ 20\d\d à \d\d:\d\d/);
    expect(mail!.text).toContain('http://localhost:3000/admin/testimonials');
    expect(mail!.html).toContain('<a href="http://localhost:3000/admin/testimonials">');
    expect(mail!.html).toContain('Tom<br>Bcc: x@example.net &lt;b&gt;bold&lt;/b&gt;');
    expect(mail!.html).toContain('Lovely &lt;i&gt;stay&lt;/i&gt; &amp; views');
    expect(mail!.html).not.toMatch(/<b>|<i>/);
  });
});

describe('without a relay or recipients', () => {
  it('writes an .eml file under the mail directory and marks the mail delivered', async () => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-eml-'));
    const { id } = await submitContactMessage(contact, 'fr');
    const sender = worker({ smtpUrl: null, mailDir });
    expect(await sender.drain()).toBe(1);
    const files = fs.readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-contact-[0-9a-f-]{36}\.eml$/);
    const mail = parseMail(fs.readFileSync(path.join(mailDir, files[0]!), 'utf8'));
    expect(mail.subject).toBe('Nouveau message de Jeanne Dupont');
    expect(mail.header('to')).toBe('owner@example.com, partner@example.com');
    expect(mail.header('reply-to')).toBe('jeanne@example.org');
    expect(mail.text).toContain('du 3 au 7 juin');
    expect((await outboxRow(id)).sentAt).not.toBeNull();
  });

  it('keeps the mail pending with a clear error while no recipient is configured, then delivers it', async () => {
    await db.delete(contactEmails);
    await db.update(siteConfig).set({ contactEmail: null });
    const server = await smtp();
    const sender = worker({ smtpUrl: server.url });
    const { id } = await submitContactMessage(contact, 'fr');

    expect(await sender.drain()).toBe(0);
    let row = await outboxRow(id);
    expect(row.recipients).toEqual([]);
    expect(row.lastError).toBe(NO_RECIPIENT_ERROR);
    expect(row.attempts).toBe(0);
    expect(row.failedAt).toBeNull();

    await db.update(siteConfig).set({ contactEmail: 'new-owner@example.com' });
    advance(5 * 60_000 + 1_000);
    expect(await sender.drain()).toBe(1);
    expect(server.mails[0]!.envelopeTo).toEqual(['new-owner@example.com']);
    row = await outboxRow(id);
    expect(row.recipients).toEqual(['new-owner@example.com']);
    expect(row.sentAt).not.toBeNull();
  });
});

describe('the running worker', () => {
  it('wakes up on NOTIFY as soon as a submission commits (no poll wait)', async () => {
    const server = await smtp();
    const running = createMailWorker({ senderName: siteNameForMail, smtpUrl: server.url, pollIntervalMs: 60_000, log: () => {} });
    workers.push(running);
    await running.start();
    const started = Date.now();
    await submitContactMessage(contact, 'fr');
    await server.waitForMails(1, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
