// Money, in integer cents everywhere (the database, the price engine, the ledger): the one
// formatter of an amount, the one reader of an amount someone typed in euros, and what a
// form field shows. The zod rule built on the reader is schemas/amount.ts. Safe in the
// browser; imports nothing, since the public pages' shared chunk carries it.

/**
 * How each language writes a euro amount (what Intl's NumberFormat gives for its locale):
 * the group and decimal separators, whether the sign comes first, and the fewest digits
 * before grouping starts (Spanish writes 1050 € but 10.500 €).
 */
const MONEY_STYLES: Record<string, { group: string; decimal: string; signFirst: boolean; minGrouping: number }> = {
  fr: { group: '\u00a0', decimal: ',', signFirst: false, minGrouping: 4 },
  en: { group: ',', decimal: '.', signFirst: true, minGrouping: 4 },
  de: { group: '.', decimal: ',', signFirst: false, minGrouping: 4 },
  es: { group: '.', decimal: ',', signFirst: false, minGrouping: 5 },
  it: { group: '.', decimal: ',', signFirst: false, minGrouping: 4 },
  nl: { group: '.', decimal: ',', signFirst: false, minGrouping: 4 },
  pt: { group: '\u00a0', decimal: ',', signFirst: false, minGrouping: 4 },
};

/**
 * An amount in cents as a reader of `language` writes euros (fr "1 050 €", "162,50 €" — the
 * back office's way —, en "€1,050", de "1.050 €", es "1050 €"); whole euros without
 * decimals. Written by hand rather than with Intl so that the server and the browser
 * render byte-identical text (ICU versions differ and break hydration). A language not
 * listed is written the French way.
 */
export function formatMoney(cents: number, language = 'fr'): string {
  const style = MONEY_STYLES[language] ?? MONEY_STYLES.fr!;
  const sign = cents < 0 ? '-' : '';
  const whole = String(Math.floor(Math.abs(cents) / 100));
  const rest = Math.abs(cents) % 100;
  const groups = whole.length >= style.minGrouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, style.group) : whole;
  const number = rest === 0 ? groups : `${groups}${style.decimal}${String(rest).padStart(2, '0')}`;
  return style.signFirst ? `${sign}€${number}` : `${sign}${number}\u00a0€`;
}

const TYPED_AMOUNT = /^(-?)(\d{1,12})(?:[.,](\d*))?$/;

/**
 * An amount typed in euros, as cents: "115", "115.5", "115,50" (a comma as French writes
 * it), "-3". `decimals`: more than two digits after the separator; `invalid`: not an amount.
 */
export function parseAmount(typed: string): number | 'decimals' | 'invalid' {
  const match = TYPED_AMOUNT.exec(typed.trim().replace(/[\s\u00a0\u202f]/g, ''));
  if (!match) return 'invalid';
  const decimals = match[3] ?? '';
  if (decimals.length > 2) return /[1-9]/.test(decimals.slice(2)) ? 'decimals' : parseAmount(`${match[1]}${match[2]}.${decimals.slice(0, 2)}`);
  const cents = Number(match[2]) * 100 + Number(decimals.padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Cents as euros with two decimals and a point ("115.50"): what a form field shows, and schema.org's price; empty when none. */
export const decimalEuros = (cents: number | null | undefined): string => (cents == null ? '' : `${cents < 0 ? '-' : ''}${(Math.abs(cents) / 100).toFixed(2)}`);
