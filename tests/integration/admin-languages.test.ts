// One database pass: its subject is the Langues screen's loader and actions; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { languages } from '~/.server/db/schema';
import { LANGUAGE_RULES, listLanguages } from '~/.server/languages/site-languages';
import { action, loader } from '~/routes/admin/languages';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';
import { decodeToast } from '../support/toast-cookie';

let cookie: string;
beforeAll(async () => {
  ({ cookie } = await signedInAs('admin'));
});
beforeEach(async () => {
  await db.delete(languages);
  await db.insert(languages).values([
    { code: 'fr', name: 'Français', isDefault: true, position: 0 },
    { code: 'en', name: 'English', position: 1 },
    { code: 'es', name: 'Español', position: 2 },
  ]);
});
const post = (fields: Record<string, string>, as = cookie) => run(action, formRequest('/admin/languages', fields, as));
// What the Langues screen lists, in its order.
const rows = () => listLanguages();
const byCode = async (code: string) => (await rows()).find((l) => l.code === code)!;

describe('admin languages screen', () => {
  it('lists languages by position', async () => {
    const result = await run(loader, getRequest('/admin/languages', cookie));
    expect(result.data.languages.map((l: { code: string }) => l.code)).toEqual(['fr', 'en', 'es']);
  });

  it('creates a language at max + 1, lower-casing the code', async () => {
    const result = await post({ intent: 'create', code: 'DE', name: 'Deutsch', isActive: 'on' });
    expect(result.status).toBe(200);
    expect(decodeToast(result.headers)).toMatchObject({ title: 'Succès', description: 'Langue créée avec succès' });
    expect(await byCode('de')).toMatchObject({ name: 'Deutsch', isActive: true, isDefault: false, position: 3 });
  });

  it('refuses a duplicate code with the server message, and invalid input with 400', async () => {
    const duplicate = await post({ intent: 'create', code: 'en', name: 'Anglais', isActive: 'on' });
    expect(duplicate.status).toBe(400);
    expect(decodeToast(duplicate.headers)).toMatchObject({ title: 'Erreur', description: LANGUAGE_RULES.duplicateCode });
    const invalid = await post({ intent: 'create', code: 'english', name: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.data.result.error.code[0]).toMatch(/2 ou 3 lettres/);
    expect(invalid.data.result.error.name).toEqual(['Le nom est requis']);
    expect(await rows()).toHaveLength(3);
  });

  it('keeps exactly one default: a new default clears the previous one in the same transaction', async () => {
    const created = await post({ intent: 'create', code: 'it', name: 'Italiano', isActive: 'on', isDefault: 'on' });
    expect(created.status).toBe(200);
    let all = await rows();
    expect(all.filter((l) => l.isDefault).map((l) => l.code)).toEqual(['it']);

    const en = await byCode('en');
    const updated = await post({ intent: 'update', id: en.id, name: 'English (UK)', isActive: 'on', isDefault: 'on' });
    expect(decodeToast(updated.headers)).toMatchObject({ description: 'Langue modifiée avec succès' });
    all = await rows();
    expect(all.filter((l) => l.isDefault).map((l) => l.code)).toEqual(['en']);
    expect((await byCode('en')).name).toBe('English (UK)');
  });

  it('ignores a code sent when editing (the code is fixed after creation)', async () => {
    const en = await byCode('en');
    await post({ intent: 'update', id: en.id, code: 'xx', name: 'English', isActive: 'on' });
    expect((await byCode('en')).code).toBe('en');
  });

  it('refuses deactivating or un-defaulting the default language', async () => {
    const fr = await byCode('fr');
    const deactivate = await post({ intent: 'update', id: fr.id, name: 'Français', isDefault: 'on' });
    expect(deactivate.status).toBe(400);
    expect(decodeToast(deactivate.headers)).toMatchObject({ description: LANGUAGE_RULES.deactivateDefault });
    const unset = await post({ intent: 'update', id: fr.id, name: 'Français', isActive: 'on' });
    expect(decodeToast(unset.headers)).toMatchObject({ description: LANGUAGE_RULES.unsetDefault });
    expect(await byCode('fr')).toMatchObject({ isActive: true, isDefault: true });
  });

  it('answers 404 naming the language when it is not there', async () => {
    const cases: Array<Record<string, string>> = [
      { intent: 'update', id: crypto.randomUUID(), name: 'Gone', isActive: 'on' },
      { intent: 'delete', id: crypto.randomUUID() },
    ];
    for (const fields of cases) {
      const result = await post(fields);
      expect(result.status, fields.intent).toBe(404);
      expect(decodeToast(result.headers)).toMatchObject({ description: LANGUAGE_RULES.notFound });
    }
  });

  it('refuses deleting the default language with a message; deletes another', async () => {
    const fr = await byCode('fr');
    const refused = await post({ intent: 'delete', id: fr.id });
    expect(refused.status).toBe(400);
    expect(decodeToast(refused.headers)).toMatchObject({ title: 'Erreur', description: LANGUAGE_RULES.deleteDefault });
    expect(await rows()).toHaveLength(3);
    const es = await byCode('es');
    const deleted = await post({ intent: 'delete', id: es.id });
    expect(decodeToast(deleted.headers)).toMatchObject({ description: 'Langue supprimée avec succès' });
    expect((await rows()).map((l) => l.code)).toEqual(['fr', 'en']);
  });

  it('reorders by the −1 swap: the moved language and its neighbour exchange positions', async () => {
    const es = await byCode('es');
    const up = await post({ intent: 'move', id: es.id, direction: 'up' });
    expect(up.status).toBe(200);
    expect((await rows()).map((l) => [l.code, l.position])).toEqual([
      ['fr', 0],
      ['es', 1],
      ['en', 2],
    ]);
    const fr = await byCode('fr');
    await post({ intent: 'move', id: fr.id, direction: 'down' });
    expect((await rows()).map((l) => l.code)).toEqual(['es', 'fr', 'en']);
    expect((await rows()).every((l) => l.position >= 0)).toBe(true);
  });

  it('refuses moving past either end with the spec toast, changing nothing', async () => {
    const fr = await byCode('fr');
    const result = await post({ intent: 'move', id: fr.id, direction: 'up' });
    expect(result.status).toBe(400);
    expect(decodeToast(result.headers)).toMatchObject({ description: 'Impossible de réorganiser les langues' });
    const bad = await post({ intent: 'move', id: fr.id, direction: 'sideways' });
    expect(bad.status).toBe(400);
    expect((await rows()).map((l) => l.code)).toEqual(['fr', 'en', 'es']);
  });

  it('refuses non-admins and unknown intents', async () => {
    const plain = await signedInAs('user');
    expect((await post({ intent: 'create', code: 'pt', name: 'Português' }, plain.cookie)).status).toBe(403);
    expect(await rows()).toHaveLength(3);
    expect((await post({ intent: 'explode' })).status).toBe(400);
    const es = await byCode('es');
    expect(await db.select().from(languages).where(eq(languages.id, es.id))).toHaveLength(1);
  });
});
