// The mails the e2e server sent: without SMTP_URL the app writes each one as an .eml file
// under DATA_DIR/mail (app/.server/mail), which the specs read here.
import fs from 'node:fs';
import path from 'node:path';
import { E2E_MAIL_DIR } from '../../playwright.config';

/** Every sent mail's text, quoted-printable soft breaks and `=3D` undone. */
export function sentMails(): string[] {
  if (!fs.existsSync(E2E_MAIL_DIR)) return [];
  return fs.readdirSync(E2E_MAIL_DIR).map((file) =>
    fs
      .readFileSync(path.join(E2E_MAIL_DIR, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '='),
  );
}
