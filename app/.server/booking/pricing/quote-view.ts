// A quote as a reader sees it, in their language: each line, the totals, tax, deposit and
// balance written as money, and each reason the stay cannot be booked with the values its
// sentence needs (the room page, the guest's refusal, the owner's price preview).
import { dateTimeFormat, intlLocale } from '~/lib/date-time-format';
import { formatMoney } from '~/lib/money';
import { utcMidnight, type IsoDate } from '~/lib/nights';
import type { Quote, QuoteProblem } from './quote';

export interface QuoteView {
  arrival: IsoDate;
  departure: IsoDate;
  guests: number;
  nights: number;
  lines: Array<{ key: string; name: string | null; nights: number; unit: string; total: string }>;
  total: string;
  /** Tax, grand total, deposit and balance: null when the stay has none of them (no tax, no deposit configured). */
  money: { tax: string | null; amount: string; deposit: string | null; balance: string; balanceDue: string } | null;
  minStay: number;
  problems: Array<{ code: QuoteProblem['code']; values: Record<string, string | number> }>;
}

/** A reason the stay cannot be booked, with the values of its sentence (`booking.problem.<code>`). */
export function problemView(problem: QuoteProblem, language: string): QuoteView['problems'][number] {
  const date = (night: IsoDate) => dateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(utcMidnight(night));
  switch (problem.code) {
    case 'too_long':
      return { code: problem.code, values: { maxNights: problem.maxNights } };
    case 'too_far':
      return { code: problem.code, values: { date: date(problem.lastArrival) } };
    case 'guests':
      return { code: problem.code, values: { maxGuests: problem.maxGuests } };
    case 'unavailable':
      return { code: problem.code, values: { dates: problem.nights.map(date).join(', ') } };
    case 'min_stay':
      return { code: problem.code, values: { minStay: problem.minStay } };
    default:
      return { code: problem.code, values: {} };
  }
}

export function quoteView(quote: Quote, language: string): QuoteView {
  const price = (cents: number) => formatMoney(cents, language);
  return {
    arrival: quote.arrival,
    departure: quote.departure,
    guests: quote.guests,
    nights: quote.nights.length,
    lines: quote.lines.map((l) => ({
      key: `${l.seasonId}-${l.unitCents}`,
      name: l.seasonName,
      nights: l.nights,
      unit: price(l.unitCents),
      total: price(l.totalCents),
    })),
    total: price(quote.totalCents),
    money:
      quote.taxCents > 0 || quote.depositCents > 0
        ? {
            tax: quote.taxCents > 0 ? price(quote.taxCents) : null,
            amount: price(quote.amountCents),
            deposit: quote.depositCents > 0 ? price(quote.depositCents) : null,
            balance: price(quote.balanceCents),
            balanceDue: dateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(utcMidnight(quote.balanceDueDate)),
          }
        : null,
    minStay: quote.minStay,
    problems: quote.problems.map((p) => problemView(p, language)),
  };
}
