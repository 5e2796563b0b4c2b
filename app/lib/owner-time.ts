// The one formatter of an instant as the guesthouse's clock reads it: the owner's screens
// and mails, a guest's payment deadline. The time zone is the configured one
// (GUESTHOUSE_TIME_ZONE), passed in by the server's `ownerTime` (app/.server/guesthouse-time.ts)
// or, in the back office's browser code, by `useOwnerTimeZone`. Apart from format.ts
// because only the back office formats instants in the browser: a module both sides
// import is bundled whole into the public pages' shared chunk.
import { dateTimeFormat, intlLocale } from './date-time-format';

/**
 * `date` 23/11/2026 · `numeric` 23/11/2026 à 08:15 (SPEC §9) · `short` 23/11/2026 08:15 ·
 * `long` 23 novembre 2026 à 08:15 · `full` lundi 23 novembre 2026 à 08:15 (in `language`).
 */
export type OwnerTimeStyle = 'date' | 'numeric' | 'short' | 'long' | 'full';

export function formatOwnerTime(instant: Date, timeZone: string | undefined, style: OwnerTimeStyle = 'numeric', language = 'fr'): string {
  const locale = intlLocale(language);
  switch (style) {
    case 'date':
      return dateTimeFormat(locale, { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(instant);
    case 'numeric': {
      const time = dateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(instant);
      return `${formatOwnerTime(instant, timeZone, 'date', language)} à ${time}`;
    }
    default:
      return dateTimeFormat(locale, { timeZone, dateStyle: style, timeStyle: 'short' }).format(instant);
  }
}
