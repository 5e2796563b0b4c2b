// Users and roles (SPEC §2 'Gestion des Utilisateurs', §6). Roles live in
// `profiles` (kept in step with better-auth's `user.role`); deletion goes through
// better-auth's admin API so the user's sessions and accounts end with them.
import { and, desc, eq, sql } from 'drizzle-orm';
import { auth } from './auth/auth';
import { setProfileRole, type Role } from './auth/profiles';
import { db, type Executor } from './db/client';
import { profiles } from './db/schema';

export interface UserProfile {
  id: string;
  email: string;
  role: Role;
  createdAt: Date;
}

export async function listUserProfiles(): Promise<UserProfile[]> {
  const rows = await db
    .select({ id: profiles.id, email: profiles.email, role: profiles.role, createdAt: profiles.createdAt })
    .from(profiles)
    .orderBy(desc(profiles.createdAt), profiles.email);
  return rows.map((row) => ({ ...row, role: row.role as Role }));
}

export const USER_RULES = {
  selfDemotion: "Vous ne pouvez pas retirer votre propre rôle d'administrateur.",
  selfDeletion: 'Vous ne pouvez pas supprimer votre propre compte.',
  lastAdmin: "Impossible de retirer le dernier administrateur : nommez d'abord un autre administrateur.",
  notFound: 'Utilisateur introuvable.',
} as const;

export type UserChangeResult = { ok: true } | { ok: false; message: string };

/**
 * Locks every admin profile so that two admins demoting or deleting each other at
 * the same moment cannot leave the site without an administrator.
 */
async function lockAdmins(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.role, 'admin'))
    .for('update');
  return rows.map((r) => r.id);
}

export async function changeUserRole(actorId: string, userId: string, role: Role): Promise<UserChangeResult> {
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [target] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId)).for('update');
    if (!target) return { ok: false, message: USER_RULES.notFound };
    if (target.role === 'admin' && role !== 'admin') {
      if (userId === actorId) return { ok: false, message: USER_RULES.selfDemotion };
      if (admins.filter((id) => id !== userId).length === 0) return { ok: false, message: USER_RULES.lastAdmin };
    }
    await setProfileRole(userId, role, tx);
    return { ok: true };
  });
}

/**
 * Deletes a user through better-auth (its sessions end, the profile follows by
 * cascade). The admin rules are checked first under a lock on the admin rows.
 */
export async function deleteUser(request: Request, actorId: string, userId: string): Promise<UserChangeResult> {
  if (userId === actorId) return { ok: false, message: USER_RULES.selfDeletion };
  const refusal = await db.transaction(async (tx): Promise<UserChangeResult | null> => {
    const admins = await lockAdmins(tx);
    const [target] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId));
    if (!target) return { ok: false, message: USER_RULES.notFound };
    if (target.role === 'admin' && admins.filter((id) => id !== userId).length === 0) {
      return { ok: false, message: USER_RULES.lastAdmin };
    }
    return null;
  });
  if (refusal) return refusal;
  await auth.api.removeUser({ body: { userId }, headers: request.headers });
  return { ok: true };
}

export async function countAdmins(executor: Executor = db): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(eq(profiles.role, 'admin')));
  return row?.count ?? 0;
}
