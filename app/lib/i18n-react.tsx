// React access to the page's translator: <I18nProvider> in root.tsx, useTranslation() anywhere.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createTranslator, parseCatalog, type TFunction } from './i18n';

interface I18nValue {
  t: TFunction;
  i18n: { language: string };
}

const I18nContext = createContext<I18nValue | null>(null);

/** `catalog`: the JSON text of serializeCatalog (equal texts keep the translator). */
export function I18nProvider({ language, catalog, children }: { language: string; catalog: string; children: ReactNode }) {
  const value = useMemo(
    () => ({ t: createTranslator(language, parseCatalog(catalog)), i18n: { language } }),
    [language, catalog],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslation(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useTranslation must be used inside <I18nProvider>');
  return value;
}
