// Rooms screens' loaders and actions called as the server would (SPEC §2, §4, §5, §7).
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { languages, multilingualContent, rooms, roomSeasonPrices, seasons } from '~/.server/db/schema';
import { action as editorAction, loader as editorLoader } from '~/routes/admin/room-editor';
import { loader as layoutLoader } from '~/routes/admin/layout';
import { action as listAction, loader as listLoader } from '~/routes/admin/rooms';
import { formRequest, getRequest, run, signedInAs, type Fields } from '../support/requests';

let admin: string;
let user: string;
const EN = 'editingLanguage=en';

beforeAll(async () => {
  await db.insert(languages).values([
    { code: 'fr', name: 'Français', isDefault: true, isActive: true, position: 0 },
    { code: 'en', name: 'English', isActive: true, position: 1 },
    { code: 'de', name: 'Deutsch', isActive: false, position: 2 },
  ]);
  admin = (await signedInAs('admin')).cookie;
  user = (await signedInAs('user')).cookie;
});

beforeEach(async () => {
  await db.delete(multilingualContent);
  await db.delete(rooms);
  await db.delete(seasons);
});

const toastOf = (headers: Headers) => {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='));
  if (!cookie) return null;
  return JSON.parse(Buffer.from(cookie.slice(6).split(';')[0]!, 'base64url').toString('utf8')) as {
    type: string;
    title: string;
    description: string;
  };
};

const saveFields = (extra: Fields = {}): Fields => ({
  intent: 'save',
  name: 'Lavande',
  maxGuests: '3',
  pricePerNight: '95.5',
  shortDescription: '<p>Courte <script>alert(1)</script></p>',
  longDescription: '<p onclick="x()">Longue</p>',
  tags: 'calme, vue',
  amenities: ['wifi', 'pool'],
  ...extra,
});

async function createRoom(fields: Fields = {}, cookie = admin) {
  const result = await run(editorAction, formRequest('/admin/room/new', saveFields(fields), cookie), { roomId: 'new' });
  expect(result.status).toBe(302);
  return result.headers.get('location')!.split('/').pop()!;
}

async function texts(id: string) {
  const rows = await db
    .select({ key: multilingualContent.contentKey, value: multilingualContent.contentValue, language: multilingualContent.languageCode })
    .from(multilingualContent)
    .where(and(eq(multilingualContent.entityId, id), eq(multilingualContent.contentType, 'room')));
  return Object.fromEntries(rows.map((r) => [`${r.language}:${r.key.replace(`room_${id}_`, '')}`, r.value]));
}

const positions = async () => (await db.select({ id: rooms.id, position: rooms.position }).from(rooms).orderBy(asc(rooms.position))).map((r) => r.id);

/** A page refused: a visitor who is not signed in goes to /auth; a signed-in one without the role is answered 403 (the no-access page, decision 0026). */
function expectRefusedPage(result: { status: number; headers: Headers }, cookie: string | undefined) {
  if (cookie) expect(result.status).toBe(403);
  else expect(result.headers.get('location')).toBe('/auth');
}

describe('guards', () => {
  it('refuses anonymous visitors and non-admins on every loader and action', async () => {
    for (const cookie of [undefined, user]) {
      expectRefusedPage(await run(listLoader, getRequest('/admin/rooms', cookie)), cookie);
      expectRefusedPage(await run(layoutLoader, getRequest('/admin', cookie)), cookie);
      expectRefusedPage(await run(editorLoader, getRequest('/admin/room/new', cookie), { roomId: 'new' }), cookie);
      const post = await run(listAction, formRequest('/admin/rooms', { intent: 'delete', id: crypto.randomUUID() }, cookie));
      expect([401, 403]).toContain(post.status);
      const save = await run(editorAction, formRequest('/admin/room/new', saveFields(), cookie), { roomId: 'new' });
      expect([401, 403]).toContain(save.status);
    }
    expect(await db.select().from(rooms)).toHaveLength(0);
  });
});

describe('room editor', () => {
  it('creates a room at the end, with sanitised texts in the editing language, and redirects to it', async () => {
    await db.insert(rooms).values({ position: 4 });
    const result = await run(editorAction, formRequest('/admin/room/new', saveFields(), admin), { roomId: 'new' });
    expect(result.status).toBe(302);
    const id = result.headers.get('location')!.replace('/admin/room/', '');
    expect(toastOf(result.headers)).toMatchObject({ type: 'success', title: 'Succès', description: 'Chambre sauvegardée avec succès' });
    const [room] = await db.select().from(rooms).where(eq(rooms.id, id));
    expect(room).toMatchObject({ position: 5, maxGuests: 3, pricePerNightCents: 95_50, amenities: ['wifi', 'pool'], tags: ['calme', 'vue'] });
    expect(await texts(id)).toEqual({
      'fr:name': 'Lavande',
      'fr:short_description': '<p>Courte </p>',
      'fr:long_description': '<p>Longue</p>',
      'fr:tags': 'calme, vue',
    });
  });

  it('gives a first room position 0', async () => {
    const id = await createRoom();
    const [room] = await db.select({ position: rooms.position }).from(rooms).where(eq(rooms.id, id));
    expect(room?.position).toBe(0);
  });

  it('upserts only non-empty values for the editing language and keeps the others', async () => {
    const id = await createRoom();
    const result = await run(
      editorAction,
      formRequest(
        `/admin/room/${id}`,
        saveFields({ name: 'Lavender', shortDescription: '<p></p>', longDescription: '', tags: '', maxGuests: '4' }),
        `${admin}; ${EN}`,
      ),
      { roomId: id },
    );
    expect(result.status).toBe(200);
    expect(toastOf(result.headers)?.description).toBe('Chambre sauvegardée avec succès');
    expect(await texts(id)).toEqual({
      'fr:name': 'Lavande',
      'fr:short_description': '<p>Courte </p>',
      'fr:long_description': '<p>Longue</p>',
      'fr:tags': 'calme, vue',
      'en:name': 'Lavender',
    });
    const [room] = await db.select().from(rooms).where(eq(rooms.id, id));
    // Tags column mirrors the default language only.
    expect(room).toMatchObject({ maxGuests: 4, tags: ['calme', 'vue'] });

    await run(editorAction, formRequest(`/admin/room/${id}`, saveFields({ name: 'Lavande 2', tags: 'jardin' }), admin), {
      roomId: id,
    });
    const after = await texts(id);
    expect(after['fr:name']).toBe('Lavande 2');
    expect(after['en:name']).toBe('Lavender');
    expect((await db.select({ tags: rooms.tags }).from(rooms).where(eq(rooms.id, id)))[0]?.tags).toEqual(['jardin']);
  });

  it('loads the room in the editing language', async () => {
    const id = await createRoom();
    const fr = await run(editorLoader, getRequest(`/admin/room/${id}`, admin), { roomId: id });
    expect(fr.data.room).toMatchObject({ name: 'Lavande', maxGuests: 3, pricePerNightCents: 95_50, anyName: 'Lavande' });
    expect(fr.data.language).toMatchObject({ code: 'fr', name: 'Français' });
    const en = await run(editorLoader, getRequest(`/admin/room/${id}`, `${admin}; ${EN}`), { roomId: id });
    expect(en.data.room).toMatchObject({ name: '', shortDescription: '', anyName: 'Lavande' });
    // A hidden language is an editing language too (translated before it is activated, issue 16);
    // an unknown one falls back to fr.
    const de = await run(editorLoader, getRequest(`/admin/room/${id}`, `${admin}; editingLanguage=de`), { roomId: id });
    expect(de.data.language).toMatchObject({ code: 'de', name: 'Deutsch' });
    const unknown = await run(editorLoader, getRequest(`/admin/room/${id}`, `${admin}; editingLanguage=zz`), { roomId: id });
    expect(unknown.data.language.code).toBe('fr');
  });

  it('answers invalid input with 400 and French field messages, changing nothing', async () => {
    const id = await createRoom();
    const before = await texts(id);
    const cases: Array<[Fields, string, string]> = [
      [{ name: '' }, 'name', 'Le nom est requis'],
      [{ maxGuests: '' }, 'maxGuests', 'Le nombre de personnes est requis'],
      [{ maxGuests: '11' }, 'maxGuests', 'Le nombre de personnes doit être compris entre 1 et 10'],
      [{ maxGuests: '0' }, 'maxGuests', 'Le nombre de personnes doit être compris entre 1 et 10'],
      [{ maxGuests: '1.5' }, 'maxGuests', 'Le nombre de personnes doit être un nombre entier'],
      [{ pricePerNight: '0' }, 'pricePerNight', 'Le prix doit être supérieur à 0'],
      [
        { amenities: ['sauna'] },
        'amenities[0]',
        'Invalid option: expected one of "wifi"|"wifi_haut_debit"|"parking"|"parking_prive_gratuit"|"bathroom"|"tv"|"coffee"|"kitchen"|"mountain_view"|"balcony"|"garden"|"jardin_provencal"|"pool"|"grande_piscine"|"city_center"|"double_bed"|"air_conditioning"|"proche_route"|"petit_dejeuner"',
      ],
    ];
    for (const [fields, field, message] of cases) {
      for (const roomId of ['new', id]) {
        const result = await run(editorAction, formRequest(`/admin/room/${roomId}`, saveFields({ name: 'X', ...fields }), admin), {
          roomId,
        });
        expect(result.status).toBe(400);
        if (field !== 'amenities[0]') expect(result.data.result.error[field]).toEqual([message]);
      }
    }
    expect(await db.select().from(rooms)).toHaveLength(1);
    expect(await texts(id)).toEqual(before);
  });

  it('answers an unknown intent with 400', async () => {
    const id = await createRoom();
    const result = await run(editorAction, formRequest(`/admin/room/${id}`, { intent: 'explode' }, admin), { roomId: id });
    expect(result.status).toBe(400);
  });

  it('redirects to /admin with an error toast for an unknown or malformed room id', async () => {
    for (const roomId of [crypto.randomUUID(), 'not-a-uuid']) {
      const result = await run(editorLoader, getRequest(`/admin/room/${roomId}`, admin), { roomId });
      expect(result.status).toBe(302);
      expect(result.headers.get('location')).toBe('/admin');
      expect(toastOf(result.headers)).toMatchObject({ type: 'error', title: 'Erreur', description: 'Impossible de charger la chambre' });
    }
    const save = await run(editorAction, formRequest(`/admin/room/${crypto.randomUUID()}`, saveFields(), admin), {
      roomId: crypto.randomUUID(),
    });
    expect(save.status).toBe(404);
    expect(toastOf(save.headers)?.description).toBe('Impossible de sauvegarder la chambre');
    expect(await db.select().from(rooms)).toHaveLength(0);
  });
});

describe('season prices', () => {
  it('creates, updates and deletes a season price, with the toasts', async () => {
    const id = await createRoom();
    const [high, low] = await db
      .insert(seasons)
      .values([{ name: 'Haute saison' }, { name: 'Basse saison' }])
      .returning();
    const save = (price: string, seasonId = high!.id) =>
      run(editorAction, formRequest(`/admin/room/${id}`, { intent: 'save-season-price', seasonId, price }, admin), { roomId: id });

    const created = await save('120');
    expect(toastOf(created.headers)?.description).toBe('Prix de saison mis à jour');
    const updated = await save('135.50');
    expect(updated.status).toBe(200);
    const rows = await db.select().from(roomSeasonPrices).where(eq(roomSeasonPrices.roomId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ seasonId: high!.id, pricePerNightCents: 135_50 });

    const loaded = await run(editorLoader, getRequest(`/admin/room/${id}`, admin), { roomId: id });
    expect(loaded.data.seasonPrices).toEqual([
      { seasonId: low!.id, seasonName: 'Basse saison', priceId: null, pricePerNightCents: null },
      { seasonId: high!.id, seasonName: 'Haute saison', priceId: rows[0]!.id, pricePerNightCents: 135_50 },
    ]);

    for (const price of ['0', '-5', 'abc', '']) {
      const invalid = await save(price);
      expect(invalid.status).toBe(400);
    }
    expect((await db.select().from(roomSeasonPrices))[0]?.pricePerNightCents).toBe(135_50);

    const deleted = await run(editorAction, formRequest(`/admin/room/${id}`, { intent: 'delete-season-price', seasonId: high!.id }, admin), { roomId: id });
    expect(toastOf(deleted.headers)?.description).toBe('Prix de saison supprimé');
    expect(await db.select().from(roomSeasonPrices)).toHaveLength(0);

    const again = await run(editorAction, formRequest(`/admin/room/${id}`, { intent: 'delete-season-price', seasonId: high!.id }, admin), { roomId: id });
    expect(again.status).toBe(404);
    expect(toastOf(again.headers)?.description).toBe('Erreur lors de la suppression');

    const unknownSeason = await save('99', crypto.randomUUID());
    expect(unknownSeason.status).toBe(404);
    expect(toastOf(unknownSeason.headers)?.description).toBe('Erreur lors de la mise à jour du prix');
  });

  it('saves nothing for a new room', async () => {
    const [season] = await db.insert(seasons).values({ name: 'Été' }).returning();
    const result = await run(editorAction, formRequest('/admin/room/new', { intent: 'save-season-price', seasonId: season!.id, price: '100' }, admin), {
      roomId: 'new',
    });
    expect(result.status).toBe(400);
    expect(await db.select().from(roomSeasonPrices)).toHaveLength(0);
  });
});

describe('rooms list', () => {
  it('lists rooms by position with the editing-language name, fallback, default guests and image count', async () => {
    const a = await createRoom({ name: 'Alpha', pricePerNight: '80' });
    const b = await createRoom({ name: 'Bravo', pricePerNight: '' });
    await db
      .update(rooms)
      .set({ images: ['/media/room-images/x/1.jpg', '/media/room-images/x/2.jpg'], maxGuests: null })
      .where(eq(rooms.id, b));
    const fr = await run(listLoader, getRequest('/admin/rooms', admin));
    expect(fr.data.rooms).toEqual([
      { id: a, position: 0, name: 'Alpha', maxGuests: 3, pricePerNightCents: 80_00, imageCount: 0 },
      { id: b, position: 1, name: 'Bravo', maxGuests: 2, pricePerNightCents: null, imageCount: 2 },
    ]);
    const en = await run(listLoader, getRequest('/admin/rooms', `${admin}; ${EN}`));
    expect(en.data.rooms.map((r: { name: string | null }) => r.name)).toEqual([null, null]);
  });

  it('swaps adjacent rooms in one step, and refuses moving the first up or the last down', async () => {
    const [a, b, c] = [await createRoom(), await createRoom(), await createRoom()];
    const move = (id: string, direction: string) => run(listAction, formRequest('/admin/rooms', { intent: 'move', id, direction }, admin));

    const down = await move(a, 'down');
    expect(toastOf(down.headers)?.description).toBe('Ordre des chambres mis à jour');
    expect(await positions()).toEqual([b, a, c]);
    const all = await db.select({ position: rooms.position }).from(rooms).orderBy(asc(rooms.position));
    expect(all.map((r) => r.position)).toEqual([0, 1, 2]);

    await move(c, 'up');
    expect(await positions()).toEqual([b, c, a]);

    const firstUp = await move(b, 'up');
    expect(firstUp.status).toBe(400);
    expect(toastOf(firstUp.headers)?.description).toBe('Impossible de réorganiser les chambres');
    const lastDown = await move(a, 'down');
    expect(lastDown.status).toBe(400);
    expect(await positions()).toEqual([b, c, a]);

    expect((await move(a, 'sideways')).status).toBe(400);
    expect((await move('nope', 'up')).status).toBe(400);
    expect(await positions()).toEqual([b, c, a]);
  });

  it('writes both positions of a swap in a single transaction', async () => {
    const a = await createRoom();
    const b = await createRoom();
    await db.execute(sql`create table if not exists room_position_log (n serial, id uuid, position int, tx bigint)`);
    await db.execute(sql`create or replace function log_room_position() returns trigger language plpgsql as $$
      begin insert into room_position_log (id, position, tx) values (new.id, new.position, txid_current()); return new; end $$`);
    await db.execute(sql`create or replace trigger room_position_log after update of position on rooms
      for each row execute function log_room_position()`);
    try {
      await run(listAction, formRequest('/admin/rooms', { intent: 'move', id: b, direction: 'up' }, admin));
      const log = await db.execute<{ id: string; position: number; tx: string }>(sql`select id, position, tx::text from room_position_log order by n`);
      expect(log.rows.map((r) => [r.id, r.position])).toEqual([
        [b, 0],
        [a, 1],
      ]);
      expect(new Set(log.rows.map((r) => r.tx)).size).toBe(1);
    } finally {
      await db.execute(sql`drop trigger room_position_log on rooms`);
    }
  });

  it('deletes a room with its texts and season prices', async () => {
    const id = await createRoom();
    const other = await createRoom({ name: 'Autre' });
    const [season] = await db.insert(seasons).values({ name: 'Été' }).returning();
    await db.insert(roomSeasonPrices).values({ roomId: id, seasonId: season!.id, pricePerNightCents: 100_00 });
    const result = await run(listAction, formRequest('/admin/rooms', { intent: 'delete', id }, admin));
    expect(toastOf(result.headers)).toMatchObject({ type: 'success', description: 'Chambre supprimée avec succès' });
    expect(await positions()).toEqual([other]);
    expect(await texts(id)).toEqual({});
    expect(Object.keys(await texts(other))).toHaveLength(4);
    expect(await db.select().from(roomSeasonPrices)).toHaveLength(0);

    // The room is gone: NOT_FOUND, a 404 with the spec's toast.
    const again = await run(listAction, formRequest('/admin/rooms', { intent: 'delete', id }, admin));
    expect(again.status).toBe(404);
    expect(toastOf(again.headers)).toMatchObject({ type: 'error', description: 'Impossible de supprimer la chambre' });
  });

  it('answers an unknown intent with 400', async () => {
    const result = await run(listAction, formRequest('/admin/rooms', { intent: 'rename' }, admin));
    expect(result.status).toBe(400);
  });
});

describe('admin shell', () => {
  it('gives the layout every language by position (hidden ones marked), the editing language and the sidebar state', async () => {
    const result = await run(layoutLoader, getRequest('/admin', `${admin}; ${EN}; sidebar_state=false`));
    expect(result.data).toMatchObject({
      languages: [
        { code: 'fr', name: 'Français', isActive: true },
        { code: 'en', name: 'English', isActive: true },
        { code: 'de', name: 'Deutsch', isActive: false },
      ],
      editingLanguage: 'en',
      unreadMessages: 0,
      sidebarOpen: false,
    });
    const fresh = await run(layoutLoader, getRequest('/admin', admin));
    expect(fresh.data).toMatchObject({ editingLanguage: 'fr', sidebarOpen: true });
  });
});

describe('saving in one language', () => {
  it("never alters another language's texts", async () => {
    const create = await run(editorAction, formRequest('/admin/room/new', saveFields({ name: 'Lavande', tags: 'calme' }), admin), {
      roomId: 'new',
    });
    const id = create.headers.get('location')!.split('/').pop()!;
    const textsIn = async (language: string) =>
      (
        await db
          .select({ key: multilingualContent.contentKey, value: multilingualContent.contentValue })
          .from(multilingualContent)
          .where(and(eq(multilingualContent.entityId, id), eq(multilingualContent.languageCode, language)))
          .orderBy(asc(multilingualContent.contentKey))
      ).map((row) => [row.key, row.value]);
    const french = await textsIn('fr');
    expect(french.length).toBeGreaterThan(0);

    // English saved twice, the second time with empty descriptions and tags.
    const save = (fields: Fields) => run(editorAction, formRequest(`/admin/room/${id}`, saveFields(fields), `${admin}; ${EN}`), { roomId: id });
    expect((await save({ name: 'Lavender', tags: 'quiet' })).status).toBe(200);
    expect((await save({ name: 'Lavender room', shortDescription: '', longDescription: '', tags: '' })).status).toBe(200);

    expect(await textsIn('fr')).toEqual(french);
    expect(await textsIn('en')).toContainEqual([`room_${id}_name`, 'Lavender room']);
  });
});
