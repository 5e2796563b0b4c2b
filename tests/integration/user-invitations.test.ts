// Issue 34, item 5: with public sign-up off, an admin invites a person from Users; the
// mail (outbox) carries a single-use link that expires; the person chooses a password.
// One database pass: its subject is the invitation flow; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { mailOutbox, profiles, user, userInvitations } from '~/.server/db/schema';
import { INVITATION_RULES } from '~/.server/auth/invitations';
import { action as usersAction } from '~/routes/admin/users';
import { action as authAction, loader as authLoader } from '~/routes/site/auth';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';
import { decodeToast } from '../support/toast-cookie';

const invite = (fields: Record<string, string>, cookie: string) => run(usersAction, formRequest('/admin/users', fields, cookie));
const accept = (token: string, password: string, ip = '198.51.100.34') =>
  run(authAction, formRequest('/auth', { intent: 'accept-invitation', token, password }), {}, { clientIp: ip });

/** The link's token, read from the mail queued for `email` (the database keeps only its hash). */
async function mailedToken(email: string): Promise<string> {
  const rows = await db.select({ text: mailOutbox.textBody, recipients: mailOutbox.recipients, kind: mailOutbox.kind }).from(mailOutbox);
  const mail = rows.filter((r) => r.recipients.includes(email)).at(-1);
  expect(mail?.kind).toBe('account');
  const match = /\/auth\?invitation=([A-Za-z0-9_-]{43})/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return match![1]!;
}

describe('user invitations', () => {
  it('invites by mail; the link opens one account with the invited role, once', async () => {
    const admin = await signedInAs('admin');
    const email = `invitee-${Date.now()}@example.com`;
    const sent = await invite({ intent: 'invite', email: email.toUpperCase(), role: 'admin' }, admin.cookie);
    expect(sent.status).toBe(200);
    expect(decodeToast(sent.headers)).toMatchObject({ title: 'Succès', description: `Invitation envoyée à ${email}` });
    const token = await mailedToken(email);
    const [stored] = await db.select().from(userInvitations).where(eq(userInvitations.email, email));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    // The page shows the address (its title is in the visitor's language: public-auth e2e).
    const page = await run(authLoader, getRequest(`/auth?invitation=${token}`));
    expect(page.data).toMatchObject({ mode: 'invitation', invitation: { email }, title: 'Créer votre compte' });

    // A common password is refused and the link still works.
    const common = await accept(token, 'password123');
    expect(common.status).toBe(400);
    const opened = await accept(token, 'Lavande & mimosa 1987');
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/auth');
    const [created] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const [profile] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, created!.id));
    expect(profile?.role).toBe('admin');

    // Single use: the same link opens nothing more, and its page says so.
    const again = await accept(token, 'another long password');
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.data)).toContain("Ce lien d'invitation n'est plus valable");
    const used = await run(authLoader, getRequest(`/auth?invitation=${token}`));
    expect(used.data).toMatchObject({ mode: 'invitation', invitation: null });
  });

  it('expires, is replaced by a newer invitation, and is refused for an address that has an account', async () => {
    const admin = await signedInAs('admin');
    const email = `late-${Date.now()}@example.com`;
    await invite({ intent: 'invite', email, role: 'user' }, admin.cookie);
    const first = await mailedToken(email);
    await invite({ intent: 'invite', email, role: 'user' }, admin.cookie);
    const second = await mailedToken(email);
    expect(second).not.toBe(first);
    expect((await accept(first, 'Lavande & mimosa 1987')).status).toBe(400);

    await db
      .update(userInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userInvitations.email, email));
    expect((await accept(second, 'Lavande & mimosa 1987')).status).toBe(400);
    expect(await db.select({ id: user.id }).from(user).where(eq(user.email, email))).toEqual([]);

    const existing = await invite({ intent: 'invite', email: admin.email, role: 'user' }, admin.cookie);
    expect(existing.status).toBe(400);
    expect(JSON.stringify(existing.data)).toContain(INVITATION_RULES.existingAccount);
  });

  it('is an admin intent: a plain user cannot invite', async () => {
    const plain = await signedInAs('user');
    const refused = await invite({ intent: 'invite', email: 'someone@example.com', role: 'admin' }, plain.cookie);
    expect(refused.status).toBe(403);
    expect(await db.select().from(userInvitations).where(eq(userInvitations.email, 'someone@example.com'))).toEqual([]);
  });
});
