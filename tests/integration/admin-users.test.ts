import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { profiles, session, user } from '~/.server/db/schema';
import { changeUserRole, deleteUser, USER_RULES } from '~/.server/auth/users';
import { action, loader } from '~/routes/admin/users';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';
import { decodeToast } from '../support/toast-cookie';
import { refusalMessage } from '../support/refusals';

const post = (fields: Record<string, string>, cookie?: string) => run(action, formRequest('/admin/users', fields, cookie));
const roleOf = async (id: string) => {
  const [p] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, id));
  const [u] = await db.select({ role: user.role }).from(user).where(eq(user.id, id));
  return { profile: p?.role, user: u?.role };
};

describe('admin users screen', () => {
  it('lists profiles newest first for admins only', async () => {
    const admin = await signedInAs('admin');
    const later = await signedInAs('user');
    const result = await run(loader, getRequest('/admin/users', admin.cookie));
    expect(result.status).toBe(200);
    const ids = result.data.users.map((u: { id: string }) => u.id);
    expect(ids.indexOf(later.userId)).toBeLessThan(ids.indexOf(admin.userId));
    expect(result.data.viewerId).toBe(admin.userId);

    const plain = await signedInAs('user');
    const refused = await run(loader, getRequest('/admin/users', plain.cookie));
    // Signed in without the role: the page answers 403 with who they are (decision 0026), no data.
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ noAccess: { email: plain.email } });
  });

  it('refuses every action from anonymous visitors and plain users, changing nothing', async () => {
    const target = await signedInAs('user');
    const anonymous = await post({ intent: 'update-role', userId: target.userId, role: 'admin' });
    expect(anonymous.status).toBe(401);
    const plain = await signedInAs('user');
    const asUser = await post({ intent: 'update-role', userId: target.userId, role: 'admin' }, plain.cookie);
    expect(asUser.status).toBe(403);
    const deleteAsUser = await post({ intent: 'delete', userId: target.userId }, plain.cookie);
    expect(deleteAsUser.status).toBe(403);
    expect(await roleOf(target.userId)).toEqual({ profile: 'user', user: 'user' });
  });

  it('changes a role in profiles and user together, with the success toast', async () => {
    const admin = await signedInAs('admin');
    const target = await signedInAs('user');
    const promoted = await post({ intent: 'update-role', userId: target.userId, role: 'admin' }, admin.cookie);
    expect(promoted.status).toBe(200);
    expect(promoted.headers.get('set-cookie')).toContain('toast=');
    expect(decodeToast(promoted.headers)).toMatchObject({ title: 'Succès', description: 'Rôle mis à jour avec succès' });
    expect(await roleOf(target.userId)).toEqual({ profile: 'admin', user: 'admin' });

    const demoted = await post({ intent: 'update-role', userId: target.userId, role: 'user' }, admin.cookie);
    expect(demoted.status).toBe(200);
    expect(await roleOf(target.userId)).toEqual({ profile: 'user', user: 'user' });
  });

  it('answers an invalid role with 400 and a French field message, changing nothing', async () => {
    const admin = await signedInAs('admin');
    const target = await signedInAs('user');
    const result = await post({ intent: 'update-role', userId: target.userId, role: 'superuser' }, admin.cookie);
    expect(result.status).toBe(400);
    expect(result.data.result.error.role[0]).toMatch(/Choisissez un rôle/);
    expect(await roleOf(target.userId)).toEqual({ profile: 'user', user: 'user' });
  });

  it('refuses an admin removing their own admin role', async () => {
    const admin = await signedInAs('admin');
    await signedInAs('admin');
    const result = await post({ intent: 'update-role', userId: admin.userId, role: 'user' }, admin.cookie);
    expect(result.status).toBe(400);
    expect(decodeToast(result.headers)).toMatchObject({ title: 'Erreur', description: USER_RULES.selfDemotion });
    expect(await roleOf(admin.userId)).toEqual({ profile: 'admin', user: 'admin' });
  });

  it('never removes the last admin', async () => {
    const [someone] = await db.select({ id: profiles.id }).from(profiles).limit(1);
    await db.update(profiles).set({ role: 'user' });
    const only = await signedInAs('admin');
    expect(refusalMessage(await changeUserRole(someone!.id, only.userId, 'user'))).toBe(USER_RULES.lastAdmin);
    expect(await roleOf(only.userId)).toEqual({ profile: 'admin', user: 'admin' });
  });

  it('deletes a user through better-auth: sessions end and the profile goes', async () => {
    const admin = await signedInAs('admin');
    const target = await signedInAs('user');
    expect((await db.select().from(session).where(eq(session.userId, target.userId))).length).toBeGreaterThan(0);
    const result = await post({ intent: 'delete', userId: target.userId }, admin.cookie);
    expect(result.status).toBe(200);
    expect(decodeToast(result.headers)).toMatchObject({ description: 'Utilisateur supprimé avec succès' });
    expect(await db.select().from(session).where(eq(session.userId, target.userId))).toHaveLength(0);
    expect(await db.select().from(profiles).where(eq(profiles.id, target.userId))).toHaveLength(0);
    expect(await db.select().from(user).where(eq(user.id, target.userId))).toHaveLength(0);
  });

  it('refuses self-deletion and invalid input, changing nothing', async () => {
    const admin = await signedInAs('admin');
    const self = await post({ intent: 'delete', userId: admin.userId }, admin.cookie);
    expect(self.status).toBe(400);
    expect(decodeToast(self.headers)).toMatchObject({ description: USER_RULES.selfDeletion });
    expect(await db.select().from(user).where(eq(user.id, admin.userId))).toHaveLength(1);

    const missing = await post({ intent: 'delete' }, admin.cookie);
    expect(missing.status).toBe(400);
    expect(missing.data.result.error.userId).toBeTruthy();

    const unknown = await post({ intent: 'explode' }, admin.cookie);
    expect(unknown.status).toBe(400);

    // A user that is not there: NOT_FOUND, a 404 that names what is missing.
    const gone = await post({ intent: 'delete', userId: crypto.randomUUID() }, admin.cookie);
    expect(gone.status).toBe(404);
    expect(decodeToast(gone.headers)).toMatchObject({ description: USER_RULES.notFound });
  });

  it('two admins deleting each other at the same moment never leave the site without an admin', async () => {
    // Both requests have passed their permission check; the domain calls race. With the
    // rule checked in one transaction and the user removed after it, both passed.
    for (let round = 0; round < 5; round++) {
      await db.update(profiles).set({ role: 'user' });
      await db.update(user).set({ role: 'user' });
      const a = await signedInAs('admin');
      const b = await signedInAs('admin');
      const outcomes = await Promise.all([deleteUser(a.userId, b.userId), deleteUser(b.userId, a.userId)]);
      const admins = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'admin'));
      expect(admins, `round ${round}`).toHaveLength(1);
      expect(
        outcomes.filter((o) => o === true),
        `round ${round}`,
      ).toHaveLength(1);
      expect(refusalMessage(outcomes.find((o) => o !== true)), `round ${round}`).toBe(USER_RULES.lastAdmin);
    }
  });
});
