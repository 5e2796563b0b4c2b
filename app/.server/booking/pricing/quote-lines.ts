// The words of a quote in each language of the guests (fr, en, es, de): each line's label
// and detail (« Taxe de séjour : 2 adultes × 3 nuits × 1,34 € »), and the stay rules
// as a sentence (« En juillet-août : 3 nuits minimum, arrivée le samedi »). One writer for
// the room page, the back office, the mails and the notes: a line is stored as figures
// (quote.ts, QuoteLine) and worded here for whoever reads it. Server-only, so these
// texts never weigh on the public catalogs the browser downloads.
import { dateTimeFormat, intlLocale } from '~/lib/date-time-format';
import { formatMoney } from '~/lib/money';
import { addDays, utcMidnight } from '~/lib/nights';
import { remember } from '~/lib/remember';
import type { AppliedRules, QuoteLine, SeasonRef } from './quote';
import { ALL_DAYS, daysOfMask, type StayRules } from '~/lib/stay-rules';

export const QUOTE_LANGUAGES = ['fr', 'en', 'es', 'de'] as const;
type QuoteLanguage = (typeof QUOTE_LANGUAGES)[number];
const wordsLanguage = (code: string): QuoteLanguage => ((QUOTE_LANGUAGES as readonly string[]).includes(code) ? (code as QuoteLanguage) : 'en');

const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

const WORDS = {
  fr: {
    colon: '\u00a0: ',
    base: 'Tarif de base',
    nights: (n: number) => plural(n, 'nuit', 'nuits'),
    adults: (n: number) => plural(n, 'adulte', 'adultes'),
    children: (n: number) => plural(n, 'enfant', 'enfants'),
    extraAdult: (n: number) => (n > 1 ? 'Adultes supplémentaires' : 'Adulte supplémentaire'),
    extraChild: (n: number) => (n > 1 ? 'Enfants supplémentaires' : 'Enfant supplémentaire'),
    singleGuest: 'Réduction pour une personne seule',
    lengthOfStay: 'Réduction séjour long',
    fromNights: (percent: number, n: number) => `−${percent}\u00a0% dès ${plural(n, 'nuit', 'nuits')}`,
    promo: (code: string) => `Code promo ${code}`,
    agreed: 'Prix convenu',
    tax: 'Taxe de séjour',
    exempt: (n: number) => (n > 1 ? `${n} mineurs exonérés` : '1 mineur exonéré'),
    percent: (p: number) => `−${p}\u00a0%`,
    minNights: (n: number) => `${plural(n, 'nuit', 'nuits')} minimum`,
    maxNights: (n: number) => `${plural(n, 'nuit', 'nuits')} maximum`,
    arrival: (days: string) => `arrivée le ${days}`,
    departure: (days: string) => `départ le ${days}`,
    notice: (n: number) => `réservation ${plural(n, 'jour', 'jours')} à l'avance`,
    inSeason: (season: string, rules: string) => `En ${season}\u00a0: ${rules}`,
  },
  en: {
    colon: ': ',
    base: 'Standard rate',
    nights: (n: number) => plural(n, 'night', 'nights'),
    adults: (n: number) => plural(n, 'adult', 'adults'),
    children: (n: number) => plural(n, 'child', 'children'),
    extraAdult: (n: number) => (n > 1 ? 'Extra adults' : 'Extra adult'),
    extraChild: (n: number) => (n > 1 ? 'Extra children' : 'Extra child'),
    singleGuest: 'Single guest reduction',
    lengthOfStay: 'Long stay reduction',
    fromNights: (percent: number, n: number) => `−${percent}% from ${plural(n, 'night', 'nights')}`,
    promo: (code: string) => `Promo code ${code}`,
    agreed: 'Agreed price',
    tax: 'Tourist tax',
    exempt: (n: number) => (n > 1 ? `${n} minors exempt` : '1 minor exempt'),
    percent: (p: number) => `−${p}%`,
    minNights: (n: number) => `${plural(n, 'night', 'nights')} minimum`,
    maxNights: (n: number) => `${plural(n, 'night', 'nights')} maximum`,
    arrival: (days: string) => `arrival on ${days}`,
    departure: (days: string) => `departure on ${days}`,
    notice: (n: number) => `book ${plural(n, 'day', 'days')} ahead`,
    inSeason: (season: string, rules: string) => `In ${season}: ${rules}`,
  },
  es: {
    colon: ': ',
    base: 'Tarifa base',
    nights: (n: number) => plural(n, 'noche', 'noches'),
    adults: (n: number) => plural(n, 'adulto', 'adultos'),
    children: (n: number) => plural(n, 'niño', 'niños'),
    extraAdult: (n: number) => (n > 1 ? 'Adultos adicionales' : 'Adulto adicional'),
    extraChild: (n: number) => (n > 1 ? 'Niños adicionales' : 'Niño adicional'),
    singleGuest: 'Descuento para una persona',
    lengthOfStay: 'Descuento por estancia larga',
    fromNights: (percent: number, n: number) => `−${percent}\u00a0% a partir de ${plural(n, 'noche', 'noches')}`,
    promo: (code: string) => `Código promocional ${code}`,
    agreed: 'Precio acordado',
    tax: 'Tasa turística',
    exempt: (n: number) => (n > 1 ? `${n} menores exentos` : '1 menor exento'),
    percent: (p: number) => `−${p}\u00a0%`,
    minNights: (n: number) => `mínimo ${plural(n, 'noche', 'noches')}`,
    maxNights: (n: number) => `máximo ${plural(n, 'noche', 'noches')}`,
    arrival: (days: string) => `llegada el ${days}`,
    departure: (days: string) => `salida el ${days}`,
    notice: (n: number) => `reserva con ${plural(n, 'día', 'días')} de antelación`,
    inSeason: (season: string, rules: string) => `En ${season}: ${rules}`,
  },
  de: {
    colon: ': ',
    base: 'Grundpreis',
    nights: (n: number) => plural(n, 'Nacht', 'Nächte'),
    adults: (n: number) => plural(n, 'Erwachsener', 'Erwachsene'),
    children: (n: number) => plural(n, 'Kind', 'Kinder'),
    extraAdult: (n: number) => (n > 1 ? 'Zusätzliche Erwachsene' : 'Zusätzlicher Erwachsener'),
    extraChild: (n: number) => (n > 1 ? 'Zusätzliche Kinder' : 'Zusätzliches Kind'),
    singleGuest: 'Nachlass für Einzelgäste',
    lengthOfStay: 'Nachlass für lange Aufenthalte',
    fromNights: (percent: number, n: number) => `−${percent}\u00a0% ab ${plural(n, 'Nacht', 'Nächten')}`,
    promo: (code: string) => `Aktionscode ${code}`,
    agreed: 'Vereinbarter Preis',
    tax: 'Kurtaxe',
    exempt: (n: number) => (n > 1 ? `${n} Minderjährige befreit` : '1 Minderjähriger befreit'),
    percent: (p: number) => `−${p}\u00a0%`,
    minNights: (n: number) => `mindestens ${plural(n, 'Nacht', 'Nächte')}`,
    maxNights: (n: number) => `höchstens ${plural(n, 'Nacht', 'Nächte')}`,
    arrival: (days: string) => `Anreise am ${days}`,
    departure: (days: string) => `Abreise am ${days}`,
    notice: (n: number) => `Buchung ${plural(n, 'Tag', 'Tage')} im Voraus`,
    inSeason: (season: string, rules: string) => `${season}: ${rules}`,
  },
} satisfies Record<QuoteLanguage, unknown>;

export interface LineWords {
  /** What the line is: « Haute saison », « Taxe de séjour », « Code promo ETE26 ». */
  label: string;
  /** How it is counted: « 3 nuits × 120 € », « 2 adultes × 3 nuits × 1,34 € (1 mineur exonéré) », « −10 % dès 7 nuits »; '' when nothing to add. */
  detail: string;
  /** What joins label and detail the language's way («  : » in French, « : » in English); '' without detail. */
  separator: string;
  /** The line's amount, signed (« −84 € » for a reduction). */
  amount: string;
  /** Label and detail as one phrase: « Taxe de séjour : 2 adultes × 3 nuits × 1,34 € ». */
  text: string;
}

/** A quote line in words, in `language` (another than fr, en, es, de reads English). */
export function describeQuoteLine(line: QuoteLine, language: string): LineWords {
  const lang = wordsLanguage(language);
  const w = WORDS[lang];
  const money = (cents: number) => formatMoney(cents, lang);
  const nights = line.nights ?? 0;
  const persons = line.persons ?? 0;
  let label: string;
  let detail: string;
  switch (line.kind) {
    case 'nights':
      label = line.season?.name ?? w.base;
      detail = `${w.nights(nights)} × ${money(line.unitCents)}`;
      break;
    case 'extra_adult':
      label = w.extraAdult(persons);
      detail = `${w.adults(persons)} × ${w.nights(nights)} × ${money(line.unitCents)}`;
      break;
    case 'extra_child':
      label = w.extraChild(persons);
      detail = `${w.children(persons)} × ${w.nights(nights)} × ${money(line.unitCents)}`;
      break;
    case 'single_guest':
      label = w.singleGuest;
      detail = `${w.nights(nights)} × ${money(line.unitCents)}`;
      break;
    case 'length_of_stay':
      label = w.lengthOfStay;
      detail = w.fromNights(line.percent ?? 0, line.fromNights ?? 0);
      break;
    case 'promo_code':
      label = w.promo(line.code ?? '');
      detail = line.percent ? w.percent(line.percent) : '';
      break;
    case 'agreed_price':
      label = w.agreed;
      detail = nights ? w.nights(nights) : '';
      break;
    case 'tourist_tax':
      label = w.tax;
      detail = `${w.adults(persons)} × ${w.nights(nights)} × ${money(line.unitCents)}${line.exempt ? ` (${w.exempt(line.exempt)})` : ''}`;
      break;
  }
  const separator = detail ? w.colon : '';
  return { label, detail, separator, amount: money(line.totalCents), text: `${label}${separator}${detail}` };
}

/** « 2 adultes, 1 enfant »: the guests of a stay. */
export function describeGuests(adults: number, children: number, language: string): string {
  const w = WORDS[wordsLanguage(language)];
  return children > 0 ? `${w.adults(adults)}, ${w.children(children)}` : w.adults(adults);
}

/** « −10 % dès 7 nuits »: a length-of-stay reduction as the room's rates say it. */
export const describeLengthDiscount = (percent: number, minNights: number, language: string) => WORDS[wordsLanguage(language)].fromNights(percent, minNights);

/** A label and its text the language's way: « Haute saison : … » in French, « High season: … » in English. */
export const labelled = (label: string, text: string, language: string) => `${label}${WORDS[wordsLanguage(language)].colon}${text}`;

const listFormats = new Map<string, Intl.ListFormat>();

/** Weekday names of a mask, Monday first, joined the language's way: « samedi ou dimanche ». */
export function weekdayList(mask: number, language: string): string {
  const lang = wordsLanguage(language);
  const format = dateTimeFormat(intlLocale(lang), { weekday: 'long', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  const names = daysOfMask(mask).map((day) => format.format(utcMidnight(addDays('2024-01-01', day))));
  const list = remember(listFormats, lang, 8, () => new Intl.ListFormat(intlLocale(lang), { style: 'long', type: 'disjunction' }));
  return list.format(names);
}

/** The name of one weekday (0 Monday … 6 Sunday) in the language: « mardi ». */
export const weekdayName = (day: number, language: string) => weekdayList(1 << day, language);

/**
 * The rules as a guest reads them, only what restricts a stay: « 3 nuits minimum, arrivée
 * le samedi » ('' when nothing does). The most nights is said only where a season or a
 * room sets fewer than Configuration (the general bound is said when a stay passes it).
 */
export function describeRules(rules: StayRules, generalMaxNights: number, language: string): string {
  const w = WORDS[wordsLanguage(language)];
  const parts: string[] = [];
  if (rules.minNights > 1) parts.push(w.minNights(rules.minNights));
  if (rules.maxNights < generalMaxNights) parts.push(w.maxNights(rules.maxNights));
  if ((rules.arrivalDays & ALL_DAYS) !== ALL_DAYS) parts.push(w.arrival(weekdayList(rules.arrivalDays, language)));
  if ((rules.departureDays & ALL_DAYS) !== ALL_DAYS) parts.push(w.departure(weekdayList(rules.departureDays, language)));
  if (rules.minNoticeDays > 0) parts.push(w.notice(rules.minNoticeDays));
  return parts.join(', ');
}

/** The rules that judge an arrival, with their season: « En Haute saison : 3 nuits minimum, arrivée le samedi » ('' when nothing restricts). */
export function describeAppliedRules(rules: Pick<AppliedRules, keyof StayRules | 'generalMaxNights'> & { season: SeasonRef | null }, language: string) {
  const text = describeRules(rules, rules.generalMaxNights, language);
  if (!text) return '';
  const w = WORDS[wordsLanguage(language)];
  return rules.season ? w.inSeason(rules.season.name, text) : text.charAt(0).toUpperCase() + text.slice(1);
}
