// A quote as a reader sees it, in their language: the final amount first (tourist tax
// included), each line in words (quote-lines.ts), the tax line, deposit and balance, the
// rules that judged the stay, and each reason it cannot be booked with the values its
// sentence needs (`booking.problem.<code>` of the catalogs): the room page, the guest's
// refusal, the owner's simulation and live quote.
import { dateTimeFormat, intlLocale } from '~/lib/date-time-format';
import { formatMoney } from '~/lib/money';
import { utcMidnight, type IsoDate } from '~/lib/nights';
import { weekdayOf } from '~/lib/stay-rules';
import type { AppliedRules, Quote, QuoteLine, QuoteProblem } from './quote';
import { describeAppliedRules, describeQuoteLine, weekdayName } from './quote-lines';

export interface LineView {
  key: string;
  label: string;
  detail: string;
  /** Joins label and detail the language's way: « Taxe de séjour : 2 adultes × 3 nuits × 1,34 € ». */
  separator: string;
  amount: string;
  /** A reduction (a negative line). */
  reduction: boolean;
}

export interface QuoteView {
  arrival: IsoDate;
  departure: IsoDate;
  guests: number;
  adults: number;
  children: number;
  nights: number;
  lines: LineView[];
  /** The stay's price (nights, guests, reductions). */
  total: string;
  tax: LineView | null;
  /** What the guest pays in all, tax included: the figure shown first. */
  amount: string;
  deposit: string | null;
  balance: string;
  balanceDue: string;
  /** The rules that judged the stay, in words ('' when none restricts). */
  rules: string;
  problems: Array<{ code: QuoteProblem['code']; values: Record<string, string | number> }>;
}

const dateOf = (language: string) => (night: IsoDate) =>
  dateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(utcMidnight(night));

/** What a problem's sentence needs besides the problem: the stay's dates and the rules that judged it. */
export interface ProblemContext {
  arrival: string;
  departure: string;
  rules: AppliedRules | null;
}

/** A reason the stay cannot be booked, with the values of its sentence (`booking.problem.<code>`). */
export function problemView(problem: QuoteProblem, language: string, context: ProblemContext): QuoteView['problems'][number] {
  const date = dateOf(language);
  const rules = () => (context.rules ? describeAppliedRules(context.rules, language) : '');
  switch (problem.code) {
    case 'too_long':
      return { code: problem.code, values: { count: problem.maxNights, maxNights: problem.maxNights } };
    case 'too_far':
      return { code: problem.code, values: { date: date(problem.lastArrival) } };
    case 'min_nights':
      return { code: problem.code, values: { count: problem.minNights, rules: rules() } };
    case 'arrival_day':
      return { code: problem.code, values: { day: weekdayName(weekdayOf(context.arrival), language), rules: rules() } };
    case 'departure_day':
      return { code: problem.code, values: { day: weekdayName(weekdayOf(context.departure), language), rules: rules() } };
    case 'notice':
      return { code: problem.code, values: { count: problem.minNoticeDays, date: date(problem.firstArrival) } };
    case 'guests':
      return { code: problem.code, values: { maxGuests: problem.maxGuests } };
    case 'unavailable':
      return { code: problem.code, values: { dates: problem.nights.map(date).join(', ') } };
    case 'promo_min_nights':
      return { code: problem.code, values: { promo: problem.promo, count: problem.minNights } };
    case 'promo_unknown':
    case 'promo_expired':
    case 'promo_not_yet':
    case 'promo_exhausted':
    case 'promo_room':
      return { code: problem.code, values: { promo: problem.promo } };
    default:
      return { code: problem.code, values: {} };
  }
}

export function lineView(line: QuoteLine, language: string, index: number): LineView {
  const words = describeQuoteLine(line, language);
  return {
    key: `${index}-${line.kind}`,
    label: words.label,
    detail: words.detail,
    separator: words.separator,
    amount: words.amount,
    reduction: line.totalCents < 0,
  };
}

export function quoteView(quote: Quote, language: string): QuoteView {
  const price = (cents: number) => formatMoney(cents, language);
  const context = { arrival: quote.arrival, departure: quote.departure, rules: quote.rules };
  return {
    arrival: quote.arrival,
    departure: quote.departure,
    guests: quote.guests,
    adults: quote.adults,
    children: quote.children,
    nights: quote.nights.length,
    lines: quote.lines.map((line, index) => lineView(line, language, index)),
    total: price(quote.totalCents),
    tax: quote.taxLine ? lineView(quote.taxLine, language, quote.lines.length) : null,
    amount: price(quote.amountCents),
    deposit: quote.depositCents > 0 ? price(quote.depositCents) : null,
    balance: price(quote.balanceCents),
    balanceDue: dateOf(language)(quote.balanceDueDate),
    rules: quote.rules ? describeAppliedRules(quote.rules, language) : '',
    problems: quote.problems.map((p) => problemView(p, language, context)),
  };
}
