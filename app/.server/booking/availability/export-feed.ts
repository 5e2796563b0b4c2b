// Each room's secret export feed (/ical/<token>.ics): the nights its own stays and
// manual blocks take (taken-nights.ts), for the owner to paste into Airbnb and Booking.com so that those
// platforms close the same nights. Written with ical-generator, never by hand.
import { eq } from 'drizzle-orm';
import icalGenerator from 'ical-generator';
import { addDays, utcMidnight } from '~/lib/nights';
import { config } from '../../environment';
import { db } from '../../db/client';
import { rooms } from '../../db/schema';
import { guesthouseToday } from '../../guesthouse-time';
import { NOT_FOUND, type NotFound } from '../../rule-refusal';
import { listTakenRanges } from './taken-nights';

const TOKEN = /^[0-9a-f]{64}$/;

/** The feed's text, or null when no room has this token. */
export async function renderRoomExport(token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const [room] = await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.icalExportToken, token)).limit(1);
  if (!room) return null;
  // Its own stays and blocks from a month back on: the nights the calendar takes, less the platforms' own.
  const taken = await listTakenRanges([room.id], addDays(guesthouseToday(), -30), null, { withoutImported: true });
  const host = new URL(config().PUBLIC_URL).host;
  const calendar = icalGenerator({ prodId: { company: host, product: 'availability', language: 'FR' }, name: 'Disponibilités' });
  // No guest names or notes: the platforms only need to know the nights are taken.
  for (const range of taken) {
    const stay = range.kind === 'confirmed';
    calendar.createEvent({
      id: `${stay ? 'booking' : 'block'}-${range.id}@${host}`,
      allDay: true,
      start: utcMidnight(range.from),
      end: utcMidnight(range.to),
      summary: stay ? 'Réservé' : 'Indisponible',
    });
  }
  return calendar.toString();
}

/** A new secret for the room's export feed; the old URL stops working at once. */
export async function regenerateExportToken(roomId: string): Promise<string | NotFound> {
  const [row] = await db
    .update(rooms)
    .set({ icalExportToken: crypto.randomUUID().replaceAll('-', '') + crypto.randomUUID().replaceAll('-', '') })
    .where(eq(rooms.id, roomId))
    .returning({ token: rooms.icalExportToken });
  return row?.token ?? NOT_FOUND;
}

export async function getExportToken(roomId: string): Promise<string | null> {
  const [row] = await db.select({ token: rooms.icalExportToken }).from(rooms).where(eq(rooms.id, roomId)).limit(1);
  return row?.token ?? null;
}

/** The export feed's absolute address, as the owner pastes it into the platforms. */
export const exportFeedUrl = (token: string) => new URL(`/ical/${token}.ics`, config().PUBLIC_URL).toString();
