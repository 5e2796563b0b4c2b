// The account-wide sign-in limit (issue 38). The per-address limits of /auth hold one
// address back, but any number of addresses could each guess a few passwords of one
// account. So failures are also counted per account, from every address together:
// past FREE_FAILURES, each further attempt from an address the account never signed
// in from must wait a delay that doubles with every failure (capped), or it is refused
// before the password is checked. An address the account signed in from before is
// never held back by this limit (its own per-address limits still apply), so a stranger
// guessing from elsewhere cannot lock the owner out; the owner on a new address only
// waits, as a guesser does. Failures are forgotten a day after the last attempt.
import { and, eq, lt, sql } from 'drizzle-orm';
import { db } from '../db/client';
import { signInAccounts } from '../db/schema';

export const FREE_FAILURES = 10;
export const FIRST_DELAY_SECONDS = 5;
export const MAX_DELAY_SECONDS = 15 * 60;
export const FORGET_AFTER_HOURS = 24;
/** Addresses remembered per account (the newest): a bound whatever the account does. */
export const KNOWN_ADDRESSES_KEPT = 10;

/** The typed address as the limit knows it (one row per mailbox, whatever its spelling). */
const accountOf = (email: string) => email.trim().toLowerCase();

/** Seconds an attempt must wait after the last one once the account has `failures` failures. */
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
 * Counts one attempt on the account before its password is checked and tells whether
 * it may be checked. One atomic upsert (the row is locked while it is decided), so
 * parallel attempts from many addresses cannot all pass the same free moment.
 */
export async function takeAccountAttempt(email: string): Promise<boolean> {
  const t = signInAccounts;
  const forgotten = sql`(${t.lastAttemptAt} is null or ${t.lastAttemptAt} <= now() - make_interval(hours => ${FORGET_AFTER_HOURS}))`;
  const delay = sql`make_interval(secs => least(${MAX_DELAY_SECONDS}, ${FIRST_DELAY_SECONDS} * power(2, least(${t.failures} - ${FREE_FAILURES}, 20))))`;
  const rows = await db
    .insert(t)
    .values({ account: accountOf(email), failures: 1, lastAttemptAt: sql`now()` })
    .onConflictDoUpdate({
      target: t.account,
      set: { failures: sql`case when ${forgotten} then 1 else ${t.failures} + 1 end`, lastAttemptAt: sql`now()` },
      setWhere: sql`${forgotten} or ${t.failures} < ${FREE_FAILURES} or ${t.lastAttemptAt} + ${delay} <= now()`,
    })
    .returning({ failures: t.failures });
  return rows.length > 0;
}

/** A successful sign-in: its attempt was no failure, and its address is now known to the account. */
export async function recordSignIn(email: string, ip: string, attemptCounted: boolean) {
  const known = sql`(array[${ip}::text] || array_remove(${signInAccounts.knownAddresses}, ${ip}::text))[1:${KNOWN_ADDRESSES_KEPT}]`;
  await db
    .insert(signInAccounts)
    .values({ account: accountOf(email), knownAddresses: [ip] })
    .onConflictDoUpdate({
      target: signInAccounts.account,
      set: {
        knownAddresses: known,
        ...(attemptCounted ? { failures: sql`greatest(${signInAccounts.failures} - 1, 0)` } : {}),
      },
    });
}

/**
 * Rows of addresses nobody signed in with, idle for a day, go: a guesser typing many
 * addresses adds rows, and this keeps them to a day's worth (the index on the last
 * attempt makes it a short range scan).
 */
export async function forgetIdleAccounts() {
  await db
    .delete(signInAccounts)
    .where(
      and(lt(signInAccounts.lastAttemptAt, sql`now() - make_interval(hours => ${FORGET_AFTER_HOURS})`), sql`cardinality(${signInAccounts.knownAddresses}) = 0`),
    );
}
