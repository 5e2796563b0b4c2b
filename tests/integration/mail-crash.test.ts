// Nothing a visitor sends is lost, even when the process dies: the real app
// (`node server/start.mjs`) receives a stream of contact submissions over HTTP and
// is killed with SIGKILL while it is handing a mail to the SMTP server; it is
// restarted on the same database. Every submission answered with success must be
// stored, and every stored message's mail delivered exactly once.
// One database pass: its subject is the outbox across a killed process (a committed row is one on any PostgreSQL).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { contactMessages, mailOutbox, siteConfig } from '~/.server/db/schema';
import { freePort } from '../support/app-process';
import { startSmtpServer, type ReceivedMail } from '../support/smtp';

// `npm test` builds before the integration suite, so this reuses that build.
const BUILD_DIR = process.env.BUILD_DIR ?? 'build';
const MAILS_BEFORE_CRASH = 5;

let child: ChildProcess | undefined;
let output = '';

async function startApp(env: NodeJS.ProcessEnv, port: number) {
  child = spawn(process.execPath, ['server/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const started = child;
  const deadline = Date.now() + 240_000; // first start may build the app
  for (;;) {
    if (started.exitCode !== null) throw new Error(`the app exited (${started.exitCode}):\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`the app did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function kill(proc: ChildProcess | undefined) {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });
}

afterAll(async () => {
  await kill(child);
});

it('SIGKILL mid-stream: every acknowledged submission is stored and every mail is delivered exactly once', async () => {
  await db.insert(siteConfig).values({ name: 'Le Mas', contactEmail: 'owner@example.com' });
  let crashed: Promise<void> | undefined;
  const smtp = await startSmtpServer({
    beforeAccept: async () => {
      // While the app waits for the server's answer to the sixth mail: the worst moment.
      if (!crashed && smtp.mails.length >= MAILS_BEFORE_CRASH) {
        crashed = kill(child);
        await crashed;
        return 'reject';
      }
      return 'accept';
    },
  });

  // The app's port is picked once the SMTP server listens: picked before, the system
  // could hand that same freed port to the SMTP server (seen once in CI: EADDRINUSE).
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    BUILD_DIR,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-crash-')),
    SMTP_URL: smtp.url,
    SUBMISSION_LIMIT: '10000',
    SEED_DEMO: 'false',
  };
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  await startApp(env, port);

  const acknowledged: string[] = [];
  let sequence = 0;
  let streaming = true;
  async function submitter() {
    while (streaming) {
      const marker = `crash-test-${++sequence}`;
      const body = new URLSearchParams({
        intent: 'contact',
        name: `Visiteur ${marker}`,
        email: 'visitor@example.org',
        phone: '0612345678',
        dates: 'août',
        guests: '2',
        message: `Message ${marker}`,
      });
      try {
        const response = await fetch(`${publicUrl}/?index`, {
          method: 'POST',
          body,
          headers: { origin: publicUrl, 'content-type': 'application/x-www-form-urlencoded' },
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        if (response.status === 200) acknowledged.push(marker);
      } catch {
        // The app is down: this submission was not acknowledged.
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
  const stream = Promise.all([submitter(), submitter(), submitter()]);

  const until = async (condition: () => boolean, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  await until(() => crashed !== undefined, 60_000, 'the crash');
  await crashed;
  const beforeRestart = acknowledged.length;
  expect(beforeRestart).toBeGreaterThanOrEqual(MAILS_BEFORE_CRASH);

  // A restart runs the same build: keep start.mjs from rebuilding because a
  // colleague touched a source file meanwhile.
  const entry = path.resolve(BUILD_DIR, 'server/index.js');
  fs.utimesSync(entry, new Date(), new Date());
  await startApp(env, port);
  await until(() => acknowledged.length >= beforeRestart + 10, 60_000, 'submissions after the restart');
  streaming = false;
  await stream;

  // Every stored message's mail goes out, the interrupted one after its lease.
  await until(() => smtp.mails.length >= acknowledged.length, 150_000, 'every mail');
  const deadline = Date.now() + 150_000;
  for (;;) {
    const rows = await db.select({ sentAt: mailOutbox.sentAt }).from(mailOutbox);
    if (rows.every((r) => r.sentAt)) break;
    if (Date.now() > deadline) throw new Error(`mails still pending\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 1_000)); // room for a duplicate to show up

  const messages = await db.select({ id: contactMessages.id, message: contactMessages.message }).from(contactMessages);
  const stored = new Set(messages.map((m) => m.message.replace('Message ', '')));
  for (const marker of acknowledged) expect(stored.has(marker), `${marker} was acknowledged but not stored`).toBe(true);

  const outbox = await db.select({ id: mailOutbox.id, contactMessageId: mailOutbox.contactMessageId }).from(mailOutbox);
  expect(outbox).toHaveLength(messages.length);
  const deliveries = new Map<string, ReceivedMail[]>();
  for (const mail of smtp.mails) {
    const id = /^<([0-9a-f-]{36})@/.exec(mail.messageId ?? '')?.[1] ?? 'unknown';
    deliveries.set(id, [...(deliveries.get(id) ?? []), mail]);
  }
  for (const row of outbox) expect(deliveries.get(row.id)?.length ?? 0, `mail ${row.id}`).toBe(1);
  expect(smtp.mails).toHaveLength(messages.length);
  // The mail in flight at the crash was offered again after the restart and accepted then.
  expect(smtp.attempts).toBe(messages.length + 1);

  await kill(child);
  await smtp.close();
}, 600_000);
