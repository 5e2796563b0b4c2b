// fr-FR dates of SPEC §9, in Europe/Paris. Apart from format.ts because only the back
// office shows them in the browser (the legal notice's date is written by its loader):
// a module both sides import is bundled whole into the public pages' shared chunk.
import { dateTimeFormat } from './date-time-format';

/** dd/mm/yyyy as fr-FR writes it, for the given instant in Europe/Paris. */
export function formatDateFr(date: Date): string {
  return dateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/** "23/11/2026 à 08:15" as fr-FR writes it, for the given instant in Europe/Paris. */
export function formatDateTimeFr(date: Date): string {
  const time = dateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(date);
  return `${formatDateFr(date)} à ${time}`;
}
