// Users and roles (SPEC §2 'Gestion des Utilisateurs', §6). Roles live in
// `profiles` (kept in step with better-auth's `user.role`); deleting a user ends
// their sessions and accounts in the same transaction as the admin rules' check.
import { desc, eq } from 'drizzle-orm';
import { setProfileRole, type Role } from './profiles';
import { db, type Executor } from '../db/client';
import { account, profiles, session, user } from '../db/schema';
import { notFound, refuse, type NotFound, type Refusal } from '../rule-refusal';

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

/**
 * Locks every admin profile so that two admins demoting or deleting each other at
 * the same moment cannot leave the site without an administrator.
 */
async function lockAdmins(tx: Executor): Promise<string[]> {
  const rows = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'admin')).for('update');
  return rows.map((r) => r.id);
}

export async function changeUserRole(actorId: string, userId: string, role: Role): Promise<true | Refusal | NotFound> {
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [target] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId)).for('update');
    if (!target) return notFound(USER_RULES.notFound);
    if (target.role === 'admin' && role !== 'admin') {
      if (userId === actorId) return refuse(USER_RULES.selfDemotion);
      if (admins.filter((id) => id !== userId).length === 0) return refuse(USER_RULES.lastAdmin);
    }
    await setProfileRole(userId, role, tx);
    return true;
  });
}

/**
 * Deletes a user, checking the admin rules and deleting in ONE transaction under a
 * lock on the admin rows: two admins deleting each other at the same moment are
 * serialised, and the second sees that the first is gone. The rows are the ones
 * better-auth's admin `removeUser` deletes (sessions, accounts, the user; the
 * profile follows by cascade); we delete them here because better-auth's call
 * cannot join our transaction.
 */
export async function deleteUser(actorId: string, userId: string): Promise<true | Refusal | NotFound> {
  if (userId === actorId) return refuse(USER_RULES.selfDeletion);
  return db.transaction(async (tx): Promise<true | Refusal | NotFound> => {
    const admins = await lockAdmins(tx);
    const [target] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId)).for('update');
    if (!target) return notFound(USER_RULES.notFound);
    if (target.role === 'admin' && admins.filter((id) => id !== userId).length === 0) {
      return refuse(USER_RULES.lastAdmin);
    }
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx.delete(user).where(eq(user.id, userId));
    return true;
  });
}
