// Issue 38 (item 2): guessing one account's password is slow from any number of
// addresses, and the owner, from an address they signed in from before, still gets in.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FREE_FAILURES, MAX_DELAY_SECONDS, delayAfter } from '~/.server/auth/account-throttle';
import { db } from '~/.server/db/client';
import { signInAccounts } from '~/.server/db/schema';
import { action as signInAction } from '~/routes/site/auth';
import { formRequest, run, signedInAs } from '../support/requests';

const attempt = (email: string, password: string, clientIp: string) => run(signInAction, formRequest('/auth', { email, password }), {}, { clientIp });

/** The scenario: twenty addresses, five guesses each (each address within its own limits). */
async function guessFromTwentyAddresses(email: string, subnet: number) {
  const statuses: number[] = [];
  for (let address = 1; address <= 20; address++) {
    for (let guess = 0; guess < 5; guess++) {
      statuses.push((await attempt(email, `guess-${address}-${guess}`, `203.0.${subnet}.${address}`)).status);
    }
  }
  return statuses;
}

/**
 * How many attempts past the free failures the delays let through in `seconds` (5 s,
 * then 10 s, 20 s…): on a loaded machine a hundred attempts take long enough for one
 * or two delays to pass, which is the limit working, not failing.
 */
function extraAttemptsWithin(seconds: number) {
  let extra = 0;
  for (let waited = delayAfter(FREE_FAILURES); waited <= seconds; waited += delayAfter(FREE_FAILURES + extra)) extra++;
  return extra;
}

async function failuresOf(email: string) {
  const [row] = await db.select({ failures: signInAccounts.failures }).from(signInAccounts).where(eq(signInAccounts.account, email.toLowerCase()));
  return row!.failures;
}

/** As if the account's last attempt had been `seconds` ago (0: just now). */
async function rewindLastAttempt(email: string, seconds: number) {
  await db
    .update(signInAccounts)
    .set({ lastAttemptAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(signInAccounts.account, email.toLowerCase()));
}

describe('the account-wide sign-in limit', () => {
  it('lets a hundred guesses from twenty addresses reach only the free failures, then holds each next one a growing delay', async () => {
    const { email, password } = await signedInAs('admin');
    const started = Date.now();
    const statuses = await guessFromTwentyAddresses(email, 1);
    const checked = statuses.filter((s) => s === 401).length;
    // 401: the password was checked (and wrong); 429: refused before any check.
    expect(checked).toBeGreaterThanOrEqual(FREE_FAILURES);
    expect(checked).toBeLessThanOrEqual(FREE_FAILURES + extraAttemptsWithin((Date.now() - started) / 1000));
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - checked);
    // Right after a guess, a new address, even with the right password, waits like a guesser does.
    await rewindLastAttempt(email, 0);
    expect((await attempt(email, password, '192.0.2.1')).status).toBe(429);

    // Once the delay has passed, one attempt goes through; the next waits twice as long.
    const failures = await failuresOf(email);
    expect(delayAfter(failures + 1)).toBe(Math.min(2 * delayAfter(failures), MAX_DELAY_SECONDS));
    await rewindLastAttempt(email, delayAfter(failures) + 1);
    expect((await attempt(email, 'one-more-guess', '192.0.2.2')).status).toBe(401);
    if (delayAfter(failures + 1) > delayAfter(failures)) {
      await rewindLastAttempt(email, delayAfter(failures) + 1);
      expect((await attempt(email, 'and-another', '192.0.2.3')).status).toBe(429);
    }
    await rewindLastAttempt(email, delayAfter(failures + 1) + 1);
    expect((await attempt(email, password, '192.0.2.4')).status).toBe(302);
  });

  it('lets no more than the free failures through when thirty addresses guess at the same moment', async () => {
    const { email } = await signedInAs('admin');
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(email, `parallel-${i}`, `203.0.4.${i + 1}`)));
    const checked = results.filter((r) => r.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(FREE_FAILURES);
    expect(checked).toBeLessThanOrEqual(FREE_FAILURES + extraAttemptsWithin((Date.now() - started) / 1000));
    expect(results.filter((r) => r.status === 429)).toHaveLength(30 - checked);
  });

  it('never holds back the owner from an address they signed in from before', async () => {
    const { email, password } = await signedInAs('admin');
    const home = '198.51.100.20';
    expect((await attempt(email, password, home)).status).toBe(302);
    await guessFromTwentyAddresses(email, 2);
    await rewindLastAttempt(email, 0);
    expect((await attempt(email, password, '192.0.2.10')).status).toBe(429);
    const owner = await attempt(email, password, home);
    expect(owner.status).toBe(302);
    expect(owner.headers.get('location')).toBe('/admin/today');
    // The guessers are still held back: the owner's sign-in forgave none of their failures.
    await rewindLastAttempt(email, 0);
    expect((await attempt(email, 'guess-after', '192.0.2.11')).status).toBe(429);
  });

  it('treats every spelling of an address as one account, existing or not, and forgets failures after a quiet day', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < FREE_FAILURES; i++) {
      const spelled = i % 2 ? email.toUpperCase() : email;
      expect((await attempt(spelled, `guess-${i}`, `203.0.3.${i + 1}`)).status).toBe(401);
    }
    await rewindLastAttempt(email, 0);
    expect((await attempt(email, 'guess', '203.0.3.200')).status).toBe(429);
    await rewindLastAttempt(email, 24 * 3600 + 1);
    expect((await attempt(email, 'guess', '203.0.3.201')).status).toBe(401);
  });

  it('remembers a bounded number of addresses per account', async () => {
    const { email, password } = await signedInAs('user');
    for (let i = 1; i <= 15; i++) expect((await attempt(email, password, `198.51.100.${i}`)).status).toBe(302);
    const [row] = await db.select().from(signInAccounts).where(eq(signInAccounts.account, email.toLowerCase()));
    expect(row!.knownAddresses).toEqual(Array.from({ length: 10 }, (_, i) => `198.51.100.${15 - i}`));
  });
});
