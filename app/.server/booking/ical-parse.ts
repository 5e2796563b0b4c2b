// Reads an iCal feed (RFC 5545) with node-ical and turns its events into the room
// nights they take, in the guesthouse's time zone. A feed with anything we cannot
// read safely is refused whole (FeedRefused, with a French reason for the owner),
// so its last good events stay in place rather than half a calendar.
import ical, { type VEvent } from 'node-ical';
import { addDays, dateInZone, isIsoDate, type IsoDate } from '~/lib/nights';

export class FeedRefused extends Error {}

export interface ImportedEvent {
  uid: string;
  summary: string | null;
  startNight: IsoDate;
  /** Morning of departure: the event takes [startNight, endNight). */
  endNight: IsoDate;
}

export interface ParseOptions {
  timeZone: string;
  /** Only nights in [from, to) are kept; recurring events are expanded over it. */
  from: IsoDate;
  to: IsoDate;
  maxEvents: number;
}

/** Bytes to text: UTF-8 only (RFC 5545 §3.1.4); anything else is refused, not guessed. */
export function decodeFeed(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new FeedRefused("le fichier n'est pas en UTF-8");
  }
}

function localDate(date: Date): IsoDate {
  // node-ical builds all-day dates at local midnight of this process.
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());

function nightsOf(start: unknown, end: unknown, fullDay: boolean, timeZone: string, uid: string) {
  if (!isDate(start) || !isDate(end)) throw new FeedRefused(`événement ${uid} : date illisible`);
  if (end.getTime() <= start.getTime()) throw new FeedRefused(`événement ${uid} : fin absente ou avant le début`);
  const startNight = fullDay ? localDate(start) : dateInZone(start, timeZone);
  let endNight = fullDay ? localDate(end) : dateInZone(end, timeZone);
  if (!isIsoDate(startNight) || !isIsoDate(endNight)) throw new FeedRefused(`événement ${uid} : date hors limites (${startNight})`);
  // A timed event within one day still takes that night.
  if (endNight <= startNight) endNight = addDays(startNight, 1);
  return { startNight, endNight };
}

const textOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim().slice(0, 200) || null;
  if (value && typeof value === 'object' && 'val' in value) return textOf((value as { val: unknown }).val);
  return null;
};

export function parseFeed(text: string, options: ParseOptions): ImportedEvent[] {
  const trimmed = text.trimStart();
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(trimmed) || !/END:VCALENDAR\s*$/i.test(trimmed)) {
    throw new FeedRefused("ce n'est pas un calendrier iCal (BEGIN:VCALENDAR … END:VCALENDAR)");
  }
  const declared = trimmed.match(/^BEGIN:VEVENT\r?$/gim)?.length ?? 0;
  if (declared > options.maxEvents) throw new FeedRefused(`trop d'événements (${declared}, au plus ${options.maxEvents})`);

  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(trimmed);
  } catch (error) {
    throw new FeedRefused(`calendrier illisible (${error instanceof Error ? error.message.slice(0, 120) : 'erreur'})`);
  }
  const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
  if (events.length === 0 && declared > 0) throw new FeedRefused('calendrier illisible (événements mal formés)');

  const windowFrom = new Date(`${options.from}T00:00:00Z`);
  const windowTo = new Date(`${options.to}T00:00:00Z`);
  const result: ImportedEvent[] = [];
  const keep = (event: ImportedEvent) => {
    if (event.endNight <= options.from || event.startNight >= options.to) return;
    result.push({
      ...event,
      startNight: event.startNight < options.from ? options.from : event.startNight,
      endNight: event.endNight > options.to ? options.to : event.endNight,
    });
    if (result.length > options.maxEvents) throw new FeedRefused(`trop d'événements (plus de ${options.maxEvents})`);
  };

  for (const event of events) {
    const uid = textOf(event.uid) ?? '(sans UID)';
    if (!event.start) throw new FeedRefused(`événement ${uid} : début absent`);
    const fullDay = event.datetype === 'date';
    const end = event.end ?? event.start;
    // Validate the master dates even when the event is cancelled or recurring.
    const master = nightsOf(event.start, end, fullDay, options.timeZone, uid);
    if (event.status === 'CANCELLED') continue;
    // Transparent events (RFC 5545 TRANSP) do not make anyone busy.
    if (event.transparency === 'TRANSPARENT') continue;
    const summary = textOf(event.summary);
    if (!event.rrule) {
      keep({ uid, summary, ...master });
      continue;
    }
    const instances = ical.expandRecurringEvent(event, { from: windowFrom, to: windowTo, expandOngoing: true });
    for (const instance of instances) {
      if (instance.event.status === 'CANCELLED') continue;
      const nights = nightsOf(instance.start, instance.end, instance.isFullDay, options.timeZone, uid);
      keep({ uid, summary: textOf(instance.summary) ?? summary, ...nights });
    }
  }
  return result;
}
