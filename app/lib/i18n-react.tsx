// React access to the page's translator: <I18nProvider> in root.tsx, useTranslation() anywhere.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createTranslator, type TFunction } from './i18n';
import { catalogAt } from './page-catalog';

interface I18nValue {
  t: TFunction;
  i18n: { language: string };
}

const I18nContext = createContext<I18nValue | null>(null);

/** `catalog`: the address of the page's texts (app/lib/page-catalog.ts), which the page already holds. */
export function I18nProvider({ language, catalog, children }: { language: string; catalog: string; children: ReactNode }) {
  const value = useMemo(() => ({ t: createTranslator(language, catalogAt(catalog)), i18n: { language } }), [language, catalog]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslation(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useTranslation must be used inside <I18nProvider>');
  return value;
}
