// Each room's secret export feed (/ical/<token>.ics): its confirmed bookings and
// manual blocks, for the owner to paste into Airbnb and Booking.com so that those
// platforms close the same nights. Written with ical-generator, never by hand.
import { and, gt, gte, inArray, eq } from 'drizzle-orm';
import icalGenerator from 'ical-generator';
import { addDays, utcMidnight } from '~/lib/nights';
import { config } from '../../environment';
import { db } from '../../db/client';
import { bookings, manualBlocks, NIGHT_HOLDING_STATUSES, rooms } from '../../db/schema';
import { guesthouseToday } from '../../guesthouse-time';

const TOKEN = /^[0-9a-f]{64}$/;

/** The feed's text, or null when no room has this token. */
export async function renderRoomExport(token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const [room] = await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.icalExportToken, token)).limit(1);
  if (!room) return null;
  const since = addDays(guesthouseToday(), -30);
  const [stays, blocks] = await Promise.all([
    db
      .select({ id: bookings.id, arrival: bookings.arrival, departure: bookings.departure })
      .from(bookings)
      .where(and(eq(bookings.roomId, room.id), inArray(bookings.status, [...NIGHT_HOLDING_STATUSES]), gt(bookings.departure, since))),
    db
      .select({ id: manualBlocks.id, first: manualBlocks.firstNight, last: manualBlocks.lastNight })
      .from(manualBlocks)
      .where(and(eq(manualBlocks.roomId, room.id), gte(manualBlocks.lastNight, since))),
  ]);
  const host = new URL(config().PUBLIC_URL).host;
  const calendar = icalGenerator({ prodId: { company: host, product: 'availability', language: 'FR' }, name: 'Disponibilités' });
  // No guest names or notes: the platforms only need to know the nights are taken.
  for (const stay of stays) {
    calendar.createEvent({
      id: `booking-${stay.id}@${host}`,
      allDay: true,
      start: utcMidnight(stay.arrival),
      end: utcMidnight(stay.departure),
      summary: 'Réservé',
    });
  }
  for (const block of blocks) {
    calendar.createEvent({
      id: `block-${block.id}@${host}`,
      allDay: true,
      start: utcMidnight(block.first),
      end: utcMidnight(addDays(block.last, 1)),
      summary: 'Indisponible',
    });
  }
  return calendar.toString();
}

/** A new secret for the room's export feed; the old URL stops working at once. */
export async function regenerateExportToken(roomId: string): Promise<string | null> {
  const [row] = await db
    .update(rooms)
    .set({ icalExportToken: crypto.randomUUID().replaceAll('-', '') + crypto.randomUUID().replaceAll('-', '') })
    .where(eq(rooms.id, roomId))
    .returning({ token: rooms.icalExportToken });
  return row?.token ?? null;
}

export async function getExportToken(roomId: string): Promise<string | null> {
  const [row] = await db.select({ token: rooms.icalExportToken }).from(rooms).where(eq(rooms.id, roomId)).limit(1);
  return row?.token ?? null;
}

/** The export feed's absolute address, as the owner pastes it into the platforms. */
export const exportFeedUrl = (token: string) => new URL(`/ical/${token}.ics`, config().PUBLIC_URL).toString();
