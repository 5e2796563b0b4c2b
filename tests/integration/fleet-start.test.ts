// Issue 33: instances that start together. Three `npm start` processes (the production
// build) at the same instant on one empty PostgreSQL database: all three come up, the
// schema is migrated once, the demo seeded once, the admin account of ADMIN_EMAIL
// exists once. Then an older build (here: a database that holds a migration newer than
// this build's last) refuses to start, saying why.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { listMigrations } from '~/.server/db/migrations';
import { DEMO_LANGUAGES, DEMO_ROOMS } from '~/.server/seed/demo-content';
import { startAppProcess, type AppProcess } from '../support/app-process';

const maintenanceUrl = inject('pgMaintenanceUrl');
const database = `guesthouse_fleet_${randomBytes(5).toString('hex')}`;
const url = (() => {
  const parsed = new URL(maintenanceUrl);
  parsed.pathname = `/${database}`;
  return parsed.toString();
})();
const admin = { email: 'owner@fleet.example.com', password: `Fleet-${randomBytes(9).toString('base64url')}` };
const instances: AppProcess[] = [];

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const count = async (text: string, values: unknown[] = []) => Number((await query<{ n: string }>(text, values))[0]!.n);
const occurrences = (pattern: RegExp) => instances.filter((instance) => pattern.test(instance.output())).length;

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.kill()));
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  await client.query(`drop database if exists "${database}" with (force)`);
  await client.end();
});

describe('N instances started together on an empty database', () => {
  it('all three come up; one migration, one demo, one admin', { timeout: 180_000 }, async () => {
    const client = new pg.Client({ connectionString: maintenanceUrl });
    await client.connect();
    await client.query(`create database "${database}"`);
    await client.end();

    const env = { DATABASE_URL: url, SEED_DEMO: 'true', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
    instances.push(...(await Promise.all([startAppProcess(env), startAppProcess(env), startAppProcess(env)])));

    for (const instance of instances) {
      const ready = await fetch(`${instance.url}/readyz`);
      // The first check loads the server build ("starting"); the next says ready.
      let status = ready.status;
      for (let i = 0; status !== 200 && i < 50; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await fetch(`${instance.url}/readyz`)).status;
      }
      expect(status, instance.output()).toBe(200);
      const home = await fetch(`${instance.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain(DEMO_ROOMS[0]!.name.fr);
    }

    expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBe(listMigrations().length);
    expect(occurrences(/Database schema migrated/)).toBe(1);
    expect(await count('select count(*) as n from rooms')).toBe(DEMO_ROOMS.length);
    expect(await count('select count(*) as n from languages')).toBe(DEMO_LANGUAGES.length);
    expect(await count('select count(*) as n from site_config')).toBe(1);
    expect(occurrences(/Demo content seeded/)).toBe(1);
    expect(await count('select count(*) as n from "user" where email = $1', [admin.email])).toBe(1);
    expect(await count(`select count(*) as n from profiles where role = 'admin'`)).toBe(1);
    expect(occurrences(new RegExp(`Admin account ${admin.email} created`))).toBe(1);
    for (const instance of instances) expect(instance.output()).not.toMatch(/could not start|\[fatal\]/);
  });

  it('an older build refuses to start on a newer schema, with a clear message', { timeout: 120_000 }, async () => {
    const newest = listMigrations().at(-1)!;
    await query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', ['from-a-newer-build', newest.when + 86_400_000]);
    try {
      const refused = startAppProcess({ DATABASE_URL: url, SEED_DEMO: 'true' });
      await expect(refused).rejects.toThrow(/The database's schema is newer than this version of the site/);
      await expect(refused).rejects.toThrow(new RegExp(`this build knows migrations up to ${newest.tag}`));
      // Nothing of it was applied or changed.
      expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBe(listMigrations().length + 1);
    } finally {
      await query('delete from drizzle.__drizzle_migrations where hash = $1', ['from-a-newer-build']);
    }
    // The instances already running are not disturbed.
    for (const instance of instances) expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
  });

  it('SIGTERM: each instance drains, stops its workers and exits 0', { timeout: 60_000 }, async () => {
    const exits = instances.map((instance) => instance.stop());
    await Promise.all(exits);
    for (const instance of instances) {
      expect(instance.output()).toContain('SIGTERM received: draining');
      expect(instance.output()).toContain('Stopped.');
      expect(instance.exitCode()).toBe(0);
    }
  });
});
