// Display formats of SPEC §9: durations, prices in euros per night, fr-FR dates.

/** '45 min' under an hour, otherwise '1 h', '1 h 30' style: '2 h 05 min' → '2 h 5 min'. */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const DECIMAL_COMMA = new Set(['fr', 'es', 'de', 'it', 'pt', 'nl']);

/**
 * Euro amount, written by hand rather than with Intl so that the server and the
 * browser render byte-identical text (ICU versions differ and break hydration).
 */
export function formatPrice(amount: number, language = 'fr'): string {
  const whole = Number.isInteger(amount);
  const fixed = whole ? String(amount) : amount.toFixed(2);
  const [int, dec] = fixed.split('.');
  const comma = DECIMAL_COMMA.has(language);
  const groups = int!.replace(/\B(?=(\d{3})+(?!\d))/g, comma ? '\u00a0' : ',');
  const number = dec ? `${groups}${comma ? ',' : '.'}${dec}` : groups;
  return language === 'en' ? `€${number}` : `${number}\u00a0€`;
}

/** dd/mm/yyyy as fr-FR writes it, for the given instant in Europe/Paris. */
export function formatDateFr(date: Date): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    date,
  );
}

/** "23/11/2026 à 08:15" as fr-FR writes it, for the given instant in Europe/Paris. */
export function formatDateTimeFr(date: Date): string {
  const time = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(date);
  return `${formatDateFr(date)} à ${time}`;
}
