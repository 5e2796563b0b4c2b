// What the owner's Réservations screen reads: requests (pending first), manual
// blocks, imported feeds and the month's occupancy grid, one row per room.
import { formatPrice } from '~/lib/format';
import { addDays, eachNight, formatNightFr, isIsoDate, monthStart, nextMonth } from '~/lib/nights';
import { config } from '../config';
import { listRoomCards } from '../rooms';
import { listTakenRanges, type NightKind } from './availability';
import { guesthouseToday } from './clock';
import { feedView, listRoomFeeds } from './feeds';
import { listBookings, listManualBlocks } from './requests';

const MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Which kind wins a night shown in one cell (a confirmed stay over an import, etc.). */
const PRIORITY: NightKind[] = ['confirmed', 'blocked', 'imported', 'pending'];

export async function loadReservations(monthParam: string | null) {
  const today = guesthouseToday();
  const first = monthParam && isIsoDate(`${monthParam}-01`) ? `${monthParam}-01` : monthStart(today);
  const end = nextMonth(first);
  const rooms = await listRoomCards(['fr']);
  const roomName = new Map(rooms.map((r) => [r.id, r.name]));
  const [bookings, blocks, feeds, ranges] = await Promise.all([
    listBookings(),
    listManualBlocks(today),
    listRoomFeeds(),
    listTakenRanges(rooms.map((r) => r.id), first, end, { includePending: true }),
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
  const toRow = (b: (typeof bookings)[number]) => ({
    id: b.id,
    status: b.status,
    room: roomName.get(b.roomId) ?? 'Chambre supprimée',
    dates: `du ${formatNightFr(b.arrival)} au ${formatNightFr(b.departure)}`,
    nights: eachNight(b.arrival, b.departure).length,
    guests: b.guests,
    total: formatPrice(b.totalCents / 100, 'fr'),
    guestName: b.guestName,
    guestEmail: b.guestEmail,
    guestPhone: b.guestPhone,
    message: b.message,
    language: b.language,
    createdAt: b.createdAt.toISOString(),
    feedsChecked: (b.feedsChecked as Array<{ host: string; lastSuccessAt: string | null; lastError: string | null }>) ?? [],
  });
  return {
    today,
    month: { value: first.slice(0, 7), title: MONTH.format(new Date(`${first}T00:00:00Z`)), previous: addDays(first, -1).slice(0, 7), next: end.slice(0, 7) },
    days: days.map((d) => ({ date: d, day: Number(d.slice(8)) })),
    grid,
    rooms: rooms.map((r) => ({ id: r.id, name: r.name })),
    pending: bookings.filter((b) => b.status === 'pending').map(toRow),
    decided: bookings.filter((b) => b.status !== 'pending').slice(0, 20).map(toRow),
    blocks: blocks.map((b) => ({ id: b.id, room: roomName.get(b.roomId) ?? '', dates: `du ${formatNightFr(b.firstNight)} au ${formatNightFr(b.lastNight)} (nuits incluses)`, note: b.note })),
    feeds: feeds.map((f) => ({ ...feedView(f), room: roomName.get(f.roomId) ?? '' })),
    staleHours: config().ICAL_STALE_HOURS,
  };
}
