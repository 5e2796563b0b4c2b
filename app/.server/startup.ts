// What the app does once at start, after the database is open and migrated:
// ensure the admin account, seed the demo guesthouse, start background workers
// (mail and push outboxes, imported calendars, unpaid deposit holds, the nightly purge of
// personal data, nightly backups).
import { bootstrapAdmin } from './auth/bootstrap-admin';
import { startNightlyBackups } from './backup/nightly';
import { startFeedWorker } from './booking/availability/feeds';
import { siteNameForMail } from './content/site-settings';
import { config } from './environment';
import { LOCKS, withLock } from './db/advisory-lock';
import { pool } from './db/client';
import { openDatabase } from './db/open';
import { startMailWorker } from './mail/worker';
import { startHoldExpiryWorker } from './booking/stays/hold-expiry';
import { startPushWorker } from './notifications/push-worker';
import { dropSubscriptionsOfOtherKeys } from './notifications/vapid';
import { startNightlyPurge } from './privacy/nightly-purge';
import { storage } from './media/storage';
import { startPublicContentListener } from './public-content/change-listener';

type Stopper = () => Promise<void> | void;
const stoppers: Stopper[] = [];
let started: Promise<void> | undefined;

/**
 * What this process is: the only one ('single'), the primary of WEB_CONCURRENCY server
 * processes (admin account, seed and background workers, once; it serves nothing), or
 * one of those server processes ('worker': it serves, so it keeps caches and listens).
 */
export type ProcessRole = 'single' | 'primary' | 'worker';

async function run(role: ProcessRole) {
  // First: caches are used only while this connection hears every change (public-content/invalidation.ts).
  if (role !== 'primary') onStop(startPublicContentListener((await openDatabase()).url));
  if (role === 'worker') return;
  // Instances started together take turns: the first creates the admin account and seeds
  // the demo, the others find both done.
  await withLock((await openDatabase()).url, LOCKS.firstStart, async () => {
    const admin = await bootstrapAdmin();
    if (admin.kind === 'generated') {
      const line = '═'.repeat(64);
      console.log(
        `\n${line}\n  No admin account existed, so one was created:\n\n` +
          `    email:    ${admin.email}\n    password: ${admin.password}\n\n` +
          `  Sign in at ${config().PUBLIC_URL}/auth — this password is shown only once.\n` +
          `  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n${line}\n`,
      );
    } else if (admin.kind === 'created' || admin.kind === 'updated') {
      console.log(`Admin account ${admin.email} ${admin.kind}.`);
    }
    if (config().SEED_DEMO) {
      // The demo content and its artwork are loaded only where seeding is asked for.
      const { seedDemoIfEmpty } = await import('./seed/seed-demo');
      const seeded = await seedDemoIfEmpty();
      if (seeded) console.log('Demo content seeded (SEED_DEMO=false starts with an empty site).');
    }
  });
  onStop(await startMailWorker(siteNameForMail));
  // Devices subscribed with a VAPID key the site no longer has are dropped before the first push.
  await dropSubscriptionsOfOtherKeys();
  onStop(await startPushWorker());
  onStop(startFeedWorker());
  onStop(startHoldExpiryWorker());
  onStop(startNightlyPurge());
  const { BACKUP_DIR, BACKUP_KEEP } = config();
  if (BACKUP_DIR) onStop(startNightlyBackups({ pool, storage: storage(), dir: BACKUP_DIR, keep: BACKUP_KEEP }));
}

export function startServices(role: ProcessRole = 'single'): Promise<void> {
  started ??= run(role);
  return started;
}

/** Registers a background task's stop function (mail worker, cache listener…). */
export function onStop(stopper: Stopper) {
  stoppers.push(stopper);
}

/** How long stopping waits for the workers' current tasks (a mail, a feed, a backup). */
export const STOP_SERVICES_TIMEOUT_MS = 15_000;

export async function stopServices() {
  const all = Promise.allSettled(stoppers.map((stop) => stop()));
  // A task still running past this (a long backup) is cut by the pool's end: its lock
  // goes with its session, and another instance does it again.
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, STOP_SERVICES_TIMEOUT_MS).unref())]);
}
