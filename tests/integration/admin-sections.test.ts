// Homepage sections screens' loaders and actions (SPEC §2, §4, §5, §7).
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { homepageSections, languages, multilingualContent } from '~/.server/db/schema';
import { action as editorAction, loader as editorLoader } from '~/routes/admin/section-editor';
import { action as listAction, loader as listLoader } from '~/routes/admin/sections';
import { formRequest, getRequest, run, signedInAs, type Fields } from '../support/requests';

let admin: string;
let user: string;
const EN = 'editingLanguage=en';

beforeAll(async () => {
  await db.insert(languages).values([
    { code: 'fr', name: 'Français', isDefault: true, isActive: true, position: 0 },
    { code: 'en', name: 'English', isActive: true, position: 1 },
  ]);
  admin = (await signedInAs('admin')).cookie;
  user = (await signedInAs('user')).cookie;
});

beforeEach(async () => {
  await db.delete(multilingualContent);
  await db.delete(homepageSections);
});

const toastOf = (headers: Headers) => {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='));
  return cookie ? JSON.parse(Buffer.from(cookie.slice(6).split(';')[0]!, 'base64url').toString('utf8')) : null;
};

const saveFields = (extra: Fields = {}): Fields => ({
  intent: 'save',
  title: 'Le jardin',
  content: '<p>Un <a href="javascript:alert(1)">jardin</a> <strong>fleuri</strong></p><iframe src="x"></iframe>',
  isActive: 'on',
  amenities: ['garden', 'jardin_provencal'],
  ...extra,
});

async function createSection(fields: Fields = {}) {
  const result = await run(editorAction, formRequest('/admin/section/new', saveFields(fields), admin), {
    sectionId: 'new',
  });
  expect(result.status).toBe(302);
  return result.headers.get('location')!.split('/').pop()!;
}

async function texts(id: string) {
  const rows = await db
    .select({ key: multilingualContent.contentKey, value: multilingualContent.contentValue, language: multilingualContent.languageCode })
    .from(multilingualContent)
    .where(and(eq(multilingualContent.entityId, id), eq(multilingualContent.contentType, 'homepage_section')));
  return Object.fromEntries(rows.map((r) => [`${r.language}:${r.key.replace(`homepage_section_${id}_`, '')}`, r.value]));
}

const order = async () =>
  db.select({ id: homepageSections.id, position: homepageSections.position }).from(homepageSections).orderBy(asc(homepageSections.position));

/** A page refused: a visitor who is not signed in goes to /auth; a signed-in one without the role is answered 403 (the no-access page, decision 0026). */
function expectRefusedPage(result: { status: number; headers: Headers }, cookie: string | undefined) {
  if (cookie) expect(result.status).toBe(403);
  else expect(result.headers.get('location')).toBe('/auth');
}

describe('guards', () => {
  it('refuses anonymous visitors and non-admins', async () => {
    const id = await createSection();
    for (const cookie of [undefined, user]) {
      expectRefusedPage(await run(listLoader, getRequest('/admin/sections', cookie)), cookie);
      expectRefusedPage(await run(editorLoader, getRequest(`/admin/section/${id}`, cookie), { sectionId: id }), cookie);
      for (const intent of ['delete', 'deactivate']) {
        const result = await run(listAction, formRequest('/admin/sections', { intent, id }, cookie));
        expect([401, 403]).toContain(result.status);
      }
      const save = await run(editorAction, formRequest(`/admin/section/${id}`, saveFields({ title: 'Piraté' }), cookie), {
        sectionId: id,
      });
      expect([401, 403]).toContain(save.status);
    }
    expect(await db.select({ title: homepageSections.title, isActive: homepageSections.isActive }).from(homepageSections)).toEqual([
      { title: 'Le jardin', isActive: true },
    ]);
  });
});

describe('section editor', () => {
  it('creates a first section at position 0, then max + 1, with sanitised content, and redirects', async () => {
    const result = await run(editorAction, formRequest('/admin/section/new', saveFields(), admin), { sectionId: 'new' });
    expect(result.status).toBe(302);
    expect(toastOf(result.headers)).toMatchObject({ type: 'success', description: 'Section sauvegardée avec succès' });
    const first = result.headers.get('location')!.replace('/admin/section/', '');
    const [row] = await db.select().from(homepageSections).where(eq(homepageSections.id, first));
    expect(row).toMatchObject({ position: 0, title: 'Le jardin', isActive: true, amenities: ['garden', 'jardin_provencal'] });
    expect(await texts(first)).toEqual({
      'fr:title': 'Le jardin',
      'fr:content': '<p>Un <a rel="noopener noreferrer">jardin</a> <strong>fleuri</strong></p>',
    });

    await db.update(homepageSections).set({ position: 51 }).where(eq(homepageSections.id, first));
    const second = await createSection({ isActive: undefined });
    const [created] = await db.select().from(homepageSections).where(eq(homepageSections.id, second));
    expect(created).toMatchObject({ position: 52, isActive: false });
  });

  it('saves the editing language only, with non-empty values, keeping the column title in the default language', async () => {
    const id = await createSection();
    const result = await run(
      editorAction,
      formRequest(`/admin/section/${id}`, saveFields({ title: 'The garden', content: '<p></p>', isActive: undefined }), `${admin}; ${EN}`),
      { sectionId: id },
    );
    expect(result.status).toBe(200);
    expect(toastOf(result.headers)?.description).toBe('Section sauvegardée avec succès');
    const t = await texts(id);
    expect(t['en:title']).toBe('The garden');
    expect(t['en:content']).toBeUndefined();
    expect(t['fr:title']).toBe('Le jardin');
    const [row] = await db.select().from(homepageSections).where(eq(homepageSections.id, id));
    expect(row).toMatchObject({ title: 'Le jardin', isActive: false, position: 0 });

    const en = await run(editorLoader, getRequest(`/admin/section/${id}`, `${admin}; ${EN}`), { sectionId: id });
    expect(en.data.section).toMatchObject({ title: 'The garden', content: '', displayTitle: 'The garden' });
    expect(en.data.language).toMatchObject({ code: 'en', name: 'English' });
  });

  it('answers a missing title with 400 and changes nothing', async () => {
    const id = await createSection();
    for (const sectionId of ['new', id]) {
      const result = await run(editorAction, formRequest(`/admin/section/${sectionId}`, saveFields({ title: '  ' }), admin), {
        sectionId,
      });
      expect(result.status).toBe(400);
      expect(result.data.result.error.title).toEqual(['Le titre est requis']);
    }
    const bad = await run(editorAction, formRequest(`/admin/section/${id}`, saveFields({ amenities: 'sauna' }), admin), {
      sectionId: id,
    });
    expect(bad.status).toBe(400);
    expect(await db.select().from(homepageSections)).toHaveLength(1);
    expect((await texts(id))['fr:title']).toBe('Le jardin');
    const unknown = await run(editorAction, formRequest(`/admin/section/${id}`, { intent: 'publish' }, admin), {
      sectionId: id,
    });
    expect(unknown.status).toBe(400);
  });

  it('redirects to /admin with an error toast for an unknown section', async () => {
    for (const sectionId of [crypto.randomUUID(), 'abc']) {
      const result = await run(editorLoader, getRequest(`/admin/section/${sectionId}`, admin), { sectionId });
      expect(result.headers.get('location')).toBe('/admin');
      expect(toastOf(result.headers)).toMatchObject({ type: 'error', description: 'Impossible de charger la section' });
    }
    const save = await run(editorAction, formRequest(`/admin/section/${crypto.randomUUID()}`, saveFields(), admin), {
      sectionId: crypto.randomUUID(),
    });
    expect(toastOf(save.headers)?.description).toBe('Impossible de sauvegarder la section');
  });
});

describe('sections list', () => {
  it('lists by position with the title in the editing language, else the column', async () => {
    const a = await createSection({ title: 'Alpha' });
    const b = await createSection({ title: 'Bravo', isActive: undefined });
    await db
      .update(homepageSections)
      .set({ images: ['/media/homepage-images/x/a.jpg'] })
      .where(eq(homepageSections.id, b));
    await run(editorAction, formRequest(`/admin/section/${a}`, saveFields({ title: 'Alpha EN' }), `${admin}; ${EN}`), {
      sectionId: a,
    });
    const en = await run(listLoader, getRequest('/admin/sections', `${admin}; ${EN}`));
    expect(en.data.sections).toEqual([
      { id: a, position: 0, title: 'Alpha EN', isActive: true, imageCount: 0 },
      { id: b, position: 1, title: 'Bravo', isActive: false, imageCount: 1 },
    ]);
  });

  it('activates and deactivates', async () => {
    const id = await createSection();
    const off = await run(listAction, formRequest('/admin/sections', { intent: 'deactivate', id }, admin));
    expect(off.status).toBe(200);
    expect((await db.select().from(homepageSections))[0]?.isActive).toBe(false);
    await run(listAction, formRequest('/admin/sections', { intent: 'activate', id }, admin));
    expect((await db.select().from(homepageSections))[0]?.isActive).toBe(true);
    // A section that is not there: NOT_FOUND, a 404 with the spec's toast.
    const missing = await run(listAction, formRequest('/admin/sections', { intent: 'activate', id: crypto.randomUUID() }, admin));
    expect(missing.status).toBe(404);
    expect(toastOf(missing.headers)?.description).toBe('Impossible de modifier le statut de la section');
  });

  it('reorders through position -1 in one transaction and refuses moves past the ends', async () => {
    const a = await createSection();
    const b = await createSection();
    const c = await createSection();
    await db.update(homepageSections).set({ position: 50 }).where(eq(homepageSections.id, c));
    const move = (id: string, direction: string) => run(listAction, formRequest('/admin/sections', { intent: 'move', id, direction }, admin));

    expect((await move(c, 'up')).status).toBe(200);
    expect(await order()).toEqual([
      { id: a, position: 0 },
      { id: c, position: 1 },
      { id: b, position: 50 },
    ]);
    expect((await move(a, 'down')).status).toBe(200);
    expect(await order()).toEqual([
      { id: c, position: 0 },
      { id: a, position: 1 },
      { id: b, position: 50 },
    ]);
    const firstUp = await move(c, 'up');
    expect(firstUp.status).toBe(400);
    expect(toastOf(firstUp.headers)?.description).toBe('Impossible de réorganiser les sections');
    expect((await move(b, 'down')).status).toBe(400);
    expect((await move(b, 'left')).status).toBe(400);
    expect(await order()).toEqual([
      { id: c, position: 0 },
      { id: a, position: 1 },
      { id: b, position: 50 },
    ]);
  });

  it('uses position -1 as the intermediate step, all in one transaction', async () => {
    const a = await createSection();
    const b = await createSection();
    // A trigger records every position write with its transaction id.
    await db.execute(sql`create table if not exists section_position_log (n serial, id uuid, position int, tx bigint)`);
    await db.execute(sql`create or replace function log_section_position() returns trigger language plpgsql as $$
      begin insert into section_position_log (id, position, tx) values (new.id, new.position, txid_current()); return new; end $$`);
    await db.execute(sql`create or replace trigger section_position_log after update of position on homepage_sections
      for each row execute function log_section_position()`);
    try {
      expect((await run(listAction, formRequest('/admin/sections', { intent: 'move', id: b, direction: 'up' }, admin))).status).toBe(200);
      const log = await db.execute<{ id: string; position: number; tx: string }>(sql`select id, position, tx::text from section_position_log order by n`);
      expect(log.rows.map((r) => [r.id, r.position])).toEqual([
        [b, -1],
        [a, 1],
        [b, 0],
      ]);
      expect(new Set(log.rows.map((r) => r.tx)).size).toBe(1);
    } finally {
      await db.execute(sql`drop trigger section_position_log on homepage_sections`);
    }
  });

  it('deletes a section with its texts', async () => {
    const id = await createSection();
    const result = await run(listAction, formRequest('/admin/sections', { intent: 'delete', id }, admin));
    expect(toastOf(result.headers)).toMatchObject({ type: 'success', description: 'Section supprimée avec succès' });
    expect(await db.select().from(homepageSections)).toHaveLength(0);
    expect(await texts(id)).toEqual({});
    const again = await run(listAction, formRequest('/admin/sections', { intent: 'delete', id }, admin));
    expect(toastOf(again.headers)?.description).toBe('Impossible de supprimer la section');
    expect((await run(listAction, formRequest('/admin/sections', { intent: 'archive', id }, admin))).status).toBe(400);
  });
});
