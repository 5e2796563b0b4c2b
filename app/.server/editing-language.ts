// The back office's content-editing language (SPEC §2: 'Langue d'édition'): kept
// in a cookie across pages, starting at fr, always one of the active languages.
import { listActiveLanguages } from './languages';

export const EDITING_LANGUAGE_COOKIE = 'editingLanguage';

export async function getEditingLanguage(request: Request): Promise<string> {
  const active = await listActiveLanguages();
  const cookie = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${EDITING_LANGUAGE_COOKIE}=`))
    ?.slice(EDITING_LANGUAGE_COOKIE.length + 1);
  if (cookie && active.some((l) => l.code === cookie)) return cookie;
  return active.some((l) => l.code === 'fr') ? 'fr' : (active.find((l) => l.isDefault)?.code ?? active[0]?.code ?? 'fr');
}

export function editingLanguageCookie(code: string) {
  return `${EDITING_LANGUAGE_COOKIE}=${encodeURIComponent(code)}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`;
}
