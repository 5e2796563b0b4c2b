// The tourist tax's register (état) of a span of nights (issue 44, FRENCH-RULES §1): one
// row per stay that had nights in it — its nights there, adults, minors (exempt), the
// person-nights taxed and exempt, the rate, the amount and who collects it — and the
// totals a collector's form asks for. No identity data: no name, no address, no e-mail.
// Computed from the stays themselves (nights, adults, rate), not from the money received.
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { daysBetween, type IsoDate } from '~/lib/nights';
import { SOURCE_LABELS } from '~/lib/schemas/booking-admin';
import { TAX_COLLECTOR_LABELS, type TaxCollector } from '~/lib/tourist-tax';
import { roomNamesFr } from '../../content/rooms';
import { db, type Executor } from '../../db/client';
import { bookings, icalEvents, icalFeeds } from '../../db/schema';
import { feedLabel } from '../availability/feed-label';

/** The nights [start, end) a register covers. */
export interface NightSpan {
  start: IsoDate;
  end: IsoDate;
}

/** The exemption the register names for minors (CGCT L2333-31). */
export const MINOR_EXEMPTION = 'mineur';

export interface RegisterRow {
  /** Unique within a register. */
  id: string;
  /** The stay's identity across registers: `booking:<id>` or `imported:<feed>:<uid>`. */
  key: string;
  /** A stay of the house's books, a platform's imported calendar event (no guests, no figures), or a correction of a declared period. */
  kind: 'stay' | 'imported' | 'correction';
  /** For the screen's link to the booking (never printed nor exported). */
  bookingId: string | null;
  room: string;
  arrival: IsoDate;
  departure: IsoDate;
  /** Nights of the stay within the span (negative on a correction that cancels a declared line). */
  nights: number;
  adults: number | null;
  /** Persons exempt, and why. */
  exempt: number | null;
  exemptReason: string | null;
  /** Person-nights taxed (adults × nights) and exempt (minors × nights). */
  taxableNights: number | null;
  exemptNights: number | null;
  /** Per person per night. */
  rateCents: number | null;
  amountCents: number | null;
  collector: TaxCollector;
  /** 'la maison', 'Airbnb', 'Booking.com', 'la plateforme'. */
  collectorLabel: string;
  /** On a correction: the declared period it corrects, and whether the line takes back what was declared or states the stay as it is now. */
  correction: { period: string; periodLabel: string; side: 'declared' | 'current' } | null;
}

export interface RegisterSums {
  stays: number;
  nights: number;
  taxableNights: number;
  exemptNights: number;
  amountCents: number;
}

/** What a collector's form asks: the house's stays (what it pays over) and the platforms' (for information). */
export interface RegisterTotals {
  house: RegisterSums;
  platform: RegisterSums;
}

/** A register is small (at most five rooms for six months): a bound far above it keeps every read bounded. */
export const MAX_REGISTER_ROWS = 5_000;

/** The adults of a stay: `guests` counts everyone, `children` the minors among them (bookings_money_check). */
const adultsOf = (stay: { guests: number; children: number }) => Math.max(0, stay.guests - stay.children);

/**
 * The rate a stay pays per person per night: the one it was quoted (its tax is adults ×
 * nights × rate, kept with the booking), else — a stay quoted without tax — today's.
 */
function stayRate(stay: { taxCents: number; guests: number; children: number; arrival: IsoDate; departure: IsoDate }, todaysRateCents: number): number {
  const personNights = adultsOf(stay) * daysBetween(stay.arrival, stay.departure);
  if (stay.taxCents > 0 && personNights > 0 && stay.taxCents % personNights === 0) return stay.taxCents / personNights;
  return todaysRateCents;
}

const collectorLabel = (collector: TaxCollector, source: string) =>
  collector === 'house' ? TAX_COLLECTOR_LABELS.house : source === 'airbnb' || source === 'booking_com' ? SOURCE_LABELS[source]! : TAX_COLLECTOR_LABELS.platform;

/** The nights of [arrival, departure) within the span. */
export const nightsWithin = (span: NightSpan, arrival: IsoDate, departure: IsoDate) =>
  daysBetween(arrival < span.start ? span.start : arrival, departure > span.end ? span.end : departure);

/**
 * The register's rows for the nights of `span`: every confirmed stay with nights in it,
 * and the events of imported calendars (a platform's stays, whose guests we do not know)
 * that no confirmed stay of the room already stands for. Soonest first.
 */
export async function listRegisterRows(span: NightSpan, todaysRateCents: number, executor: Executor = db): Promise<RegisterRow[]> {
  // One query after the other: the executor may be a transaction (one connection).
  const stays = await executor
    .select({
      id: bookings.id,
      roomId: bookings.roomId,
      arrival: bookings.arrival,
      departure: bookings.departure,
      guests: bookings.guests,
      children: bookings.children,
      taxCents: bookings.taxCents,
      source: bookings.source,
      taxCollectedBy: bookings.taxCollectedBy,
    })
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), lt(bookings.arrival, span.end), gt(bookings.departure, span.start)))
    .orderBy(asc(bookings.arrival), asc(bookings.createdAt))
    .limit(MAX_REGISTER_ROWS);
  const events = await executor
    .select({
      feedId: icalFeeds.id,
      uid: icalEvents.uid,
      roomId: icalFeeds.roomId,
      url: icalFeeds.url,
      label: icalFeeds.label,
      from: icalEvents.startNight,
      to: icalEvents.endNight,
    })
    .from(icalEvents)
    .innerJoin(icalFeeds, eq(icalFeeds.id, icalEvents.feedId))
    .where(and(lt(icalEvents.startNight, span.end), gt(icalEvents.endNight, span.start)))
    .orderBy(asc(icalEvents.startNight))
    .limit(MAX_REGISTER_ROWS);
  const roomName = await roomNamesFr();
  const room = (id: string) => roomName.get(id) ?? 'Chambre supprimée';

  const rows: RegisterRow[] = stays.map((stay) => {
    const nights = nightsWithin(span, stay.arrival, stay.departure);
    const adults = adultsOf(stay);
    const rateCents = stayRate(stay, todaysRateCents);
    return {
      id: `booking:${stay.id}`,
      key: `booking:${stay.id}`,
      kind: 'stay',
      bookingId: stay.id,
      room: room(stay.roomId),
      arrival: stay.arrival,
      departure: stay.departure,
      nights,
      adults,
      exempt: stay.children,
      exemptReason: stay.children > 0 ? MINOR_EXEMPTION : null,
      taxableNights: adults * nights,
      exemptNights: stay.children * nights,
      rateCents,
      amountCents: adults * nights * rateCents,
      collector: stay.taxCollectedBy,
      collectorLabel: collectorLabel(stay.taxCollectedBy, stay.source),
      correction: null,
    };
  });
  // An imported event on a room's nights that a confirmed stay holds is that stay seen from
  // the platform (a recorded Airbnb booking, or our own nights mirrored back): not a second stay.
  const held = (roomId: string, from: IsoDate, to: IsoDate) => stays.some((s) => s.roomId === roomId && s.arrival < to && s.departure > from);
  for (const event of events) {
    if (held(event.roomId, event.from, event.to)) continue;
    const key = `imported:${event.feedId}:${event.uid}`;
    rows.push({
      id: key,
      key,
      kind: 'imported',
      bookingId: null,
      room: room(event.roomId),
      arrival: event.from,
      departure: event.to,
      nights: nightsWithin(span, event.from, event.to),
      adults: null,
      exempt: null,
      exemptReason: null,
      taxableNights: null,
      exemptNights: null,
      rateCents: null,
      amountCents: null,
      collector: 'platform',
      collectorLabel: feedLabel(event),
      correction: null,
    });
  }
  return rows.sort((a, b) => (a.arrival < b.arrival ? -1 : a.arrival > b.arrival ? 1 : 0));
}

const noSums = (): RegisterSums => ({ stays: 0, nights: 0, taxableNights: 0, exemptNights: 0, amountCents: 0 });

/** The totals of a register's rows (corrections included, with their signs). */
export function registerTotals(rows: RegisterRow[]): RegisterTotals {
  const totals = { house: noSums(), platform: noSums() };
  for (const row of rows) {
    const sums = totals[row.collector];
    if (row.kind !== 'correction') sums.stays += 1;
    sums.nights += row.nights;
    sums.taxableNights += row.taxableNights ?? 0;
    sums.exemptNights += row.exemptNights ?? 0;
    sums.amountCents += row.amountCents ?? 0;
  }
  return totals;
}
