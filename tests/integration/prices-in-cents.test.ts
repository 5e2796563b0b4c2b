// Room and season prices moved from numeric euros to integer cents (migration
// 0012_prices_in_cents): every price a database held before comes back the same, whether
// the database is migrated in place at start or an archive made before the change is
// restored (restored at its schema, then migrated).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBackup } from '~/.server/backup/create-backup';
import { restoreBackup } from '~/.server/backup/restore-backup';
import { applyMigrationsInTransaction, listMigrations } from '~/.server/db/migrations';
import { diskStorage } from '~/.server/media/storage';
import { decimalEuros } from '~/lib/money';
import { createDatabase } from '../support/backup';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-cents-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const migrations = listMigrations();
const cents = migrations.findIndex((m) => m.tag.endsWith('_prices_in_cents'));

/** Euros as the numeric columns held them, each with the cents it must become. */
const BASE_PRICES: Array<[string | null, number | null]> = [
  ['115', 115_00],
  ['95.5', 95_50],
  ['0.01', 1],
  ['9999.99', 9999_99],
  ['0', 0],
  [null, null],
  ['123456.78', 123456_78],
];
const SEASON_PRICES: Array<[string, number]> = [
  ['140.5', 140_50],
  ['80', 80_00],
  ['0.29', 29],
  ['112.35', 112_35],
];

/** A database at the schema just before the change, holding those prices. */
async function databaseBeforeCents() {
  const url = await createDatabase();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await applyMigrationsInTransaction(client, migrations.slice(0, cents));
  await client.query('commit');
  const roomIds: string[] = [];
  for (const [index, [price]] of BASE_PRICES.entries()) {
    const { rows } = await client.query<{ id: string }>('insert into rooms (position, price_per_night) values ($1, $2) returning id', [index, price]);
    roomIds.push(rows[0]!.id);
  }
  for (const [index, [price]] of SEASON_PRICES.entries()) {
    const { rows } = await client.query<{ id: string }>('insert into seasons (name) values ($1) returning id', [`Saison ${index}`]);
    await client.query('insert into room_season_prices (room_id, season_id, price_per_night) values ($1, $2, $3)', [roomIds[0], rows[0]!.id, price]);
  }
  await client.end();
  return { url, roomIds };
}

async function readPrices(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rooms = await client.query<{ position: number; cents: number | null }>('select position, price_per_night_cents as cents from rooms order by position');
  const seasons = await client.query<{ name: string; cents: number }>(
    'select s.name, p.price_per_night_cents as cents from room_season_prices p join seasons s on s.id = p.season_id order by s.name',
  );
  await client.end();
  return { rooms: rooms.rows.map((r) => r.cents), seasons: seasons.rows.map((s) => s.cents) };
}

const expected = { rooms: BASE_PRICES.map(([, c]) => c), seasons: SEASON_PRICES.map(([, c]) => c) };

describe('prices in cents', () => {
  it('is one migration of this code base', () => {
    expect(cents).toBeGreaterThan(0);
  });

  it('migrates every existing price in place, to the cent', async () => {
    const { url } = await databaseBeforeCents();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('begin');
    await applyMigrationsInTransaction(client, migrations.slice(cents));
    await client.query('commit');
    await client.end();
    const prices = await readPrices(url);
    expect(prices).toEqual(expected);
    // What the room editor shows again is what the owner typed.
    expect(prices.rooms.map((c) => decimalEuros(c))).toEqual(['115.00', '95.50', '0.01', '9999.99', '0.00', '', '123456.78']);
  });

  it('restores an archive made before the change, then migrates it, keeping every price', { timeout: 120_000 }, async () => {
    const { url } = await databaseBeforeCents();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const archive = path.join(work, 'before-cents.tar.gz');
    const { manifest } = await writeBackup({ pool, storage: diskStorage(path.join(work, 'old-uploads')) }, fs.createWriteStream(archive));
    await pool.end();
    expect(manifest.migration.tag).toBe(migrations[cents - 1]!.tag);

    const target = await createDatabase();
    const result = await restoreBackup({ file: archive, url: target, storage: diskStorage(path.join(work, 'new-uploads')) });
    expect(result.migrated).toEqual(migrations.slice(cents).map((m) => m.tag));
    expect(await readPrices(target)).toEqual(expected);
  });
});
