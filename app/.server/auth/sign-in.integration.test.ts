import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { mailOutbox, profiles, session } from '~/.server/db/schema';
import { requireAdmin } from '~/.server/auth/permissions';
import { action as signInAction, loader as signInLoader } from '~/routes/site/auth';
import { action as signOutAction } from '~/routes/resources/sign-out';
import { loader as adminLoader } from '~/routes/admin/layout';
import { formRequest, getRequest, run, signedInAs } from '../../../tests/support/requests';
import { decodeToast } from '../../../tests/support/toast-cookie';

describe('sign-in, sign-out and the admin guard', () => {
  it('creates a profile with role user for every new account', async () => {
    const { userId } = await signedInAs('user');
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile?.role).toBe('user');
  });

  it('signs an admin in and sends them to /admin with a session cookie and the success toast', async () => {
    const { email, password } = await signedInAs('admin');
    const result = await run(signInAction, formRequest('/auth', { email, password }));
    expect(result.status).toBe(302);
    expect(result.headers.get('location')).toBe('/admin/today');
    const cookies = result.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/better-auth\.session_token=[^;]+; .*HttpOnly; SameSite=Lax/);
    expect(cookies).toContain('toast=');
  });

  it('answers wrong credentials with 401 and the French message', async () => {
    const { email } = await signedInAs('admin');
    const result = await run(signInAction, formRequest('/auth', { email, password: 'wrong-password' }));
    expect(result.status).toBe(401);
    expect(JSON.stringify(result.data)).toContain('Email ou mot de passe incorrect');
  });

  it('answers missing fields with 400 and field messages', async () => {
    const result = await run(signInAction, formRequest('/auth', { email: '', password: '' }));
    expect(result.status).toBe(400);
    expect(result.data.result.error).toMatchObject({ email: ['validation.required'], password: ['validation.required'] });
  });

  it('sends anonymous visitors to /auth, shows plain users that they have no access, and lets admins in', async () => {
    const anonymous = await run(adminLoader, getRequest('/admin'));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/auth');

    const user = await signedInAs('user');
    const asUser = await run(adminLoader, getRequest('/admin', user.cookie));
    // Signed in without the role: no redirect (/auth would send them back here), the no-access page (decision 0026).
    expect(asUser).toMatchObject({ status: 403, data: { noAccess: { email: user.email } } });

    const admin = await signedInAs('admin');
    const asAdmin = await run(adminLoader, getRequest('/admin', admin.cookie));
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.data.email).toBe(admin.email);
  });

  it('refuses non-page requests from non-admins with 401/403', async () => {
    await expect(requireAdmin(formRequest('/admin', {}))).rejects.toMatchObject({ status: 401 });
    const user = await signedInAs('user');
    await expect(requireAdmin(formRequest('/admin', {}, user.cookie))).rejects.toMatchObject({ status: 403 });
  });

  it('redirects a signed-in admin from /auth to /admin', async () => {
    const admin = await signedInAs('admin');
    const result = await run(signInLoader, getRequest('/auth', admin.cookie));
    expect(result.headers.get('location')).toBe('/admin/today');
  });

  it('sign-out ends the session on the server and returns to /', async () => {
    const admin = await signedInAs('admin');
    const before = await db.select().from(session).where(eq(session.userId, admin.userId));
    expect(before.length).toBeGreaterThan(0);
    const result = await run(signOutAction, formRequest('/sign-out', {}, admin.cookie));
    expect(result.status).toBe(302);
    expect(result.headers.get('location')).toBe('/');
    const after = await db.select().from(session).where(eq(session.userId, admin.userId));
    expect(after).toHaveLength(before.length - 1);
    const again = await run(adminLoader, getRequest('/admin', admin.cookie));
    expect(again.headers.get('location')).toBe('/auth');
  });

  it('limits wrong passwords per account and IP, and the owner can still sign in from elsewhere', async () => {
    const { email, password } = await signedInAs('admin');
    const attacker = { clientIp: '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const result = await run(signInAction, formRequest('/auth', { email, password: `guess-${i}` }), {}, attacker);
      statuses.push(result.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // Even the right password is refused from the attacker's address for now…
    const blocked = await run(signInAction, formRequest('/auth', { email, password }), {}, attacker);
    expect(blocked.status).toBe(429);
    // …but the owner, from their own address, signs in.
    const owner = await run(signInAction, formRequest('/auth', { email, password }), {}, { clientIp: '198.51.100.20' });
    expect(owner.status).toBe(302);
    expect(owner.headers.get('location')).toBe('/admin/today');
  });

  it('lets at most the limit of 25 parallel wrong passwords reach the password check', async () => {
    const { email } = await signedInAs('admin');
    const attacker = { clientIp: '203.0.113.50' };
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => run(signInAction, formRequest('/auth', { email, password: `parallel-guess-${i}` }), {}, attacker)),
    );
    const statuses = results.map((r) => r.status);
    // 401 = the password was checked and was wrong; 429 = refused before any check.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('limits sign-in attempts per IP across accounts', async () => {
    const ip = { clientIp: '203.0.113.99' };
    let last = 0;
    for (let i = 0; i < 32; i++) {
      last = (await run(signInAction, formRequest('/auth', { email: `nobody${i}@example.com`, password: 'x' }), {}, ip)).status;
    }
    expect(last).toBe(429);
  });

  it('signs up a new visitor as a plain user and sends them to the site root, not signed in', async () => {
    const email = `new-${Date.now()}@example.com`;
    const result = await run(signInAction, formRequest('/auth', { intent: 'signup', email, password: 'a-long-password' }));
    expect(result.status).toBe(302);
    expect(result.headers.get('location')).toBe('/');
    expect(result.headers.getSetCookie().join('\n')).not.toContain('session_token');
    const [row] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.email, email));
    expect(row?.role).toBe('user');
    const signIn = await run(signInAction, formRequest('/auth', { email, password: 'a-long-password' }));
    expect(signIn.status).toBe(302);
  });

  it('answers a sign-up for a known address exactly like one for a new address, and tells the owner by mail', async () => {
    const owner = await signedInAs('user');
    const fresh = `fresh-${Date.now()}@example.com`;
    const signUp = (email: string) =>
      run(signInAction, formRequest('/auth', { intent: 'signup', email, password: 'another-long-password' }), {}, { clientIp: '198.51.100.77' });
    const known = await signUp(owner.email);
    const unknown = await signUp(fresh);
    const shape = (r: Awaited<ReturnType<typeof signUp>>) => ({
      status: r.status,
      location: r.headers.get('location'),
      cookies: r.headers.getSetCookie().map((c) => c.split('=')[0]),
      toast: { ...decodeToast(r.headers), id: undefined }, // each toast has its own id
      data: r.data,
    });
    expect(shape(known)).toEqual(shape(unknown));
    expect(shape(known).toast).toMatchObject({ type: 'success', title: "Demande d'inscription reçue" });

    // The owner's account is untouched: their password still works, the new one does not.
    expect((await run(signInAction, formRequest('/auth', { email: owner.email, password: owner.password }))).status).toBe(302);
    expect((await run(signInAction, formRequest('/auth', { email: owner.email, password: 'another-long-password' }))).status).toBe(401);

    // One French mail to the owner, through the outbox; a second try within the hour adds none.
    await signUp(owner.email);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'account'));
    const toOwner = mails.filter((m) => m.recipients.includes(owner.email));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.subject).toBe('Demande de création de compte avec votre adresse');
    expect(toOwner[0]!.textBody).toContain('Un compte existe déjà pour cette adresse');
    expect(toOwner[0]!.textBody).toContain('http://localhost:3000/auth');
    expect(mails.filter((m) => m.recipients.includes(fresh))).toHaveLength(0);
  });

  it.each(['password', '12345678', 'Azertyuiop'])('refuses the common password %s at sign-up with a field message, creating nothing', async (password) => {
    const email = `common-${password.toLowerCase()}-${Date.now()}@example.com`;
    const result = await run(signInAction, formRequest('/auth', { intent: 'signup', email, password }));
    expect(result.status).toBe(400);
    expect(result.data.result.error.password).toEqual(['validation.passwordCommon']);
    expect(await db.select().from(profiles).where(eq(profiles.email, email))).toHaveLength(0);
  });

  it('refuses a sign-up password under 8 characters with a field message', async () => {
    const result = await run(signInAction, formRequest('/auth', { intent: 'signup', email: 'short@example.com', password: 'short' }));
    expect(result.status).toBe(400);
    // The form shows the first message (a short password may also be a common one).
    expect(result.data.result.error.password[0]).toBe('validation.passwordTooShort');
  });

  it('ends a session 30 days after sign-in however recently it was used', async () => {
    const admin = await signedInAs('admin');
    const ok = await run(adminLoader, getRequest('/admin', admin.cookie));
    expect(ok.status).toBe(200);
    const before = await db.select().from(session).where(eq(session.userId, admin.userId));
    await db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(session.userId, admin.userId));
    const expired = await run(adminLoader, getRequest('/admin', admin.cookie));
    expect(expired.headers.get('location')).toBe('/auth');
    const after = await db.select().from(session).where(eq(session.userId, admin.userId));
    expect(after).toHaveLength(before.length - 1); // that session is gone from the server
  });
});
