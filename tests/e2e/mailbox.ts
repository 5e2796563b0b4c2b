// The mails the worker's e2e server sent: without SMTP_URL the app writes each one as an
// .eml file under DATA_DIR/mail (app/.server/mail), which the specs read here.
import fs from 'node:fs';
import path from 'node:path';
import { currentServer } from './fixtures';

/** Every sent mail's text, quoted-printable soft breaks and `=3D` undone. */
export function sentMails(): string[] {
  const { mailDir } = currentServer();
  if (!fs.existsSync(mailDir)) return [];
  return fs.readdirSync(mailDir).map((file) =>
    fs
      .readFileSync(path.join(mailDir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '='),
  );
}
