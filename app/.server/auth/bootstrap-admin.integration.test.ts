// One database pass: its subject is the first admin made from ADMIN_EMAIL; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { action as signInAction } from '~/routes/site/auth';
import { formRequest, run } from '../../../tests/support/requests';
import { config } from '../environment';
import { db } from '../db/client';
import { profiles, user } from '../db/schema';
import { bootstrapAdmin } from './bootstrap-admin';

// config() is parsed once per file; these tests set the admin variables on it directly.
const settings = config() as { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string };
afterEach(() => {
  settings.ADMIN_EMAIL = undefined;
  settings.ADMIN_PASSWORD = undefined;
});

async function signsIn(email: string, password: string) {
  const result = await run(signInAction, formRequest('/auth', { email, password }));
  return result.status === 302 && result.headers.get('location') === '/admin/today';
}

describe('admin bootstrap', () => {
  it('creates a random admin once when none is configured and none exists', async () => {
    const first = await bootstrapAdmin();
    expect(first.kind).toBe('generated');
    if (first.kind !== 'generated') return;
    expect(first.password.length).toBeGreaterThanOrEqual(12);
    expect(await signsIn(first.email, first.password)).toBe(true);
    expect((await bootstrapAdmin()).kind).toBe('unchanged');
  });

  it('ensures ADMIN_EMAIL / ADMIN_PASSWORD: created, unchanged, then password updated', async () => {
    settings.ADMIN_EMAIL = 'owner@example.com';
    settings.ADMIN_PASSWORD = 'first-password';
    expect((await bootstrapAdmin()).kind).toBe('created');
    expect((await bootstrapAdmin()).kind).toBe('unchanged');
    expect(await signsIn('owner@example.com', 'first-password')).toBe(true);

    settings.ADMIN_PASSWORD = 'second-password';
    expect((await bootstrapAdmin()).kind).toBe('updated');
    expect(await signsIn('owner@example.com', 'first-password')).toBe(false);
    expect(await signsIn('owner@example.com', 'second-password')).toBe(true);

    const [row] = await db
      .select({ role: profiles.role, userRole: user.role })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(user.email, 'owner@example.com'));
    expect(row).toEqual({ role: 'admin', userRole: 'admin' });
  });

  it('promotes an existing account named by ADMIN_EMAIL back to admin', async () => {
    settings.ADMIN_EMAIL = 'demoted@example.com';
    settings.ADMIN_PASSWORD = 'some-password';
    await bootstrapAdmin();
    const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, 'demoted@example.com'));
    await db.update(profiles).set({ role: 'user' }).where(eq(profiles.id, account!.id));
    expect((await bootstrapAdmin()).kind).toBe('updated');
    const [profile] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, account!.id));
    expect(profile?.role).toBe('admin');
  });
});
