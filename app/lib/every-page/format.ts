// Display formats of SPEC §9: durations and prices in euros per night (fr-FR dates: format-date-fr.ts).

/** '45 min' under an hour, otherwise '1 h', '1 h 30' style: '2 h 05 min' → '2 h 5 min'. */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * How each language writes a euro amount (what Intl's NumberFormat gives for its locale):
 * the group and decimal separators, whether the sign comes first, and the fewest digits
 * before grouping starts (Spanish writes 1050 € but 10.500 €).
 */
const PRICE_STYLES: Record<string, { group: string; decimal: string; signFirst: boolean; minGrouping: number }> = {
  fr: { group: '\u00a0', decimal: ',', signFirst: false, minGrouping: 4 },
  en: { group: ',', decimal: '.', signFirst: true, minGrouping: 4 },
  de: { group: '.', decimal: ',', signFirst: false, minGrouping: 4 },
  es: { group: '.', decimal: ',', signFirst: false, minGrouping: 5 },
  it: { group: '.', decimal: ',', signFirst: false, minGrouping: 4 },
  nl: { group: '.', decimal: ',', signFirst: false, minGrouping: 4 },
  pt: { group: '\u00a0', decimal: ',', signFirst: false, minGrouping: 4 },
};

/**
 * Euro amount in the page's language (fr "1 050 €", en "€1,050", de "1.050 €", es "1050 €"):
 * the one formatter of every public price. Written by hand rather than with Intl so that
 * the server and the browser render byte-identical text (ICU versions differ and break
 * hydration). A language not listed is written the French way.
 */
export function formatPrice(amount: number, language = 'fr'): string {
  const style = PRICE_STYLES[language] ?? PRICE_STYLES.fr!;
  const whole = Number.isInteger(amount);
  const fixed = whole ? String(amount) : amount.toFixed(2);
  const [int, dec] = fixed.split('.');
  const groups = int!.length >= style.minGrouping ? int!.replace(/\B(?=(\d{3})+(?!\d))/g, style.group) : int!;
  const number = dec ? `${groups}${style.decimal}${dec}` : groups;
  return style.signFirst ? `€${number}` : `${number}\u00a0€`;
}

/**
 * An amount the price engine keeps in cents, written as formatPrice writes euros. Divides
 * by 100 itself rather than importing fromCents: nights.ts would join every page's bundle.
 */
export const formatCents = (cents: number, language = 'fr'): string => formatPrice(cents / 100, language);
