// The back office's content-editing language (SPEC §2: 'Langue d'édition'): kept
// in a cookie across pages, starting at fr, always one of the site's languages —
// hidden ones too, so that a language can be translated before it is activated.
import { readCookie, serializeCookie } from './cookies';
import { listEditingLanguages } from './languages';

export const EDITING_LANGUAGE_COOKIE = 'editingLanguage';

export async function getEditingLanguage(request: Request): Promise<string> {
  const active = await listEditingLanguages();
  const cookie = readCookie(request, EDITING_LANGUAGE_COOKIE);
  if (cookie && active.some((l) => l.code === cookie)) return cookie;
  return active.some((l) => l.code === 'fr') ? 'fr' : (active.find((l) => l.isDefault)?.code ?? active[0]?.code ?? 'fr');
}

/** The editing language with its name and whether it is the default (the editors' badge and save rules). */
export async function getEditingLanguageDetails(request: Request) {
  const [code, all] = await Promise.all([getEditingLanguage(request), listEditingLanguages()]);
  const language = all.find((l) => l.code === code);
  return { code, name: language?.name ?? code, isDefault: language?.isDefault ?? code === 'fr' };
}

export function editingLanguageCookie(code: string) {
  return serializeCookie(EDITING_LANGUAGE_COOKIE, code, { maxAge: 31_536_000 });
}
