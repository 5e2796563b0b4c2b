// The room page's availability calendar, stay fields, quote and booking-request
// form. Everything is server-rendered from the query string (?arrival=&departure=
// &adults=&children=&code=): without JavaScript the calendar's days are plain links and
// the fields a GET form; with it, the same links navigate in place. No date-picker
// library. Days one may not arrive on (or, an arrival chosen, leave on) are not links:
// they say why, from the stay rules of their season.
import { useEffect, useRef } from 'react';
import { Form, useActionData, useFetcher, useLocation } from 'react-router';
import type { PublicFormReply } from '~/lib/public-forms';
import type { RoomBooking } from '~/.server/booking/views/room-booking';
import type { LineView } from '~/.server/booking/pricing/quote-view';
import { QuoteLineText } from '~/components/quote-line-text';
import { calendarDay, type CalendarMonth } from '~/lib/calendar-month';
import { useTranslation } from '~/lib/i18n-react';
import { addDays, daysBetween, utcMidnight } from '~/lib/nights';
import { allowsDay } from '~/lib/stay-rules';
import { useHydrated } from '~/lib/use-hydrated';
import type { BookingRequestInput } from '~/lib/schemas/booking';
import { FormErrors, Honeypot, readReply, SiteField, type FormReply } from './form-field';
import { Icon } from './icon';
import { siteLink } from '~/page-delivery/site-link';

export interface Selection {
  arrival: string | null;
  departure: string | null;
  adults: number;
  children: number;
  code: string;
}

/** The stay part of a link: the guests and the code travel with every day chosen. */
const stayParams = (selection: Selection) => ({ adults: selection.adults, children: selection.children, code: selection.code });

// Built by hand rather than with URLSearchParams: the calendar makes ~60 per render.
const query = (values: Record<string, string | number | null | undefined>) => {
  const params: string[] = [];
  for (const [key, value] of Object.entries(values))
    if (value !== null && value !== undefined && value !== '') params.push(`${key}=${encodeURIComponent(value)}`);
  return `?${params.join('&')}#reserver`;
};

/**
 * The first taken night on or after the arrival among the months shown: a stay cannot
 * cross it, so it is the last departure offered (its morning is free to leave).
 */
export function firstTakenFrom(months: CalendarMonth[], arrival: string): string | null {
  for (const month of months) {
    for (let n = 1; n <= month.states.length; n++) {
      const day = calendarDay(month, n);
      if (day.date >= arrival && day.state === 'taken') return day.date;
    }
  }
  return null;
}

function CalendarMonthGrid({
  month,
  weekdays,
  selection,
  lastDeparture,
  departureRule,
  monthParam,
  path,
  grid,
}: {
  month: CalendarMonth;
  weekdays: string[];
  selection: Selection;
  /** While a departure is being chosen: the last one possible (null: none taken in view). */
  lastDeparture: string | null;
  /** While a departure is being chosen: the nights and weekdays the arrival's rules allow. */
  departureRule: RoomBooking['departureRule'];
  monthParam: string;
  path: string;
  /** Hydrated: the days form one grid moved through with the arrow keys (one Tab stop). */
  grid: boolean;
}) {
  const { t } = useTranslation();
  const choosingDeparture = Boolean(selection.arrival && !selection.departure);
  const afterArrival = (date: string) => choosingDeparture && date > selection.arrival! && (lastDeparture === null || date <= lastDeparture);
  /** A day the arrival's rules let one leave on (the nights between the fewest and the most, a departure weekday). */
  const rulesAllowDeparture = (date: string) => {
    if (!departureRule) return true;
    const nights = daysBetween(selection.arrival!, date);
    return nights >= departureRule.minNights && nights <= departureRule.maxNights && allowsDay(departureRule.departureDays, date);
  };
  const inStay = (date: string) =>
    Boolean(selection.arrival && (selection.departure ? date >= selection.arrival && date < selection.departure : date === selection.arrival));
  const closed = (className: string, text: string, day: number) => (
    <span className={className} title={text}>
      <span aria-hidden>{day}</span>
      <span className="sr-only">{text}</span>
    </span>
  );
  return (
    <div className="min-w-0">
      <h4 className="mb-2 text-center font-semibold">{month.title}</h4>
      <table className="calendar w-full table-fixed border-collapse text-center text-sm" role={grid ? 'grid' : undefined} aria-label={month.title}>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day} scope="col">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: Math.ceil((month.offset + month.labels.length) / 7) }, (_, week) => (
            <tr key={week}>
              {Array.from({ length: 7 }, (_, weekday) => {
                const n = week * 7 + weekday - month.offset + 1;
                if (n < 1 || n > month.labels.length) return <td key={weekday} />;
                const day = calendarDay(month, n);
                if (day.state === 'past') {
                  return (
                    <td key={day.date}>
                      <span className="calendar-day past">{day.day}</span>
                    </td>
                  );
                }
                const leaving = afterArrival(day.date);
                const departure = leaving && rulesAllowDeparture(day.date);
                // A taken night is marked taken, except the first one after the arrival: its
                // morning is free to leave, and it is drawn as the departure it is.
                if (day.state === 'taken' && !departure) {
                  return <td key={day.date}>{closed('calendar-day taken', t('booking.taken', { date: day.label }), day.day)}</td>;
                }
                // Beyond the first taken night, no day can end this stay: said so, rather than a
                // link that would silently start another one (« Changer la date d'arrivée » does).
                if (choosingDeparture && lastDeparture !== null && day.date > lastDeparture) {
                  return <td key={day.date}>{closed('calendar-day closed', t('booking.noDepartureBeyond', { date: day.label }), day.day)}</td>;
                }
                // After the arrival, a day its rules do not let one leave on says so.
                if (leaving && !departure) {
                  const rules = departureRule?.text;
                  const text = rules ? t('booking.noDepartureRule', { date: day.label, rules }) : t('booking.noDeparture', { date: day.label });
                  return <td key={day.date}>{closed('calendar-day closed', text, day.day)}</td>;
                }
                if (!departure && day.state === 'closed') {
                  const text = day.rules ? t('booking.noArrivalRule', { date: day.label, rules: day.rules }) : t('booking.noArrival', { date: day.label });
                  return <td key={day.date}>{closed('calendar-day closed', text, day.day)}</td>;
                }
                const to = departure
                  ? query({ arrival: selection.arrival, departure: day.date, ...stayParams(selection), month: monthParam })
                  : query({ arrival: day.date, ...stayParams(selection), month: monthParam });
                return (
                  <td key={day.date}>
                    <a
                      {...siteLink(path + to, { inPlace: true })}
                      rel="nofollow"
                      data-date={day.date}
                      aria-label={t(departure ? 'booking.pickDeparture' : 'booking.pickArrival', { date: day.label })}
                      aria-current={inStay(day.date) ? 'date' : undefined}
                      className="calendar-day"
                    >
                      {day.day}
                    </a>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {month.rules.length ? (
        <ul className="mt-1 space-y-0.5 text-xs text-muted-foreground" data-testid="calendar-rules">
          {month.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The server validates with BookingRequestSchema; its reply is read by readReply (no form library in the browser). */
function RequestForm({
  selection,
  lastResult,
  sending,
  fetcher,
}: {
  selection: Selection;
  lastResult?: FormReply;
  sending: boolean;
  fetcher: ReturnType<typeof useFetcher<PublicFormReply>>;
}) {
  const { t } = useTranslation();
  const reply = readReply('booking', lastResult);
  const formErrors = reply.formErrors;
  const field = (name: keyof BookingRequestInput, label: string, control: (props: Record<string, unknown>) => React.ReactNode, required = false) => {
    const f = reply.field(name);
    return (
      <SiteField id={f.id} label={label} errorId={f.errorId} errors={f.errors} required={required}>
        {control({ ...f.control, required, className: 'field-control' })}
      </SiteField>
    );
  };
  return (
    <fetcher.Form method="post" id="booking-form" className="space-y-4">
      <input type="hidden" name="intent" value="book" />
      <input type="hidden" name="arrival" value={selection.arrival ?? ''} />
      <input type="hidden" name="departure" value={selection.departure ?? ''} />
      <input type="hidden" name="adults" value={selection.adults} />
      <input type="hidden" name="children" value={selection.children} />
      {selection.code ? <input type="hidden" name="code" value={selection.code} /> : null}
      <Honeypot formId="booking-form" />
      <FormErrors errors={formErrors} />
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'name',
          t('booking.name'),
          (p) => (
            <input {...p} type="text" maxLength={200} autoComplete="name" />
          ),
          true,
        )}
        {field(
          'email',
          t('booking.email'),
          (p) => (
            <input {...p} type="email" maxLength={254} autoComplete="email" />
          ),
          true,
        )}
        {field('phone', t('booking.phone'), (p) => (
          <input {...p} type="tel" maxLength={40} autoComplete="tel" />
        ))}
      </div>
      {field('message', t('booking.message'), (p) => (
        <textarea {...p} maxLength={5000} rows={3} />
      ))}
      <button type="submit" disabled={sending} className="btn-primary w-full py-2.5">
        {sending ? t('booking.sending') : t('booking.send')}
      </button>
    </fetcher.Form>
  );
}

const DAY_LINKS = 'a.calendar-day[data-date]';
const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The WAI-ARIA date grid, once hydrated: the days of both months are one Tab stop (the
 * chosen day, else the first), and the arrow keys move by day and week, Home and End to
 * the week's ends, skipping days that cannot be chosen. Without JavaScript the days stay
 * plain links, each its own Tab stop.
 */
function useDateGrid(container: React.RefObject<HTMLDivElement | null>, enabled: boolean, key: string) {
  useEffect(() => {
    const root = container.current;
    if (!enabled || !root) return;
    const links = [...root.querySelectorAll<HTMLAnchorElement>(DAY_LINKS)];
    const active = links.find((a) => a.hasAttribute('aria-current')) ?? links[0];
    for (const link of links) link.tabIndex = link === active ? 0 : -1;
  }, [container, enabled, key]);

  return (event: React.KeyboardEvent<HTMLDivElement>) => {
    const from = event.target as HTMLElement;
    if (!enabled || !from.matches(DAY_LINKS)) return;
    const date = from.dataset.date!;
    const weekday = (utcMidnight(date).getUTCDay() + 6) % 7;
    const step = KEY_STEPS[event.key] ?? (event.key === 'Home' ? -1 : event.key === 'End' ? 1 : 0);
    if (!step) return;
    const limit = event.key === 'Home' ? weekday : event.key === 'End' ? 6 - weekday : 62;
    let target: HTMLAnchorElement | null = null;
    // Home/End go to the farthest choosable day of the week; arrows to the nearest one.
    for (let n = 1, at = date; n <= limit; n++) {
      at = addDays(at, step);
      const found = event.currentTarget.querySelector<HTMLAnchorElement>(`a.calendar-day[data-date="${at}"]`);
      if (found) {
        target = found;
        if (event.key !== 'Home' && event.key !== 'End') break;
      }
    }
    event.preventDefault();
    if (!target) return;
    from.tabIndex = -1;
    target.tabIndex = 0;
    target.focus();
  };
}

/**
 * `sentBeforeLoad`: this page follows a no-JavaScript request that was stored (post → 303 → here).
 * `priceIncludes`: what the price includes (« petit-déjeuner inclus · Wi-Fi inclus »), said with the total.
 */
export function BookingPanel({
  booking,
  selection,
  maxGuests,
  priceIncludes,
  sentBeforeLoad = false,
}: {
  booking: RoomBooking;
  selection: Selection;
  maxGuests: number;
  priceIncludes: string;
  sentBeforeLoad?: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<PublicFormReply>({ key: 'booking' });
  const actionData = useActionData<PublicFormReply>();
  const data = fetcher.data ?? actionData;
  const sentId = data?.sentId ?? (sentBeforeLoad ? 'sent-before-load' : undefined);
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sentId) confirmation.current?.focus();
  }, [sentId]);
  const monthParam = booking.months[0]!.month;
  const { pathname } = useLocation();
  const { quote } = booking;
  const choosingDeparture = Boolean(selection.arrival && !selection.departure);
  const lastDeparture = choosingDeparture ? firstTakenFrom(booking.months, selection.arrival!) : null;
  const hydrated = useHydrated();
  const days = useRef<HTMLDivElement>(null);
  const onGridKey = useDateGrid(days, hydrated, `${monthParam}|${selection.arrival}|${selection.departure}`);
  const monthLink = (month: string) =>
    siteLink(pathname + query({ arrival: selection.arrival, departure: selection.departure, ...stayParams(selection), month }), { inPlace: true });
  return (
    <section id="reserver" aria-labelledby="booking-title" className="mt-10 scroll-mt-20 card p-4 sm:p-6">
      <h2 id="booking-title" className="mb-4 font-serif text-2xl font-semibold">
        {t('booking.title')}
      </h2>
      {sentId ? (
        <div
          ref={confirmation}
          tabIndex={-1}
          role="status"
          className="mb-6 flex flex-col items-center gap-2 rounded-md border p-6 text-center outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="booking-success"
        >
          <Icon name="circle-check" className="size-10 text-green-700" />
          <p className="text-lg font-semibold">{t('booking.sentTitle')}</p>
          <p className="text-muted-foreground">{t('booking.sentDescription')}</p>
        </div>
      ) : null}
      <div role="group" aria-labelledby="calendar-title">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h3 id="calendar-title" className="text-lg font-semibold">
            {t('booking.calendar')}
          </h3>
          <div className="flex gap-2">
            {/* At least 44 px on a phone: they are touched, not clicked. */}
            {booking.previousMonth ? (
              <a
                {...monthLink(booking.previousMonth)}
                rel="nofollow"
                className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 py-1 text-sm hover:bg-accent sm:min-h-0 sm:min-w-0"
              >
                <span aria-hidden>‹</span> <span className="sr-only">{t('booking.previousMonth')}</span>
              </a>
            ) : null}
            {booking.nextMonth ? (
              <a
                {...monthLink(booking.nextMonth)}
                rel="nofollow"
                className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 py-1 text-sm hover:bg-accent sm:min-h-0 sm:min-w-0"
              >
                <span aria-hidden>›</span> <span className="sr-only">{t('booking.nextMonth')}</span>
              </a>
            ) : null}
          </div>
        </div>
        {selection.departure ? null : (
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <p className="font-medium text-primary" aria-live="polite" data-testid="calendar-guidance">
              {t(choosingDeparture ? 'booking.chooseDeparture' : 'booking.chooseArrival')}
            </p>
            {/* Past the first taken night no day ends the stay: another arrival is chosen from here. */}
            {choosingDeparture ? (
              <a
                {...siteLink(pathname + query({ ...stayParams(selection), month: monthParam }), { inPlace: true })}
                rel="nofollow"
                className="text-sm underline"
              >
                {t('booking.changeArrival')}
              </a>
            ) : null}
          </div>
        )}
        {/* The keys are handled for the day links inside (the date grid pattern). */}
        <div ref={days} className="grid gap-6 sm:grid-cols-2" onKeyDown={onGridKey}>
          {booking.months.map((month) => (
            <CalendarMonthGrid
              key={month.month}
              month={month}
              weekdays={booking.weekdays}
              selection={selection}
              lastDeparture={lastDeparture}
              departureRule={booking.departureRule}
              monthParam={monthParam}
              path={pathname}
              grid={hydrated}
            />
          ))}
        </div>
        {booking.calendarsBehind ? (
          <p className="mt-3 text-sm text-muted-foreground" data-testid="calendars-behind">
            {t('booking.calendarsBehind')}
          </p>
        ) : null}
        <ul className="mt-3 flex flex-wrap gap-4 text-xs text-muted-foreground" aria-label={t('booking.calendar')}>
          <li className="flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-3 rounded-sm border" />
            {t('booking.legendFree')}
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-3 rounded-sm bg-muted" />
            {t('booking.legendTaken')}
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden className="calendar-day closed inline-block size-3 h-3 rounded-sm" />
            {t('booking.legendClosed')}
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-3 rounded-sm bg-primary" />
            {t('booking.legendSelected')}
          </li>
        </ul>
      </div>

      {/* Labels on one line, controls of one height: a date input and a select differ in
          height by browser, and aligning the row's bottoms put a field lower. */}
      <Form method="get" preventScrollReset replace className="mt-6 grid grid-cols-2 items-start gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <StayDateInput name="arrival" label={t('booking.arrival')} value={selection.arrival} min={booking.today} max={booking.lastArrival} />
        <StayDateInput name="departure" label={t('booking.departure')} value={selection.departure} min={booking.today} />
        <GuestSelect name="adults" label={t('booking.adults')} value={selection.adults} from={1} to={maxGuests} />
        <GuestSelect name="children" label={t('booking.children')} value={selection.children} from={0} to={Math.max(0, maxGuests - 1)} />
        <div className="space-y-1">
          <label htmlFor="stay-code" className="text-sm font-medium">
            {t('booking.code')}
          </label>
          <input
            id="stay-code"
            name="code"
            type="text"
            maxLength={40}
            autoComplete="off"
            defaultValue={selection.code}
            key={`code-${selection.code}`}
            className="field-control h-11"
          />
        </div>
        <button type="submit" className="h-11 self-end rounded-md border border-primary px-4 font-medium text-primary hover:bg-primary/10">
          {t('booking.check')}
        </button>
      </Form>

      {quote ? (
        <div className="mt-6" aria-live="polite" data-testid="quote">
          {/* An impossible stay shows its reasons, never a total. The first figure is what the guest pays in all, the tax included. */}
          {quote.lines.length && !quote.problems.length ? (
            <div className="space-y-3">
              <p className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-md bg-primary/5 p-3">
                <span className="text-lg font-semibold">
                  {t('booking.amountFirst')}{' '}
                  <span className="text-sm font-normal text-muted-foreground">
                    ({t('booking.nights', { count: quote.nights })}
                    {quote.tax ? `, ${t('booking.taxIncluded')}` : ''})
                  </span>
                </span>
                <span className="text-2xl font-semibold" data-testid="quote-amount">
                  {quote.amount}
                </span>
                <span className="basis-full text-sm text-muted-foreground" data-testid="price-includes">
                  {priceIncludes}
                </span>
              </p>
              <dl className="space-y-1" aria-label={t('booking.detail')}>
                {quote.lines.map((line) => (
                  <QuoteLineRow key={line.key} line={line} />
                ))}
                <div className="flex justify-between gap-4 border-t pt-2 font-semibold">
                  <dt>{t('booking.stayPrice')}</dt>
                  <dd data-testid="quote-total">{quote.total}</dd>
                </div>
                {quote.tax ? <QuoteLineRow line={quote.tax} testId="quote-tax" /> : null}
                <div className="flex justify-between gap-4 border-t pt-2 font-semibold">
                  <dt>{t('booking.amountFirst')}</dt>
                  <dd>{quote.amount}</dd>
                </div>
                {quote.deposit ? (
                  <>
                    <div className="flex justify-between gap-4 text-sm">
                      <dt>{t(`booking.depositNature.${booking.depositNature}`)}</dt>
                      <dd data-testid="quote-deposit">{quote.deposit}</dd>
                    </div>
                    <div className="flex justify-between gap-4 text-sm">
                      <dt>{t('booking.balance', { date: quote.balanceDue })}</dt>
                      <dd>{quote.balance}</dd>
                    </div>
                  </>
                ) : null}
              </dl>
              {quote.deposit ? (
                <p className="text-sm text-muted-foreground" data-testid="deposit-meaning">
                  {t(`booking.depositMeaning.${booking.depositNature}`)}
                </p>
              ) : null}
            </div>
          ) : null}
          {quote.problems.length ? (
            <div role="alert" className="mt-4 rounded-md bg-destructive/10 p-3 text-sm text-destructive">
              <p className="font-medium">{t('booking.notPossible')}</p>
              <ul className="mt-1 list-disc pl-5">
                {quote.problems.map((p) => (
                  <li key={p.code}>{t(`booking.problem.${p.code}`, p.values)}</li>
                ))}
              </ul>
              {quote.problems.some((p) => p.code === 'no_price') ? (
                <a {...siteLink('/#contact')} className="mt-2 inline-block underline underline-offset-2">
                  {t('booking.contactInstead')}
                </a>
              ) : null}
            </div>
          ) : sentId ? null : (
            <div className="mt-6">
              <h3 className="mb-3 text-lg font-semibold">{t('booking.requestTitle')}</h3>
              <RequestForm selection={selection} lastResult={data?.result} sending={fetcher.state !== 'idle'} fetcher={fetcher} />
              <p className="mt-3 text-xs text-muted-foreground">{t('booking.noWithdrawal')}</p>
            </div>
          )}
        </div>
      ) : !booking.priced ? (
        <p className="mt-6">
          {t('booking.priceOnRequest')} —{' '}
          <a {...siteLink('/#contact')} className="underline underline-offset-2">
            {t('booking.contactInstead')}
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** One line of the quote: what it is, how it is counted, its amount (a reduction signed). */
function QuoteLineRow({ line, testId }: { line: LineView; testId?: string }) {
  return (
    <div className="flex justify-between gap-4" data-testid={testId}>
      <dt>
        <QuoteLineText line={line} />
      </dt>
      <dd className={line.reduction ? 'text-green-800' : undefined}>{line.amount}</dd>
    </div>
  );
}

/** How many adults or children (GET, like the dates). */
function GuestSelect({ name, label, value, from, to }: { name: 'adults' | 'children'; label: string; value: number; from: number; to: number }) {
  return (
    <div className="space-y-1">
      <label htmlFor={`stay-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <select id={`stay-${name}`} name={name} defaultValue={String(value)} className="field-control h-11" key={`${name}-${value}`}>
        {Array.from({ length: to - from + 1 }, (_, i) => from + i).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A date of the stay form (GET: the page recomputes the quote); redrawn when the chosen stay changes. */
function StayDateInput({
  name,
  label,
  value,
  min,
  max,
}: {
  name: 'arrival' | 'departure';
  label: string;
  value: string | null | undefined;
  min: string;
  max?: string;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={`stay-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`stay-${name}`}
        type="date"
        name={name}
        defaultValue={value ?? ''}
        min={min}
        max={max}
        required
        className="field-control h-11"
        key={`${name}-${value}`}
      />
    </div>
  );
}
