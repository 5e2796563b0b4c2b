// The delivery worker: runs inside every app process and drains the outbox.
// Several instances on one database are safe: a mail is claimed under
// FOR UPDATE SKIP LOCKED and leased before it is sent (outbox.ts), so exactly one
// instance sends it. It wakes every few seconds, and at once on NOTIFY mail_outbox,
// which enqueueMail sends in the enqueuing transaction (db/outbox-drain.ts).
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import type Mail from 'nodemailer/lib/mailer';
import { config } from '../environment';
import { db } from '../db/client';
import { createOutboxDrain } from '../db/outbox-drain';
import { headerText, mailboxAddress, uniqueMailboxes } from './compose';
import { listOwnerRecipients } from './notifications';
import { backoffDelay, DEFAULT_RETRY, type RetryPolicy } from './backoff';
import { claimDueMail, MAIL_CHANNEL, markMailSent, postponeMail, recordMailFailure, type OutboxRow } from './outbox';
import { emlTransport, smtpTransport, type MailTransport } from './mail-transport';

export const NO_RECIPIENT_ERROR =
  "Aucun destinataire : renseignez l'email de contact du site (Configuration). Le message attend et partira dès qu'une adresse sera enregistrée.";

export interface MailWorkerOptions {
  /**
   * The name the mails are sent under, read at each send (the owner may rename the site):
   * startup.ts hands in the site's (content/site-settings.ts). Without MAIL_FROM's own name, it
   * goes with no-reply@ the public host.
   */
  senderName: () => Promise<string>;
  /** Relay URL; default config().SMTP_URL. null (or unset) writes .eml files instead. */
  smtpUrl?: string | null;
  /** Where .eml files go without a relay; default DATA_DIR/mail. */
  mailDir?: string;
  /** The clock: tests move it forward instead of sleeping. */
  now?: () => Date;
  /** Jitter source in [0, 1). */
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /**
   * How long a claimed mail is reserved for the instance sending it. Longer than any
   * send can take (transport timeouts), so a live sender is never doubled; after a
   * crash the mail is due again when it ends.
   */
  leaseMs?: number;
  pollIntervalMs?: number;
  /** When no recipient is configured, look again after this long. */
  noRecipientDelayMs?: number;
  /** LISTEN on mail_outbox for an immediate wake-up (start() only). Default true. */
  listen?: boolean;
  log?: (line: string) => void;
}

export interface MailWorker {
  readonly description: string;
  /** Sends every mail due now, one at a time; resolves with the number sent. */
  drain(): Promise<number>;
  /** Polls, listens, and drains on every wake-up until stop(). */
  start(): Promise<void>;
  /** Asks for a drain as soon as possible. */
  wake(): void;
  stop(): Promise<void>;
}

async function fromAddress(senderName: () => Promise<string>): Promise<Mail.Address> {
  const { MAIL_FROM, PUBLIC_URL } = config();
  if (MAIL_FROM) {
    const [parsed] = addressparser(MAIL_FROM, { flatten: true });
    const address = mailboxAddress(parsed?.address);
    if (address) return { name: headerText(parsed?.name ?? ''), address };
  }
  return { name: headerText((await senderName()) || 'Site'), address: `no-reply@${new URL(PUBLIC_URL).hostname}` };
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const leaseMs = options.leaseMs ?? 60_000;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const noRecipientDelayMs = options.noRecipientDelayMs ?? 5 * 60_000;
  const log = options.log ?? ((line: string) => console.log(line));
  const smtpUrl = options.smtpUrl === undefined ? config().SMTP_URL : options.smtpUrl;
  const transport: MailTransport = smtpUrl ? smtpTransport(smtpUrl) : emlTransport(options.mailDir ?? path.join(config().DATA_DIR, 'mail'));

  const leaseUntil = (attempts: number) => new Date(now().getTime() + Math.max(leaseMs, backoffDelay(attempts, policy, random)));

  async function deliver(row: OutboxRow): Promise<boolean> {
    let recipients = uniqueMailboxes(row.recipients);
    const looked = recipients.length === 0;
    if (looked) recipients = await listOwnerRecipients(db);
    if (recipients.length === 0) {
      await postponeMail(row, NO_RECIPIENT_ERROR, new Date(now().getTime() + noRecipientDelayMs));
      return false;
    }
    const replyTo = mailboxAddress(row.replyTo);
    const host = new URL(config().PUBLIC_URL).hostname;
    try {
      await transport.send(
        {
          from: await fromAddress(options.senderName),
          to: recipients.map((address) => ({ name: '', address })),
          replyTo: replyTo ? { name: '', address: replyTo } : undefined,
          subject: headerText(row.subject, 200),
          text: row.textBody,
          html: row.htmlBody,
          // Stable across retries: a copy re-sent after a crash is recognisably the same mail.
          messageId: `<${row.id}@${host}>`,
          date: row.createdAt,
          headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
        },
        `${row.createdAt.toISOString().replace(/[:.]/g, '-')}-${row.kind}-${row.id}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = row.attempts >= policy.maxAttempts;
      const next = last ? null : new Date(now().getTime() + backoffDelay(row.attempts, policy, random));
      await recordMailFailure(row, message, now(), next);
      log(
        `[mail] ${row.kind} mail ${row.id}: attempt ${row.attempts} failed (${message})` +
          (next ? `; next try at ${next.toISOString()}` : '; giving up, an admin can retry it'),
      );
      return false;
    }
    await markMailSent(row.id, now(), looked ? recipients : undefined);
    return true;
  }

  let stopped = false;

  async function drain(): Promise<number> {
    let sent = 0;
    // A stopping worker finishes the mail in hand, claims no other: the next is due at
    // once for the other instances, instead of waiting for a lease to end.
    while (!stopped) {
      const row = await claimDueMail(now(), leaseUntil);
      if (!row) return sent;
      if (await deliver(row)) sent++;
    }
    return sent;
  }

  const loop = createOutboxDrain({ channel: MAIL_CHANNEL, drain, label: '[mail]', pollIntervalMs, listen: options.listen, log });

  return {
    description: transport.description,
    drain,
    wake: loop.wake,
    start: loop.start,
    async stop() {
      stopped = true;
      // A send in progress finishes (or times out) so its outcome is recorded.
      await loop.stop();
      transport.close();
    },
  };
}

/** Starts the app's worker and logs where mail goes; returns its stop function. */
export async function startMailWorker(senderName: MailWorkerOptions['senderName']): Promise<() => Promise<void>> {
  const worker = createMailWorker({ senderName });
  if (config().SMTP_URL) {
    console.log(`Mail: notifications are delivered through the ${worker.description}.`);
  } else {
    console.log(
      `Mail: SMTP_URL is not set, so notifications are written as ${worker.description} ` +
        'and marked delivered. Set SMTP_URL (and MAIL_FROM) to send real mail.',
    );
  }
  await worker.start();
  return () => worker.stop();
}
