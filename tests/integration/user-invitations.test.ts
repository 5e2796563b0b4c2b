// Issue 34, item 5: with public sign-up off, an admin invites a person from Users; the
// mail (outbox) carries a single-use link that expires; the person chooses a password.
// Issue 47, item 3: the mail names the site and the inviter, says the role and until
// when; pending invitations are listed, sent again or revoked; the invited co-owner is
// signed in and lands in the back office; a signed-in person without the role is told
// so at /admin, without a loop through /auth.
// One database pass: its subject is the invitation flow; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { mailOutbox, profiles, siteConfig, user, userInvitations } from '~/.server/db/schema';
import { INVITATION_RULES } from '~/.server/auth/invitations';
import { action as usersAction, loader as usersLoader } from '~/routes/admin/users';
import { loader as layoutLoader } from '~/routes/admin/layout';
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
    // Signed in at once, into the owner's home.
    expect(opened.headers.get('location')).toBe('/admin/today');
    expect(opened.headers.getSetCookie().some((c) => c.includes('session_token'))).toBe(true);
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

  it('the mail names the site and the inviter, says which role and until when, and a reply reaches the inviter', async () => {
    await db.insert(siteConfig).values({ name: 'Mas de Grasse' }).onConflictDoNothing();
    const admin = await signedInAs('admin', `marie-${Date.now()}@example.com`);
    await db.update(user).set({ name: 'Marie Dupont' }).where(eq(user.id, admin.userId));
    const email = `coowner-${Date.now()}@example.com`;
    await invite({ intent: 'invite', email, role: 'admin' }, admin.cookie);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.idempotencyKey, `invitation:${(await pendingOf(email)).id}`));
    expect(mail!.subject).toBe('Marie Dupont vous invite à administrer le site Mas de Grasse');
    expect(mail!.replyTo).toBe(admin.email);
    expect(mail!.textBody).toContain(
      `Marie Dupont (${admin.email}) vous invite à administrer le site Mas de Grasse (http://localhost:3000) avec le rôle Administrateur`,
    );
    expect(mail!.textBody).toMatch(/Ce lien ne sert qu’une fois et expire le \p{L}+ \d{1,2} \p{L}+ \d{4} à \d{2}:\d{2} :/u);

    // A plain user's invitation says what that role is; an inviter without a name of their own is named by their address.
    const plainAdmin = await signedInAs('admin');
    const other = `plain-${Date.now()}@example.com`;
    await invite({ intent: 'invite', email: other, role: 'user' }, plainAdmin.cookie);
    const [plainMail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.idempotencyKey, `invitation:${(await pendingOf(other)).id}`));
    expect(plainMail!.subject).toBe(`${plainAdmin.email} vous invite à créer un compte sur le site Mas de Grasse`);
    expect(plainMail!.textBody).toContain('avec le rôle Utilisateur : un compte sans accès à l’administration du site.');
  });

  it('lists pending invitations; « Renvoyer » sends a new link (the old one stops working), « Révoquer » withdraws it', async () => {
    const admin = await signedInAs('admin');
    const email = `pending-${Date.now()}@example.com`;
    await invite({ intent: 'invite', email, role: 'admin' }, admin.cookie);
    const first = await mailedToken(email);
    const listed = await run(usersLoader, getRequest('/admin/users', admin.cookie));
    const row = listed.data.invitations.find((i: { email: string }) => i.email === email);
    expect(row).toMatchObject({ email, role: 'admin', expired: false, invitedBy: admin.email });

    const resent = await invite({ intent: 'resend-invitation', id: row.id }, admin.cookie);
    expect(decodeToast(resent.headers)).toMatchObject({ title: 'Succès', description: `Invitation renvoyée à ${email}` });
    const second = await mailedToken(email);
    expect(second).not.toBe(first);
    expect((await run(authLoader, getRequest(`/auth?invitation=${first}`))).data).toMatchObject({ invitation: null });
    expect((await run(authLoader, getRequest(`/auth?invitation=${second}`))).data).toMatchObject({ invitation: { email } });

    const current = await pendingOf(email);
    const revoked = await invite({ intent: 'revoke-invitation', id: current.id }, admin.cookie);
    expect(decodeToast(revoked.headers)).toMatchObject({ title: 'Succès', description: `Invitation de ${email} révoquée` });
    expect((await run(authLoader, getRequest(`/auth?invitation=${second}`))).data).toMatchObject({ invitation: null });
    const after = await run(usersLoader, getRequest('/admin/users', admin.cookie));
    expect(after.data.invitations.map((i: { email: string }) => i.email)).not.toContain(email);
    // Revoked twice: nothing there any more.
    expect((await invite({ intent: 'revoke-invitation', id: current.id }, admin.cookie)).status).toBe(404);
  });

  it('a signed-in person without the role sees at /admin who they are and how to ask, and /auth sends them there: no loop', async () => {
    const admin = await signedInAs('admin');
    const email = `user-${Date.now()}@example.com`;
    await invite({ intent: 'invite', email, role: 'user' }, admin.cookie);
    const opened = await accept(await mailedToken(email), 'Lavande & mimosa 1987');
    expect(opened.headers.get('location')).toBe('/admin');
    const cookie = opened.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await run(layoutLoader, getRequest('/admin', cookie));
    expect(page.status).toBe(403);
    expect(page.data).toEqual({ noAccess: { email } });
    // /auth (SPEC: signed-in users go to /admin) sends them to that page, which does not send them back.
    const auth = await run(authLoader, getRequest('/auth', cookie));
    expect(auth.status).toBe(302);
    expect(auth.headers.get('location')).toBe('/admin');
    // A visitor not signed in still goes to /auth.
    const anonymous = await run(layoutLoader, getRequest('/admin'));
    expect(anonymous.headers.get('location')).toBe('/auth');
  });
});

async function pendingOf(email: string) {
  const [row] = await db.select().from(userInvitations).where(eq(userInvitations.email, email));
  return row!;
}
