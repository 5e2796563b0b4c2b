// Ensures the configured admin account at start (ADMIN_EMAIL + ADMIN_PASSWORD), or
// creates admin@localhost with a random password when the database has no admin.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { config } from '../environment';
import { db } from '../db/client';
import { account, profiles, user } from '../db/schema';
import { auth } from './better-auth';
import { hashPassword, verifyPassword } from './password';
import { ensureProfile, setProfileRole } from './profiles';

export type AdminBootstrapResult = { kind: 'unchanged' | 'created' | 'updated'; email: string } | { kind: 'generated'; email: string; password: string };

async function createUser(email: string, password: string) {
  // Server-side creation: works even when public sign-up is disabled.
  const hashed = await hashPassword(password);
  const ctx = await auth.$context;
  const created = await ctx.internalAdapter.createUser({ email, name: email.split('@')[0] ?? email, emailVerified: true }, { method: 'admin' });
  await ctx.internalAdapter.linkAccount({ userId: created.id, providerId: 'credential', accountId: created.id, password: hashed });
  return created.id;
}

export async function bootstrapAdmin(): Promise<AdminBootstrapResult> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = config();
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    const email = ADMIN_EMAIL.toLowerCase();
    const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!existing) {
      const id = await createUser(email, ADMIN_PASSWORD);
      await db.transaction(async (tx) => {
        await ensureProfile(id, email, tx);
        await setProfileRole(id, 'admin', tx);
      });
      return { kind: 'created', email };
    }
    let changed = false;
    const [credential] = await db
      .select({ id: account.id, password: account.password })
      .from(account)
      .where(and(eq(account.userId, existing.id), eq(account.providerId, 'credential')));
    if (!credential) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.linkAccount({
        userId: existing.id,
        providerId: 'credential',
        accountId: existing.id,
        password: await hashPassword(ADMIN_PASSWORD),
      });
      changed = true;
    } else if (!(await verifyPassword({ hash: credential.password ?? '', password: ADMIN_PASSWORD }))) {
      await db
        .update(account)
        .set({ password: await hashPassword(ADMIN_PASSWORD), updatedAt: new Date() })
        .where(eq(account.id, credential.id));
      changed = true;
    }
    const [profile] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, existing.id));
    if (profile?.role !== 'admin') {
      await db.transaction(async (tx) => {
        await ensureProfile(existing.id, email, tx);
        await setProfileRole(existing.id, 'admin', tx);
      });
      changed = true;
    }
    return { kind: changed ? 'updated' : 'unchanged', email };
  }

  const [anyAdmin] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'admin')).limit(1);
  if (anyAdmin) return { kind: 'unchanged', email: '' };
  // better-auth only signs in addresses with a dotted domain, so not plain admin@localhost.
  const email = 'admin@localhost.localdomain';
  const password = randomBytes(12).toString('base64url');
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const id = existing?.id ?? (await createUser(email, password));
  if (existing) {
    await db
      .update(account)
      .set({ password: await hashPassword(password) })
      .where(and(eq(account.userId, id), eq(account.providerId, 'credential')));
  }
  await db.transaction(async (tx) => {
    await ensureProfile(id, email, tx);
    await setProfileRole(id, 'admin', tx);
  });
  return { kind: 'generated', email, password };
}
