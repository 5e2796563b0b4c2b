// A real SMTP server on loopback (the `smtp-server` package) that records what it
// accepts, plus a small RFC 822 / MIME reader for the assertions.
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  envelopeFrom: string | null;
  envelopeTo: string[];
  /** Header name (lower case) → every value, unfolded and decoded. */
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  subject: string | undefined;
  messageId: string | undefined;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  /** Messages the server acknowledged (250 after DATA). */
  mails: ReceivedMail[];
  /** Every DATA transfer that reached the server, acknowledged or not. */
  attempts: number;
  waitForMails(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export interface SmtpServerOptions {
  /** Listen on this port (e.g. to bring a "down" server back on the address the app uses). */
  port?: number;
  /** Called before acknowledging a message; 'reject' answers a temporary failure (451). */
  beforeAccept?: (mail: ReceivedMail) => Promise<'accept' | 'reject'> | 'accept' | 'reject';
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    port: 0,
    url: '',
    mails: [],
    attempts: 0,
    async waitForMails(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (state.mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${state.mails.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return state.mails;
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', () => {});
      stream.on('end', async () => {
        state.attempts++;
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        const verdict = options.beforeAccept ? await options.beforeAccept(mail) : 'accept';
        if (verdict === 'reject') {
          const error = new Error('Try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        state.mails.push(mail);
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  state.port = (server.server.address() as net.AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/* ───────────── a small MIME reader (enough for nodemailer's output) ───────────── */

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=). */
export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QB]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function splitHeaders(raw: string): { headers: Map<string, string[]>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), decodeWords(line.slice(colon + 1).trim())]);
  }
  return { headers, body };
}

function collectParts(raw: string, found: { text: string; html: string }) {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get('content-type')?.[0] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), found);
    }
    return;
  }
  const encoding = (headers.get('content-transfer-encoding')?.[0] ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  if (/^text\/html/i.test(type) && !found.html) found.html = decoded;
  else if (/^text\/plain/i.test(type) && !found.text) found.text = decoded;
}

export function parseMail(raw: string, envelope: { from: string | null; to: string[] } = { from: null, to: [] }): ReceivedMail {
  const { headers } = splitHeaders(raw);
  const found = { text: '', html: '' };
  collectParts(raw, found);
  const header = (name: string) => headers.get(name.toLowerCase())?.[0];
  return {
    raw,
    envelopeFrom: envelope.from,
    envelopeTo: envelope.to,
    headers,
    header,
    subject: header('subject'),
    messageId: header('message-id'),
    text: found.text.replace(/\r\n/g, '\n'),
    html: found.html.replace(/\r\n/g, '\n'),
  };
}
