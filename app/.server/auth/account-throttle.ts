// The sign-in limit per account and client network (issues 38 and 51). The per-address
// limits of /auth hold one address back, but a guesser may own a whole neighbourhood of
// addresses, so failures are also counted per (account, network): an IPv4 /24 or an IPv6
// /64, what one subscriber or one hosting customer usually holds. Past FREE_FAILURES from
// one network, each further attempt on that account from that network must wait a delay
// that doubles with every failure (capped), or it is refused before the password is
// checked. Nothing is counted for the account as a whole before the password is checked:
// whatever a stranger does elsewhere, the right password from another network signs in
// (issue 38's account-wide delay let one address keep the owner out). A success clears its
// network's failures; an address the account signed in from before is never held back by
// the delay (its per-address limits still apply). When failures pile up across many
// networks, the account's owner gets one mail a day. Failures are forgotten a day after
// the network's last attempt. The answers never differ for an account that does not exist.
import { and, eq, lt, sql } from 'drizzle-orm';
import { db } from '../db/client';
import { signInAccounts, signInNetworks, user } from '../db/schema';
import { clientNetwork } from '../http/client-network';
import { queueFailedSignInsNotice } from '../mail/notifications';

export const FREE_FAILURES = 10;
export const FIRST_DELAY_SECONDS = 5;
export const MAX_DELAY_SECONDS = 15 * 60;
export const FORGET_AFTER_HOURS = 24;
/** Addresses remembered per account (the newest): a bound whatever the account does. */
export const KNOWN_ADDRESSES_KEPT = 10;
/** The owner is told when, within a day, this many failures came from at least ALERT_NETWORKS networks… */
export const ALERT_FAILURES = 20;
export const ALERT_NETWORKS = 3;
/** …at most once per this many hours. */
export const ALERT_EVERY_HOURS = 24;

/** The typed address as the limit knows it (one row per mailbox, whatever its spelling). */
const accountOf = (email: string) => email.trim().toLowerCase();

/** Seconds an attempt must wait after the last one once its network has `failures` failures on the account. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** Math.min(failures - FREE_FAILURES, 20));
}

export async function isKnownSignInAddress(email: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ known: sql<boolean>`${ip} = any(${signInAccounts.knownAddresses})` })
    .from(signInAccounts)
    .where(eq(signInAccounts.account, accountOf(email)));
  return row?.known ?? false;
}

/**
 * Counts one attempt on the account from this network before its password is checked,
 * and tells whether it may be checked. One atomic upsert (the row is locked while it is
 * decided), so parallel attempts from one network cannot all pass the same free moment.
 */
export async function takeNetworkAttempt(email: string, ip: string): Promise<boolean> {
  const t = signInNetworks;
  const forgotten = sql`(${t.lastAttemptAt} <= now() - make_interval(hours => ${FORGET_AFTER_HOURS}))`;
  const delay = sql`make_interval(secs => least(${MAX_DELAY_SECONDS}, ${FIRST_DELAY_SECONDS} * power(2, least(${t.failures} - ${FREE_FAILURES}, 20))))`;
  const rows = await db
    .insert(t)
    .values({ account: accountOf(email), network: clientNetwork(ip), failures: 1, lastAttemptAt: sql`now()` })
    .onConflictDoUpdate({
      target: [t.account, t.network],
      set: { failures: sql`case when ${forgotten} then 1 else ${t.failures} + 1 end`, lastAttemptAt: sql`now()` },
      setWhere: sql`${forgotten} or ${t.failures} < ${FREE_FAILURES} or ${t.lastAttemptAt} + ${delay} <= now()`,
    })
    .returning({ failures: t.failures });
  return rows.length > 0;
}

/** A successful sign-in: its network's failures are cleared, and its address is now known to the account. */
export async function recordSignIn(email: string, ip: string) {
  const account = accountOf(email);
  const known = sql`(array[${ip}::text] || array_remove(${signInAccounts.knownAddresses}, ${ip}::text))[1:${KNOWN_ADDRESSES_KEPT}]`;
  await db.transaction(async (tx) => {
    await tx.delete(signInNetworks).where(and(eq(signInNetworks.account, account), eq(signInNetworks.network, clientNetwork(ip))));
    await tx
      .insert(signInAccounts)
      .values({ account, knownAddresses: [ip] })
      .onConflictDoUpdate({ target: signInAccounts.account, set: { knownAddresses: known } });
  });
}

/**
 * After a wrong password: when the account's failures of the last day, from every network
 * together, have piled up, its owner is told by mail, at most once per ALERT_EVERY_HOURS
 * (claimed atomically on the account's row, so that parallel failures send one). The same
 * statements run whether or not an account has this address; only the mail needs one.
 */
export async function noteFailedSignIn(email: string) {
  const account = accountOf(email);
  const [pile] = await db
    .select({ failures: sql<number>`coalesce(sum(${signInNetworks.failures}), 0)::int`, networks: sql<number>`count(*)::int` })
    .from(signInNetworks)
    .where(and(eq(signInNetworks.account, account), sql`${signInNetworks.lastAttemptAt} > now() - make_interval(hours => ${FORGET_AFTER_HOURS})`));
  if (!pile || pile.failures < ALERT_FAILURES || pile.networks < ALERT_NETWORKS) return;
  const due = sql`(${signInAccounts.alertedAt} is null or ${signInAccounts.alertedAt} <= now() - make_interval(hours => ${ALERT_EVERY_HOURS}))`;
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(signInAccounts)
      .values({ account, alertedAt: sql`now()` })
      .onConflictDoUpdate({ target: signInAccounts.account, set: { alertedAt: sql`now()` }, setWhere: due })
      .returning({ alertedAt: signInAccounts.alertedAt });
    if (!claimed?.alertedAt) return;
    const [owner] = await tx
      .select({ email: user.email })
      .from(user)
      .where(sql`lower(${user.email}) = ${account}`)
      .limit(1);
    if (owner) await queueFailedSignInsNotice(tx, owner.email, pile, claimed.alertedAt);
  });
}

/**
 * Rows nobody signed in with, idle for a day, go: a guesser typing many addresses from
 * many networks adds rows, and this keeps them to a day's worth (the indexes on the last
 * attempt make it short range scans).
 */
export async function forgetIdleAccounts() {
  const idle = sql`now() - make_interval(hours => ${FORGET_AFTER_HOURS})`;
  await db.delete(signInNetworks).where(lt(signInNetworks.lastAttemptAt, idle));
  await db
    .delete(signInAccounts)
    .where(
      and(
        sql`cardinality(${signInAccounts.knownAddresses}) = 0`,
        sql`coalesce(greatest(${signInAccounts.lastAttemptAt}, ${signInAccounts.alertedAt}), '-infinity') < ${idle}`,
      ),
    );
}
