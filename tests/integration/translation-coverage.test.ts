// Issue 16, translation coverage: every language's share of the site's translatable
// texts, the links to each missing field, "à revoir" when French changed after a
// translation was saved, and the confirmation before making an incomplete language public.
// One database pass: its subject is the translation coverage figures; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fingerprintText, upsertTexts } from '~/.server/content/multilingual-content';
import { db } from '~/.server/db/client';
import { languages, multilingualContent, transportOptions } from '~/.server/db/schema';
import { action as configAction, loader as configLoader } from '~/routes/admin/config';
import { action as languagesAction, loader as languagesLoader } from '~/routes/admin/languages';
import { loader as layoutLoader } from '~/routes/admin/layout';
import { action as roomAction, loader as roomLoader } from '~/routes/admin/room-editor';
import { action as seasonsAction, loader as seasonsLoader } from '~/routes/admin/seasons';
import { action as sectionAction } from '~/routes/admin/section-editor';
import { loader as translationsLoader } from '~/routes/admin/translations';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';

type Coverage = {
  code: string;
  total: number;
  filled: number;
  review: number;
  percent: number;
  texts: Array<{ key: string; label: string; href: string; state: string }>;
};

let admin: string;
const as = (language: string) => `${admin}; editingLanguage=${language}`;
let roomId: string;
let sectionId: string;
let seasonId: string;
let trainId: string;

const roomFields = (name: string, shortDescription = '') => ({
  intent: 'save',
  name,
  maxGuests: '2',
  shortDescription,
  longDescription: '',
  tags: '',
});

async function coverage(code: string): Promise<Coverage> {
  const result = await run(translationsLoader, getRequest('/admin/translations', admin));
  expect(result.data.loadError).toBeNull();
  return (result.data.coverage as Coverage[]).find((c) => c.code === code)!;
}

const otherLanguagesRows = (language: string) =>
  db.select().from(multilingualContent).where(ne(multilingualContent.languageCode, language)).orderBy(multilingualContent.id);

beforeAll(async () => {
  ({ cookie: admin } = await signedInAs('admin'));
  await db.insert(languages).values([
    { code: 'fr', name: 'Français', isDefault: true, position: 0 },
    { code: 'en', name: 'English', position: 1 },
    { code: 'it', name: 'Italiano', isActive: false, position: 2 },
  ]);
  // French content, written through the editors: 3 site texts, a room (name, short
  // description, tags), a section (title, content), an enabled transport, a season.
  const config = await run(
    configAction,
    formRequest('/admin/config', { intent: 'save-config', name: 'Mas des Tests', tagline: 'Au calme', modalites: '<p>Arrivée 16h</p>' }, as('fr')),
  );
  expect(config.status).toBe(200);
  const room = await run(roomAction, formRequest('/admin/room/new', { ...roomFields('Lavande', '<p>Vue jardin</p>'), tags: 'Calme, Jardin' }, as('fr')), {
    roomId: 'new',
  });
  roomId = room.headers.get('location')!.split('/').pop()!;
  const section = await run(
    sectionAction,
    formRequest('/admin/section/new', { intent: 'save', title: 'Bienvenue', content: '<p>Bonjour</p>', isActive: 'on' }, as('fr')),
    { sectionId: 'new' },
  );
  sectionId = section.headers.get('location')!.split('/').pop()!;
  await run(configLoader, getRequest('/admin/config', as('fr'))); // creates the three transport options
  [{ id: trainId }] = (await db.select({ id: transportOptions.id }).from(transportOptions).where(eq(transportOptions.type, 'train'))) as [{ id: string }];
  await run(configAction, formRequest('/admin/config', { intent: 'toggle-transport', id: trainId, enabled: 'true' }, as('fr')));
  await run(configAction, formRequest('/admin/config', { intent: 'save-transport-description', id: trainId, description: '<p>Gare à 5 min</p>' }, as('fr')));
  await run(seasonsAction, formRequest('/admin/seasons', { intent: 'create', name: 'Haute saison' }, as('fr')));
  const seasons = await run(seasonsLoader, getRequest('/admin/seasons', as('fr')));
  seasonId = seasons.data.seasons[0].id;
});

describe('translation coverage', () => {
  it('counts every text written in French, lists each missing one with a link to its field, and rises after a save', async () => {
    const italian = await coverage('it');
    expect(italian).toMatchObject({ total: 10, filled: 0, review: 0, percent: 0 });
    expect(italian.texts.map((t) => t.href)).toEqual([
      '/admin/config?editing=it&field=name',
      '/admin/config?editing=it&field=tagline',
      '/admin/config?editing=it&field=modalites',
      `/admin/room/${roomId}?editing=it&tab=general&field=name`,
      `/admin/room/${roomId}?editing=it&tab=general&field=shortDescription`,
      `/admin/room/${roomId}?editing=it&tab=general&field=tags`,
      `/admin/section/${sectionId}?editing=it&tab=general&field=title`,
      `/admin/section/${sectionId}?editing=it&tab=general&field=content`,
      `/admin/config?editing=it&field=transport-${trainId}`,
      `/admin/seasons?editing=it&field=season-${seasonId}`,
    ]);
    expect(italian.texts.map((t) => t.label)).toContain('« Lavande » · Nom de la chambre');
    expect(italian.texts.every((t) => t.state === 'missing')).toBe(true);
    expect(await coverage('fr')).toMatchObject({ total: 10, filled: 10, percent: 100, texts: [] });

    // The link opens the room in Italian (no cookie yet) and keeps Italian chosen.
    const link = italian.texts[3]!.href;
    const editor = await run(roomLoader, getRequest(link, admin), { roomId });
    expect(editor.data.language.code).toBe('it');
    const layout = await run(layoutLoader, getRequest(link, admin));
    expect(layout.data.editingLanguage).toBe('it');
    expect(layout.headers.get('set-cookie')).toMatch(/^editingLanguage=it;/);

    // Two texts saved in Italian (through the link's URL): 2 of 10.
    const saved = await run(roomAction, formRequest(link, roomFields('Lavanda', '<p>Vista giardino</p>'), admin), { roomId });
    expect(saved.status).toBe(200);
    expect(await coverage('it')).toMatchObject({ total: 10, filled: 2, percent: 20 });
    expect((await coverage('en')).percent).toBe(0);
  });

  it("saving one language never alters another language's texts", async () => {
    const before = await otherLanguagesRows('it');
    await run(roomAction, formRequest(`/admin/room/${roomId}`, { ...roomFields('Lavanda', '<p>Vista giardino</p>'), tags: 'Calma' }, as('it')), { roomId });
    await run(
      sectionAction,
      formRequest(`/admin/section/${sectionId}`, { intent: 'save', title: 'Benvenuti', content: '<p>Ciao</p>', isActive: 'on' }, as('it')),
      { sectionId },
    );
    await run(configAction, formRequest('/admin/config', { intent: 'save-config', modalites: '<p>Arrivo ore 16</p>' }, as('it')));
    await run(
      configAction,
      formRequest('/admin/config', { intent: 'save-transport-description', id: trainId, description: '<p>Stazione a 5 min</p>' }, as('it')),
    );
    await run(seasonsAction, formRequest('/admin/seasons', { intent: 'translate-name', id: seasonId, language: 'it', name: 'Alta stagione' }, as('it')));
    expect(await otherLanguagesRows('it')).toEqual(before);
    // The Italian configuration form shows no French name to save as Italian.
    const italianConfig = await run(configLoader, getRequest('/admin/config', as('it')));
    expect(italianConfig.data.config).toMatchObject({ name: '', tagline: '', modalites: '<p>Arrivo ore 16</p>' });
    expect(await coverage('it')).toMatchObject({ total: 10, filled: 8, review: 0, percent: 80 });
  });

  it('flags a translation "à revoir" when its French text changes, until it is saved again', async () => {
    // French changes: the room's name (not its short description), the train, the season's name.
    await run(roomAction, formRequest(`/admin/room/${roomId}`, { ...roomFields('Lavande bleue', '<p>Vue jardin</p>'), tags: 'Calme, Jardin' }, as('fr')), {
      roomId,
    });
    await run(configAction, formRequest('/admin/config', { intent: 'save-transport-description', id: trainId, description: '<p>Gare à 6 min</p>' }, as('fr')));
    await run(seasonsAction, formRequest('/admin/seasons', { intent: 'rename', id: seasonId, name: 'Très haute saison' }, as('fr')));

    const italian = await coverage('it');
    expect(italian).toMatchObject({ filled: 8, review: 3, percent: 80 });
    expect(italian.texts.filter((t) => t.state === 'review').map((t) => t.href)).toEqual([
      `/admin/room/${roomId}?editing=it&tab=general&field=name`,
      `/admin/config?editing=it&field=transport-${trainId}`,
      `/admin/seasons?editing=it&field=season-${seasonId}`,
    ]);
    // …and next to the field in each editor.
    expect((await run(roomLoader, getRequest(`/admin/room/${roomId}`, as('it')), { roomId })).data.review).toEqual(['name']);
    expect((await run(configLoader, getRequest('/admin/config', as('it')))).data.review).toEqual([`transport-${trainId}`]);
    expect((await run(seasonsLoader, getRequest('/admin/seasons', as('it')))).data.review).toEqual([`season-${seasonId}`]);
    expect((await run(roomLoader, getRequest(`/admin/room/${roomId}`, as('fr')), { roomId })).data.review).toEqual([]);

    // Saved again (reviewed): no longer flagged; the others stay flagged.
    await run(roomAction, formRequest(`/admin/room/${roomId}`, { ...roomFields('Lavanda blu', '<p>Vista giardino</p>'), tags: 'Calma' }, as('it')), { roomId });
    const after = await coverage('it');
    expect(after.review).toBe(2);
    expect(after.texts.some((t) => t.href.includes(`/admin/room/${roomId}`))).toBe(false);
    expect((await run(roomLoader, getRequest(`/admin/room/${roomId}`, as('it')), { roomId })).data.review).toEqual([]);
  });

  it('stores the fingerprint the migration computes in SQL', async () => {
    const text = '<p>Arrivée à 16 h — « bienvenue » 🌿</p>';
    const [row] = await db.execute<{ fp: string }>(sql`select encode(sha256(convert_to(${text}, 'UTF8')), 'hex') as fp`).then((r) => r.rows);
    expect(row!.fp).toBe(fingerprintText(text));
    const [stored] = await db
      .select({ fingerprint: multilingualContent.sourceFingerprint })
      .from(multilingualContent)
      .where(and(eq(multilingualContent.languageCode, 'it'), eq(multilingualContent.contentKey, `room_${roomId}_name`)));
    expect(stored!.fingerprint).toBe(fingerprintText('Lavande bleue'));
  });
});

describe('activating a language', () => {
  const update = (id: string, fields: Record<string, string>) =>
    run(languagesAction, formRequest('/admin/languages', { intent: 'update', id, name: 'Italiano', ...fields }, admin));
  const italian = async () => (await db.select().from(languages).where(eq(languages.code, 'it')))[0]!;

  it('under 100 % asks for confirmation showing the percentage, and is refused without it', async () => {
    const listed = await run(languagesLoader, getRequest('/admin/languages', admin));
    expect(listed.data.percents).toMatchObject({ fr: 100, en: 0, it: 80 });
    expect(listed.data.newLanguagePercent).toBe(0);

    const refused = await update((await italian()).id, { isActive: 'on' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("Italiano n'est traduite qu'à 80 % : confirmez son activation.");
    expect((await italian()).isActive).toBe(false);

    const created = await run(languagesAction, formRequest('/admin/languages', { intent: 'create', code: 'pt', name: 'Português', isActive: 'on' }, admin));
    expect(created.status).toBe(400);
    expect(JSON.stringify(created.data)).toContain("Português n'est traduite qu'à 0 %");
    expect(await db.select().from(languages).where(eq(languages.code, 'pt'))).toHaveLength(0);

    const confirmed = await update((await italian()).id, { isActive: 'on', confirmIncomplete: 'on' });
    expect(confirmed.status).toBe(200);
    expect((await italian()).isActive).toBe(true);
    // Already public: renaming it asks nothing.
    expect((await update((await italian()).id, { isActive: 'on' })).status).toBe(200);
  });

  it('a complete language is activated without a question', async () => {
    await db.insert(languages).values({ code: 'de', name: 'Deutsch', isActive: false, position: 3 });
    const french = await db.select().from(multilingualContent).where(eq(multilingualContent.languageCode, 'fr'));
    for (const row of french) {
      await upsertTexts(db, { contentType: row.contentType as never, entityId: row.entityId, language: 'de' }, [
        { key: row.contentKey, value: `DE ${row.contentValue}` },
      ]);
    }
    expect(await coverage('de')).toMatchObject({ total: 10, filled: 10, percent: 100, texts: [] });
    const [deutsch] = await db.select().from(languages).where(eq(languages.code, 'de'));
    const result = await run(languagesAction, formRequest('/admin/languages', { intent: 'update', id: deutsch!.id, name: 'Deutsch', isActive: 'on' }, admin));
    expect(result.status).toBe(200);
  });
});
