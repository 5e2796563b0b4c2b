// Where mails go: an SMTP relay (SMTP_URL) or, without one, .eml files in
// DATA_DIR/mail that any mail client opens — the same RFC 822 message either way,
// built by nodemailer from address objects (never from concatenated strings).
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

export interface MailTransport {
  /** For the start-up log; never contains a password. */
  readonly description: string;
  send(message: Mail.Options & { messageId: string }, fileStem: string): Promise<void>;
  close(): void;
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'smtp://(invalid URL)';
  }
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // Bounded so that a hung relay cannot hold a claimed mail past its lease (worker.ts).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    description: `SMTP relay ${redactUrl(url)}`,
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

export function emlTransport(directory: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    description: `.eml files in ${directory}`,
    async send(message, fileStem) {
      const info = await builder.sendMail(message);
      await fs.mkdir(directory, { recursive: true });
      // Named after the outbox row, written under a temporary name then renamed:
      // a retry after a crash replaces the file instead of adding a second copy.
      const target = path.join(directory, `${fileStem}.eml`);
      const temporary = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temporary, info.message as Buffer);
      await fs.rename(temporary, target);
    },
    close: () => builder.close(),
  };
}
