import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { rooms, roomSeasonPrices, seasons } from '~/.server/db/schema';
import { action, loader } from '~/routes/admin/seasons';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';
import { decodeToast } from '../support/toast-cookie';

let cookie: string;
beforeAll(async () => {
  ({ cookie } = await signedInAs('admin'));
});
const post = (fields: Record<string, string>, as = cookie) => run(action as never, formRequest('/admin/seasons', fields, as));
const allSeasons = () => db.select({ id: seasons.id, name: seasons.name }).from(seasons);

describe('admin seasons screen', () => {
  it('adds a trimmed season and lists seasons by name', async () => {
    const result = await post({ intent: 'create', name: '  Haute saison  ' });
    expect(result.status).toBe(200);
    expect(decodeToast(result.headers)).toMatchObject({ title: 'Succès', description: 'Saison ajoutée avec succès' });
    await post({ intent: 'create', name: 'Basse saison' });
    const list = await run(loader as never, getRequest('/admin/seasons', cookie));
    expect(list.data.seasons.map((s: { name: string }) => s.name)).toEqual(['Basse saison', 'Haute saison']);
  });

  it('answers an empty or missing name with 400 and a French message, adding nothing', async () => {
    const before = await allSeasons();
    for (const name of ['', '   ']) {
      const result = await post({ intent: 'create', name });
      expect(result.status).toBe(400);
      expect(result.data.result.error.name).toEqual(['Le nom de la saison est requis']);
    }
    expect(await allSeasons()).toHaveLength(before.length);
  });

  it('renames a season (trimmed) and refuses an empty rename', async () => {
    const [season] = await db.insert(seasons).values({ name: 'Printemps' }).returning();
    const result = await post({ intent: 'rename', id: season!.id, name: ' Printemps 2026 ' });
    expect(decodeToast(result.headers)).toMatchObject({ description: 'Saison modifiée avec succès' });
    const empty = await post({ intent: 'rename', id: season!.id, name: ' ' });
    expect(empty.status).toBe(400);
    const badId = await post({ intent: 'rename', id: 'not-a-uuid', name: 'X' });
    expect(badId.status).toBe(400);
    const [after] = await db.select().from(seasons).where(eq(seasons.id, season!.id));
    expect(after!.name).toBe('Printemps 2026');
  });

  it('deletes a season and, by cascade, its room prices', async () => {
    const [season] = await db.insert(seasons).values({ name: 'Été' }).returning();
    const [room] = await db.insert(rooms).values({ position: 0 }).returning();
    await db.insert(roomSeasonPrices).values({ roomId: room!.id, seasonId: season!.id, pricePerNight: 120 });
    const result = await post({ intent: 'delete', id: season!.id });
    expect(decodeToast(result.headers)).toMatchObject({ description: 'Saison supprimée avec succès' });
    expect(await db.select().from(seasons).where(eq(seasons.id, season!.id))).toHaveLength(0);
    expect(await db.select().from(roomSeasonPrices).where(eq(roomSeasonPrices.roomId, room!.id))).toHaveLength(0);
  });

  it('reports a missing season with the spec error toast', async () => {
    const result = await post({ intent: 'delete', id: '00000000-0000-4000-8000-000000000000' });
    expect(result.status).toBe(404);
    expect(decodeToast(result.headers)).toMatchObject({ title: 'Erreur', description: 'Erreur lors de la suppression de la saison' });
  });

  it('refuses non-admins and unknown intents', async () => {
    const plain = await signedInAs('user');
    const refused = await post({ intent: 'create', name: 'Pirate' }, plain.cookie);
    expect(refused.status).toBe(403);
    expect((await allSeasons()).some((s) => s.name === 'Pirate')).toBe(false);
    expect((await post({ intent: 'nope' })).status).toBe(400);
  });
});
