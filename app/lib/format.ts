// Display formats of SPEC §9: durations and prices in euros per night (fr-FR dates: format-date-fr.ts).

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
