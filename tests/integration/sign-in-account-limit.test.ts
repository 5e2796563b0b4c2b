// The sign-in limit per account and client network (issues 38 and 51): guessing one
// account's password is slow from any network, a neighbourhood of addresses (/24, /64)
// counts as one, and the right password is never refused because of someone else: the
// owner signing in from a network the attacker does not use gets in, every time. When
// failures pile up across networks the owner gets one mail, and nothing any answer says
// tells whether the account exists.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALERT_FAILURES, FREE_FAILURES, MAX_DELAY_SECONDS, delayAfter } from '~/.server/auth/account-throttle';
import { clientNetwork } from '~/.server/http/client-network';
import { db } from '~/.server/db/client';
import { mailOutbox, signInAccounts, signInNetworks } from '~/.server/db/schema';
import { action as signInAction } from '~/routes/site/auth';
import { formRequest, run, signedInAs } from '../support/requests';

const attempt = (email: string, password: string, clientIp: string) => run(signInAction, formRequest('/auth', { email, password }), {}, { clientIp });

const networkRow = async (email: string, ip: string) =>
  (
    await db
      .select()
      .from(signInNetworks)
      .where(and(eq(signInNetworks.account, email.toLowerCase()), eq(signInNetworks.network, clientNetwork(ip))))
  )[0];

/** As if the network's last attempt on the account had been `seconds` ago (0: just now). */
async function rewind(email: string, ip: string, seconds: number) {
  await db
    .update(signInNetworks)
    .set({ lastAttemptAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(and(eq(signInNetworks.account, email.toLowerCase()), eq(signInNetworks.network, clientNetwork(ip))));
}

/**
 * How many attempts past the free failures the delays let through in `seconds` (5 s,
 * then 10 s, 20 s…): on a loaded machine many attempts take long enough for one or two
 * delays to pass, which is the limit working, not failing.
 */
function extraAttemptsWithin(seconds: number) {
  let extra = 0;
  for (let waited = delayAfter(FREE_FAILURES); waited <= seconds; waited += delayAfter(FREE_FAILURES + extra)) extra++;
  return extra;
}

const failedSignInMails = async (email: string) => (await db.select().from(mailOutbox)).filter((m) => m.idempotencyKey.startsWith(`failed-sign-ins:${email}:`));

describe('the right password is never refused because of someone else', () => {
  it('an attacker failing from network after network never keeps the owner out: from a new network, the owner gets in every time', async () => {
    const { email, password } = await signedInAs('admin');
    for (let round = 1; round <= 3; round++) {
      // A burst from each of two networks of the attacker's, each past its free failures…
      for (let network = 0; network < 2; network++) {
        for (let guess = 0; guess < FREE_FAILURES + 3; guess++) {
          const status = (await attempt(email, `guess-${round}-${network}-${guess}`, `203.${round}.${network}.${(guess % 5) + 1}`)).status;
          expect([401, 429]).toContain(status);
        }
      }
      // …and one attempt timed for the moment a delay ends, as the attacker did.
      await rewind(email, `203.${round}.0.1`, MAX_DELAY_SECONDS);
      expect((await attempt(email, 'timed-guess', `203.${round}.0.9`)).status).toBe(401);
      // The owner, from a network of their own (a hotel, a phone), with the right password.
      const owner = await attempt(email, password, `198.51.${100 + round}.${round}`);
      expect(owner.status, `round ${round}`).toBe(302);
      expect(owner.headers.get('location')).toBe('/admin/today');
      // Over IPv6 too.
      expect((await attempt(email, password, `2001:db8:${round}:1::${round}`)).status).toBe(302);
    }
  }, 90_000);

  it('one neighbourhood is one network: a /24 (or a /64) shares its failures, and only its own delay holds it back', async () => {
    const { email, password } = await signedInAs('admin');
    for (let i = 1; i <= FREE_FAILURES; i++) expect((await attempt(email, `guess-${i}`, `203.0.113.${i}`)).status).toBe(401);
    // Another address of the same /24 waits, even with the right password: it shares the count.
    expect((await attempt(email, 'guess', '203.0.113.200')).status).toBe(429);
    expect((await attempt(email, password, '203.0.113.201')).status).toBe(429);
    // The next /24 is another network.
    expect((await attempt(email, 'guess', '203.0.114.1')).status).toBe(401);
    // Once its delay has passed, one attempt goes through; the next waits twice as long.
    const failures = (await networkRow(email, '203.0.113.1'))!.failures;
    expect(delayAfter(failures + 1)).toBe(Math.min(2 * delayAfter(failures), MAX_DELAY_SECONDS));
    await rewind(email, '203.0.113.1', delayAfter(failures) + 1);
    expect((await attempt(email, 'one-more', '203.0.113.77')).status).toBe(401);
    await rewind(email, '203.0.113.1', delayAfter(failures) + 1);
    expect((await attempt(email, 'and-another', '203.0.113.78')).status).toBe(429);

    for (let i = 1; i <= FREE_FAILURES; i++) expect((await attempt(email, `v6-${i}`, `2001:db8:7:7::${i.toString(16)}`)).status).toBe(401);
    expect((await attempt(email, 'v6', '2001:db8:7:7:ffff:1:2:3')).status).toBe(429);
    expect((await attempt(email, password, '2001:db8:7:8::1')).status).toBe(302);
  });

  it('a success clears its network’s failures (not one of them)', async () => {
    const { email, password } = await signedInAs('admin');
    for (let i = 1; i < FREE_FAILURES; i++) expect((await attempt(email, `typo-${i}`, `192.0.2.${i}`)).status).toBe(401);
    expect((await attempt(email, password, '192.0.2.50')).status).toBe(302);
    expect(await networkRow(email, '192.0.2.50')).toBeUndefined();
    // The whole allowance is back for that network, from an address the account has not signed in from.
    for (let i = 1; i <= FREE_FAILURES; i++) expect((await attempt(email, `again-${i}`, `192.0.2.${100 + i}`)).status).toBe(401);
    expect((await attempt(email, 'over', '192.0.2.150')).status).toBe(429);
    // The address the owner signed in from is not held back by its network's delay.
    expect((await attempt(email, password, '192.0.2.50')).status).toBe(302);
  });

  it('lets no more than the free failures of one network through when thirty of its addresses guess at the same moment', async () => {
    const { email } = await signedInAs('admin');
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(email, `parallel-${i}`, `203.0.4.${i + 1}`)));
    const checked = results.filter((r) => r.status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(FREE_FAILURES);
    expect(checked).toBeLessThanOrEqual(FREE_FAILURES + extraAttemptsWithin((Date.now() - started) / 1000));
    expect(results.filter((r) => r.status === 429)).toHaveLength(30 - checked);
  });

  it('treats every spelling of an address as one account, and forgets a network’s failures after a quiet day', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < FREE_FAILURES; i++) {
      const spelled = i % 2 ? email.toUpperCase() : email;
      expect((await attempt(spelled, `guess-${i}`, `203.0.3.${i + 1}`)).status).toBe(401);
    }
    expect((await attempt(email, 'guess', '203.0.3.200')).status).toBe(429);
    await rewind(email, '203.0.3.1', 24 * 3600 + 1);
    expect((await attempt(email, 'guess', '203.0.3.201')).status).toBe(401);
  });

  it('remembers a bounded number of addresses per account', async () => {
    const { email, password } = await signedInAs('user');
    for (let i = 1; i <= 15; i++) expect((await attempt(email, password, `198.51.100.${i}`)).status).toBe(302);
    const [row] = await db.select().from(signInAccounts).where(eq(signInAccounts.account, email.toLowerCase()));
    expect(row!.knownAddresses).toEqual(Array.from({ length: 10 }, (_, i) => `198.51.100.${15 - i}`));
  });
});

describe('failures piling up across networks', () => {
  it('mail the account’s owner once (not once per attempt), and answer exactly as for an address without an account', async () => {
    const { email } = await signedInAs('admin');
    const stranger = `no-account-${Date.now()}@example.com`;
    const answers = { owner: new Set<string>(), stranger: new Set<string>() };
    for (let i = 0; i < ALERT_FAILURES + 2; i++) {
      const ip = `198.18.${i % 8}.${i + 1}`;
      for (const [who, address] of [
        ['owner', email],
        ['stranger', stranger],
      ] as const) {
        const result = await attempt(address, `guess-${i}`, ip);
        expect(result.status).toBe(401);
        answers[who].add(JSON.stringify(result.data).replace(address, '<email>'));
      }
    }
    expect([...answers.owner]).toEqual([...answers.stranger]);
    const mails = await failedSignInMails(email.toLowerCase());
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipients).toEqual([email]);
    expect(mails[0]!.subject).toBe('Tentatives de connexion à votre compte');
    expect(mails[0]!.textBody).toMatch(/\d+ tentatives de connexion à votre compte avec un mauvais mot de passe .* depuis \d+ réseaux différents/);
    expect(await failedSignInMails(stranger)).toHaveLength(0);
    // A day later, if they go on, one more.
    await db
      .update(signInAccounts)
      .set({ alertedAt: sql`now() - interval '25 hours'` })
      .where(eq(signInAccounts.account, email.toLowerCase()));
    await attempt(email, 'next-day', '198.18.9.1');
    expect(await failedSignInMails(email.toLowerCase())).toHaveLength(2);
  }, 60_000);
});
