// Issue 16, translation workflow: a new language starts hidden, can be chosen as the
// editing language at once (marked hidden in the picker) and translated, and reaches
// the public site, sitemap and hreflang only once activated.
// One database pass: its subject is a language's way from hidden to public; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { languages, multilingualContent } from '~/.server/db/schema';
import { resolveRequestLanguage } from '~/.server/languages/language-choice';
import { listActiveLanguages } from '~/.server/languages/site-languages';
import { action as languagesAction } from '~/routes/admin/languages';
import { loader as layoutLoader } from '~/routes/admin/layout';
import { action as roomEditorAction, loader as roomEditorLoader } from '~/routes/admin/room-editor';
import { action as editingLanguageAction } from '~/routes/resources/editing-language';
import { loader as sitemapLoader } from '~/routes/resources/sitemap';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';

let cookie: string;
beforeAll(async () => {
  ({ cookie } = await signedInAs('admin'));
  await db.delete(languages);
  await db.insert(languages).values([
    { code: 'fr', name: 'Français', isDefault: true, position: 0 },
    { code: 'en', name: 'English', position: 1 },
  ]);
});

describe('translation workflow', () => {
  it('a new language starts hidden, is translated first, and is public only once activated', async () => {
    // Created without ticking "Active" (the dialog's default): hidden.
    const created = await run(languagesAction, formRequest('/admin/languages', { intent: 'create', code: 'it', name: 'Italiano' }, cookie));
    expect(created.status).toBe(200);
    const [italian] = await db.select().from(languages).where(eq(languages.code, 'it'));
    expect(italian!.isActive).toBe(false);

    // The editing-language picker lists it, marked hidden; it can be chosen.
    const layout = await run(layoutLoader, getRequest('/admin', cookie));
    expect(layout.data.languages).toEqual([
      { code: 'fr', name: 'Français', isActive: true },
      { code: 'en', name: 'English', isActive: true },
      { code: 'it', name: 'Italiano', isActive: false },
    ]);
    const chosen = await run(editingLanguageAction, formRequest('/api/editing-language', { language: 'it' }, cookie));
    expect(chosen.status).toBe(200);
    const editingCookie = chosen.headers.get('set-cookie')!.split(';')[0]!;
    expect(editingCookie).toBe('editingLanguage=it');
    const unknown = await run(editingLanguageAction, formRequest('/api/editing-language', { language: 'zz' }, cookie));
    expect(unknown.status).toBe(400);

    // A room saved in Italian stores Italian texts.
    const asItalianEditor = `${cookie}; ${editingCookie}`;
    const saved = await run(
      roomEditorAction,
      formRequest(
        '/admin/room/new',
        { intent: 'save', name: 'Camera azzurra', maxGuests: '2', shortDescription: '', longDescription: '', tags: '' },
        asItalianEditor,
      ),
      { roomId: 'new' },
    );
    expect([200, 302]).toContain(saved.status);
    const [name] = await db.select().from(multilingualContent).where(eq(multilingualContent.contentValue, 'Camera azzurra'));
    expect(name).toMatchObject({ languageCode: 'it', contentType: 'room' });
    const editor = await run(roomEditorLoader, getRequest(`/admin/room/${name!.entityId}`, asItalianEditor), { roomId: name!.entityId! });
    expect(JSON.stringify(editor.data)).toContain('Italiano');

    // Hidden: not a visitor's language, not in the sitemap.
    const active = await listActiveLanguages();
    expect(resolveRequestLanguage(new Request('http://localhost:3000/?lang=it'), active).language).toBe('fr');
    const hidden = await (await sitemapLoader({ request: getRequest('/sitemap.xml') } as never)).text();
    expect(hidden).not.toContain('hreflang="it"');

    // Activated: public.
    await run(languagesAction, formRequest('/admin/languages', { intent: 'update', id: italian!.id, name: 'Italiano', isActive: 'on' }, cookie));
    expect(resolveRequestLanguage(new Request('http://localhost:3000/?lang=it'), await listActiveLanguages()).language).toBe('it');
    const shown = await (await sitemapLoader({ request: getRequest('/sitemap.xml') } as never)).text();
    expect(shown).toContain('hreflang="it"');
  });
});
