// Per-request language: the request's language, its fallback chain and a `t` for
// messages the server writes (toasts, validation answers, meta tags). Resolved once per
// request: the root loader and the page's loader share it.
import { createTranslator, languageChain, resolveCatalog } from '~/lib/i18n';
import { resolveRequestLanguage } from './language-choice';
import { listActiveLanguages } from './site-languages';

async function resolve(request: Request) {
  const languages = await listActiveLanguages();
  const { language, defaultLanguage, setCookie } = resolveRequestLanguage(request, languages);
  return {
    language,
    defaultLanguage,
    languages,
    /** Set when ?lang= chose the language: the cookie that remembers the choice. */
    setCookie,
    chain: languageChain(language, defaultLanguage),
    t: createTranslator(language, resolveCatalog(language, defaultLanguage)),
  };
}

const resolved = new WeakMap<Request, ReturnType<typeof resolve>>();

export function getRequestLanguage(request: Request) {
  let language = resolved.get(request);
  if (!language) {
    language = resolve(request);
    resolved.set(request, language);
  }
  return language;
}
