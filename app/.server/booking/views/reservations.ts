// What the owner's Réservations screen reads: requests (pending first), manual
// blocks, imported feeds and the month's occupancy grid, one row per room.
import { OWNER_CHAIN } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { dateTimeFormat } from '~/lib/date-time-format';
import { addDays, daysBetween, eachNight, formatNightFr, isIsoDate, utcMidnight } from '~/lib/nights';
import { config } from '../../environment';
import { listRoomCards } from '../../content/rooms';
import { linkPhone } from '../../content/phones';
import { listTakenRanges, type NightKind } from '../availability/taken-nights';
import { guesthouseToday } from '../../guesthouse-time';
import { feedView, listRoomFeeds } from '../availability/feeds';
import { listManualBlocks } from '../availability/manual-blocks';
import { listBookings } from '../stays/requests';

/** Days the occupancy grid shows on a wide screen from its first day; a phone shows the first half. */
export const GRID_DAYS = 28;
export const GRID_STEP = 14;
const WEEKDAY_LETTERS = ['D', 'L', 'M', 'M', 'J', 'V', 'S'];

/** Which kind wins a night shown in one cell (a confirmed stay over an import, etc.). */
const PRIORITY: NightKind[] = ['confirmed', 'blocked', 'imported', 'pending'];

/** The grid starts today unless `?from=` names another day (within two years either way). */
export async function loadReservations(fromParam: string | null) {
  const today = guesthouseToday();
  const asked = fromParam?.slice(0, 10) ?? '';
  const first = isIsoDate(asked) && Math.abs(daysBetween(today, asked)) <= 730 ? asked : today;
  const end = addDays(first, GRID_DAYS);
  const rooms = await listRoomCards(OWNER_CHAIN);
  const roomName = new Map(rooms.map((r) => [r.id, r.name]));
  const [bookings, blocks, feeds, ranges] = await Promise.all([
    listBookings(),
    listManualBlocks(today),
    listRoomFeeds(),
    listTakenRanges(
      rooms.map((r) => r.id),
      first,
      end,
      { includePending: true },
    ),
  ]);
  const days = eachNight(first, end);
  const grid = rooms.map((room) => ({
    roomId: room.id,
    name: room.name,
    cells: days.map((day) => {
      const kinds = ranges.filter((r) => r.roomId === room.id && r.from <= day && day < r.to).map((r) => r.kind);
      return PRIORITY.find((k) => kinds.includes(k)) ?? null;
    }),
  }));
  const pendingRows = bookings.filter((b) => b.status === 'pending');
  const conflicts = await findPendingConflicts(pendingRows);
  const toRow = (b: RequestBooking) => requestRow(b, roomName, conflicts);
  return {
    today,
    window: {
      from: first,
      title: `du ${formatNightFr(first)} au ${formatNightFr(addDays(end, -1))}`,
      previous: addDays(first, -GRID_STEP),
      next: addDays(first, GRID_STEP),
      isToday: first === today,
    },
    days: days.map((d) => {
      const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
      return {
        date: d,
        day: Number(d.slice(8)),
        letter: WEEKDAY_LETTERS[weekday]!,
        label: dateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(utcMidnight(d)),
        weekend: weekday === 0 || weekday === 6,
      };
    }),
    grid,
    rooms: rooms.map((r) => ({ id: r.id, name: r.name })),
    pending: pendingRows.map(toRow),
    decided: bookings
      .filter((b) => b.status !== 'pending')
      .slice(0, 20)
      .map(toRow),
    blocks: blocks.map((b) => ({
      id: b.id,
      room: roomName.get(b.roomId) ?? '',
      dates: `du ${formatNightFr(b.firstNight)} au ${formatNightFr(b.lastNight)} (nuits incluses)`,
      note: b.note,
    })),
    feeds: feeds.map((f) => ({ ...feedView(f), room: roomName.get(f.roomId) ?? '' })),
    staleHours: config().ICAL_STALE_HOURS,
  };
}

type RequestBooking = Awaited<ReturnType<typeof listBookings>>[number];

/** A request as the owner's cards show it (Réservations, and Aujourd'hui's pending requests): its facts, its calendars checked, its conflicts. */
function requestRow(b: RequestBooking, roomName: Map<string, string>, conflicts: Map<string, PendingConflict[]>) {
  return {
    id: b.id,
    status: b.status,
    room: roomName.get(b.roomId) ?? 'Chambre supprimée',
    dates: `du ${formatNightFr(b.arrival)} au ${formatNightFr(b.departure)}`,
    nights: eachNight(b.arrival, b.departure).length,
    guests: b.guests,
    total: formatMoney(b.totalCents),
    guestName: b.guestName,
    guestEmail: b.guestEmail,
    guestPhone: b.guestPhone,
    guestPhoneHref: b.guestPhone ? (linkPhone(b.guestPhone, 'fr')?.href ?? null) : null,
    message: b.message,
    language: b.language,
    createdAt: b.createdAt.toISOString(),
    feedsChecked: (b.feedsChecked as Array<{ host: string; lastSuccessAt: string | null; lastError: string | null }>) ?? [],
    conflicts: conflicts.get(b.id) ?? [],
  };
}
export type RequestRow = ReturnType<typeof requestRow>;

/** The pending requests among `bookings`, oldest first as listed, each with what it overlaps. */
export async function describePendingRequests(bookings: RequestBooking[], roomName: Map<string, string>): Promise<RequestRow[]> {
  const pending = bookings.filter((b) => b.status === 'pending');
  const conflicts = await findPendingConflicts(pending);
  return pending.map((b) => requestRow(b, roomName, conflicts));
}

export interface PendingConflict {
  /** A confirmed stay, a block or an imported night takes the nights: accepting will be refused. */
  blocking: boolean;
  text: string;
}

const between = (from: string, to: string) => `du ${formatNightFr(from)} au ${formatNightFr(to)}`;

/**
 * What each pending request overlaps, named, before the owner clicks: a confirmed stay,
 * a manual block, an imported night (these make Accepter fail) or another pending
 * request (accepting one makes the other impossible).
 */
export async function findPendingConflicts(pending: Array<{ id: string; roomId: string; arrival: string; departure: string }>) {
  const found = new Map<string, PendingConflict[]>();
  if (pending.length === 0) return found;
  const from = pending.reduce((min, b) => (b.arrival < min ? b.arrival : min), pending[0]!.arrival);
  const to = pending.reduce((max, b) => (b.departure > max ? b.departure : max), pending[0]!.departure);
  const ranges = await listTakenRanges([...new Set(pending.map((b) => b.roomId))], from, to, { includePending: true });
  for (const request of pending) {
    const list: PendingConflict[] = [];
    for (const r of ranges) {
      if (r.roomId !== request.roomId || r.id === request.id || !(r.from < request.departure && r.to > request.arrival)) continue;
      // A block's range ends the day after its last night; say its nights as the owner typed them.
      const dates = r.kind === 'blocked' ? `du ${formatNightFr(r.from)} au ${formatNightFr(addDays(r.to, -1))} (nuits incluses)` : between(r.from, r.to);
      if (r.kind === 'confirmed') list.push({ blocking: true, text: `Chevauche la réservation confirmée de ${r.label ?? '?'} (${dates})` });
      else if (r.kind === 'blocked') list.push({ blocking: true, text: `Chevauche un blocage${r.label ? ` « ${r.label} »` : ''} (${dates})` });
      else if (r.kind === 'imported') list.push({ blocking: true, text: `Chevauche un calendrier importé${r.label ? ` « ${r.label} »` : ''} (${dates})` });
      else list.push({ blocking: false, text: `Chevauche la demande en attente de ${r.label ?? '?'} (${dates})` });
    }
    if (list.length) found.set(request.id, list);
  }
  return found;
}
