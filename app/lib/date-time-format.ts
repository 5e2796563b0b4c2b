// Making an Intl.DateTimeFormat costs ~50 µs (ICU loads the locale's patterns and the time
// zone); formatting with one costs ~1 µs. A room page labels its calendar's 60 days with
// three of them and the legal notice dates itself on every render: they are made once
// per locale and options, and kept.
import { remember } from './remember';

const formats = new Map<string, Intl.DateTimeFormat>();

/** The Intl locale of a site language (its region as the guesthouse's guests read it); another code as it is. */
export const intlLocale = (language: string): string => ({ fr: 'fr-FR', en: 'en-GB', es: 'es-ES', de: 'de-DE' })[language] ?? language;

/** The formatter for this locale and these options, made on first use and then kept (bounded). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return remember(formats, `${locale} ${JSON.stringify(options)}`, 64, () => new Intl.DateTimeFormat(locale, options));
}
