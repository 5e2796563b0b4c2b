// Which nights of a room are taken, and by what: a confirmed booking (or a hold awaiting
// its deposit), an owner's manual block or an event of an imported calendar (pending
// requests do not take nights; the occupancy grid shows them apart). Ranges
// overlap-tested in SQL. The one answer for the public calendar, the price engine, the
// owner's grid and the export feed.
import { and, eq, gt, gte, inArray, lt, ne, type AnyColumn } from 'drizzle-orm';
import { addDays, eachNight, type IsoDate } from '~/lib/nights';
import { db, type Executor } from '../../db/client';
import { bookings, icalEvents, icalFeeds, manualBlocks, NIGHT_HOLDING_STATUSES } from '../../db/schema';

export type NightKind = 'confirmed' | 'pending' | 'blocked' | 'imported';

export interface TakenRange {
  roomId: string;
  kind: NightKind;
  /** [from, to): nights from `from` up to the night before `to`. */
  from: IsoDate;
  to: IsoDate;
  label: string | null;
  id: string;
}

/**
 * Every range touching [from, to) for the given rooms (`to` null: every one from `from` on);
 * pending requests only when asked, imported events unless left out (the export feed
 * does not send the platforms their own nights back).
 */
export async function listTakenRanges(
  roomIds: string[],
  from: IsoDate,
  to: IsoDate | null,
  options: { includePending?: boolean; excludeBookingId?: string; withoutImported?: boolean } = {},
  executor: Executor = db,
): Promise<TakenRange[]> {
  if (roomIds.length === 0) return [];
  const before = <T extends AnyColumn>(column: T) => (to === null ? undefined : lt(column, to));
  const notThisBooking = options.excludeBookingId ? ne(bookings.id, options.excludeBookingId) : undefined;
  const statuses = options.includePending ? [...NIGHT_HOLDING_STATUSES, 'pending' as const] : [...NIGHT_HOLDING_STATUSES];
  // Sequential: the executor may be a transaction (one connection, one query at a time).
  const stays = await executor
    .select({ id: bookings.id, roomId: bookings.roomId, status: bookings.status, from: bookings.arrival, to: bookings.departure, name: bookings.guestName })
    .from(bookings)
    .where(
      and(inArray(bookings.roomId, roomIds), inArray(bookings.status, [...statuses]), before(bookings.arrival), gt(bookings.departure, from), notThisBooking),
    );
  const blocks = await executor
    .select({ id: manualBlocks.id, roomId: manualBlocks.roomId, first: manualBlocks.firstNight, last: manualBlocks.lastNight, note: manualBlocks.note })
    .from(manualBlocks)
    .where(and(inArray(manualBlocks.roomId, roomIds), before(manualBlocks.firstNight), gte(manualBlocks.lastNight, from)));
  const events = options.withoutImported
    ? []
    : await executor
        .select({ id: icalEvents.id, roomId: icalFeeds.roomId, from: icalEvents.startNight, to: icalEvents.endNight, summary: icalEvents.summary })
        .from(icalEvents)
        .innerJoin(icalFeeds, eq(icalFeeds.id, icalEvents.feedId))
        .where(and(inArray(icalFeeds.roomId, roomIds), before(icalEvents.startNight), gt(icalEvents.endNight, from)));
  return [
    ...stays.map((s) => ({
      id: s.id,
      roomId: s.roomId,
      kind: (s.status === 'pending' ? 'pending' : 'confirmed') as NightKind,
      from: s.from,
      to: s.to,
      label: s.name,
    })),
    ...blocks.map((b) => ({ id: b.id, roomId: b.roomId, kind: 'blocked' as const, from: b.first, to: addDays(b.last, 1), label: b.note })),
    ...events.map((e) => ({ id: e.id, roomId: e.roomId, kind: 'imported' as const, from: e.from, to: e.to, label: e.summary })),
  ];
}

/** The room's unavailable nights within [from, to); a booking being changed may leave its own out. */
export async function listUnavailableNights(
  roomId: string,
  from: IsoDate,
  to: IsoDate,
  executor: Executor = db,
  options: { excludeBookingId?: string } = {},
): Promise<Set<IsoDate>> {
  const nights = new Set<IsoDate>();
  for (const range of await listTakenRanges([roomId], from, to, options, executor)) {
    const start = range.from < from ? from : range.from;
    const end = range.to > to ? to : range.to;
    for (const night of eachNight(start, end)) nights.add(night);
  }
  return nights;
}
