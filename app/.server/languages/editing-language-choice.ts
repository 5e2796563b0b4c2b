// The back office's content-editing language (SPEC §2: 'Langue d'édition'): kept
// in a cookie across pages, starting at fr, always one of the site's languages —
// hidden ones too, so that a language can be translated before it is activated.
import { declareCookie, readCookie, serializeCookie } from '../http/cookies';
import { listEditingLanguages } from './site-languages';

export const EDITING_LANGUAGE_COOKIE = declareCookie('editingLanguage', 'personal');

/** A link may choose the language: `?editing=xx` (the Traductions screen's links to a field). */
export const EDITING_LANGUAGE_PARAM = 'editing';

export async function getEditingLanguage(request: Request): Promise<string> {
  const active = await listEditingLanguages();
  const asked = new URL(request.url).searchParams.get(EDITING_LANGUAGE_PARAM);
  if (asked && active.some((l) => l.code === asked)) return asked;
  return chosenEditingLanguage(request, active);
}

/** The language the admin chose (cookie), or the starting one: what a link's `?editing=xx` overrides. */
async function chosenEditingLanguage(request: Request, known?: Awaited<ReturnType<typeof listEditingLanguages>>): Promise<string> {
  const active = known ?? (await listEditingLanguages());
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

/**
 * When a link (`?editing=xx`, from Traductions) changes the editing language, the language
 * it replaces: the back office says so, with a way back, since the change lasts.
 */
export async function linkedEditingLanguageSwitch(request: Request, language: string): Promise<string | null> {
  const asked = new URL(request.url).searchParams.get(EDITING_LANGUAGE_PARAM);
  if (asked !== language) return null;
  const before = await chosenEditingLanguage(request);
  return before === language ? null : before;
}

/** The cookie to set when a link chose the editing language (`?editing=xx`), so that it stays chosen. */
export function rememberLinkedEditingLanguage(request: Request, language: string): string | null {
  const asked = new URL(request.url).searchParams.get(EDITING_LANGUAGE_PARAM);
  if (asked !== language || readCookie(request, EDITING_LANGUAGE_COOKIE) === language) return null;
  return editingLanguageCookie(language);
}
