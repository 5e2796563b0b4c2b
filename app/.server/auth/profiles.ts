// `profiles` (SPEC §3) holds each user's role; better-auth's `user.role` is kept in
// step with it so that the admin plugin sees the same role.
import { eq } from 'drizzle-orm';
import { db, type Executor } from '../db/client';
import { profiles, user } from '../db/schema';

export type Role = 'user' | 'admin';

export async function ensureProfile(userId: string, email: string, executor: Executor = db) {
  await executor.insert(profiles).values({ id: userId, email, role: 'user' }).onConflictDoNothing();
}

export async function getProfileRole(userId: string): Promise<Role | null> {
  const [row] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId));
  return (row?.role as Role | undefined) ?? null;
}

export async function setProfileRole(userId: string, role: Role, executor: Executor = db) {
  await executor.update(profiles).set({ role, updatedAt: new Date() }).where(eq(profiles.id, userId));
  await executor.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
}
