// Per-request language: the request's language, its fallback chain and a `t` for
// messages the server writes (toasts, validation answers, meta tags).
import { createTranslator, languageChain, resolveCatalog } from '~/lib/i18n';
import { listActiveLanguages, resolveRequestLanguage } from './languages';

export async function getRequestLanguage(request: Request) {
  const languages = await listActiveLanguages();
  const { language, defaultLanguage } = resolveRequestLanguage(request, languages);
  return {
    language,
    defaultLanguage,
    languages,
    chain: languageChain(language, defaultLanguage),
    t: createTranslator(language, resolveCatalog(language, defaultLanguage)),
  };
}
