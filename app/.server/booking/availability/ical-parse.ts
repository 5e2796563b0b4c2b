// Reads an iCal feed (RFC 5545) with node-ical and turns its events into the room
// nights they take, in the guesthouse's time zone. Only a feed that is not a complete
// calendar (truncated, HTML, empty, too many events) is refused whole (FeedRefused, with
// a French reason for the owner), so its last good events stay in place. A feed with a
// few odd events is still a good feed: those events are skipped and counted by reason.
//
// Bounded by construction: the number of VEVENTs is checked on the text before node-ical
// runs; a recurrence more frequent than once a day is skipped before any expansion, so
// expanding one over the window yields at most one instance per day of the window (plus
// its RDATE lines, which the feed's bytes bound); the result stops at `maxEvents`. The
// whole parse also runs in a child process with its own time and memory budget
// (feed-parser.ts), which is what keeps the server up whatever node-ical does inside.
import ical, { type VEvent } from 'node-ical';
import { addDays, dateInZone, type IsoDate } from '~/lib/nights';

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

/** Why an event was left out, in the owner's words (French). */
export const SKIP_REASONS = {
  noStart: 'sans date de début',
  endBeforeStart: 'fin absente ou avant le début',
  unreadableDate: 'date illisible',
  outOfRange: 'date hors limites',
  tooFrequent: 'répétition plus fréquente que quotidienne',
  unreadableRule: 'répétition illisible',
} as const;

export type SkipReason = keyof typeof SKIP_REASONS;

export interface ParsedFeed {
  events: ImportedEvent[];
  /** Events left out, counted by reason (outside the window is not a reason: past stays are normal). */
  skipped: Partial<Record<SkipReason, number>>;
}

/** Bytes to text: UTF-8 only (RFC 5545 §3.1.4); anything else is refused, not guessed. */
export function decodeFeed(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new FeedRefused("ce n'est pas un calendrier (le fichier n'est pas en UTF-8)");
  }
}

class EventSkipped extends Error {
  constructor(readonly reason: SkipReason) {
    super(reason);
  }
}

const DAY_MS = 86_400_000;
const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());
// The years nights.ts can count in; an event only there is a typo or a placeholder.
const FIRST_INSTANT = Date.UTC(1900, 0, 2);
const LAST_INSTANT = Date.UTC(2999, 11, 30);

function localDate(date: Date): IsoDate {
  // node-ical builds all-day dates at local midnight of this process.
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

interface Window {
  from: IsoDate;
  to: IsoDate;
  /** Instants two days either side of the window: anything beyond cannot take a night in it. */
  fromMs: number;
  toMs: number;
}

/** The nights of one occurrence inside the window, null when it takes none there. */
function nightsOf(start: unknown, end: unknown, fullDay: boolean, timeZone: string, window: Window): Pick<ImportedEvent, 'startNight' | 'endNight'> | null {
  if (!isDate(start) || !isDate(end)) throw new EventSkipped('unreadableDate');
  if (end.getTime() <= start.getTime()) throw new EventSkipped('endBeforeStart');
  if (end.getTime() < window.fromMs || start.getTime() > window.toMs) {
    const outOfRange = [start, end].some((d) => d.getTime() < FIRST_INSTANT || d.getTime() > LAST_INSTANT);
    if (outOfRange) throw new EventSkipped('outOfRange');
    return null;
  }
  // Clipped first (to the window's margin, which is outside it), so that a date in year
  // 9999 or 0001 never reaches a formatter.
  const night = (ms: number) => {
    const date = new Date(Math.min(Math.max(ms, window.fromMs), window.toMs));
    return fullDay ? localDate(date) : dateInZone(date, timeZone);
  };
  const startNight = night(start.getTime());
  let endNight = night(end.getTime());
  // A timed event within one day still takes that night.
  if (endNight <= startNight) endNight = addDays(startNight, 1);
  if (endNight <= window.from || startNight >= window.to) return null;
  return { startNight: startNight < window.from ? window.from : startNight, endNight: endNight > window.to ? window.to : endNight };
}

const textOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim().slice(0, 200) || null;
  if (value && typeof value === 'object' && 'val' in value) return textOf((value as { val: unknown }).val);
  return null;
};

const SUB_DAILY = new Set(['SECONDLY', 'MINUTELY', 'HOURLY']);

/** A rule that repeats more than once a day cannot describe nights; it is never expanded. */
function checkRule(event: VEvent) {
  let options: { freq?: unknown; byHour?: unknown; byMinute?: unknown; bySecond?: unknown };
  try {
    options = event.rrule!.options as typeof options;
  } catch {
    throw new EventSkipped('unreadableRule');
  }
  const many = (list: unknown) => Array.isArray(list) && list.length > 1;
  if (typeof options.freq !== 'string' || SUB_DAILY.has(options.freq.toUpperCase())) throw new EventSkipped('tooFrequent');
  if (many(options.byHour) || many(options.byMinute) || many(options.bySecond)) throw new EventSkipped('tooFrequent');
}

export function parseFeed(text: string, options: ParseOptions): ParsedFeed {
  const trimmed = text.trimStart();
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(trimmed) || !/END:VCALENDAR\s*$/i.test(trimmed)) {
    throw new FeedRefused("ce n'est pas un calendrier (BEGIN:VCALENDAR … END:VCALENDAR attendus)");
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

  const window: Window = {
    from: options.from,
    to: options.to,
    fromMs: Date.parse(`${options.from}T00:00:00Z`) - 2 * DAY_MS,
    toMs: Date.parse(`${options.to}T00:00:00Z`) + 2 * DAY_MS,
  };
  const result: ImportedEvent[] = [];
  const skipped: ParsedFeed['skipped'] = {};
  const keep = (uid: string, summary: string | null, nights: ReturnType<typeof nightsOf>) => {
    if (!nights) return;
    result.push({ uid, summary, ...nights });
    if (result.length > options.maxEvents) throw new FeedRefused(`trop d'événements (plus de ${options.maxEvents})`);
  };

  for (const event of events) {
    const uid = textOf(event.uid) ?? '(sans UID)';
    try {
      if (!event.start) throw new EventSkipped('noStart');
      const fullDay = event.datetype === 'date';
      // The master's dates are checked even when the event is cancelled or recurring.
      const master = nightsOf(event.start, event.end ?? event.start, fullDay, options.timeZone, window);
      if (event.status === 'CANCELLED') continue;
      // Transparent events (RFC 5545 TRANSP) do not make anyone busy.
      if (event.transparency === 'TRANSPARENT') continue;
      const summary = textOf(event.summary);
      if (!event.rrule) {
        keep(uid, summary, master);
        continue;
      }
      checkRule(event);
      let instances: ReturnType<typeof ical.expandRecurringEvent>;
      try {
        instances = ical.expandRecurringEvent(event, { from: new Date(window.fromMs), to: new Date(window.toMs), expandOngoing: true });
      } catch {
        throw new EventSkipped('unreadableRule');
      }
      for (const instance of instances) {
        if (instance.event.status === 'CANCELLED') continue;
        let nights: ReturnType<typeof nightsOf>;
        try {
          nights = nightsOf(instance.start, instance.end, instance.isFullDay, options.timeZone, window);
        } catch (error) {
          // One bad occurrence (an override with odd dates) does not cost the others.
          if (!(error instanceof EventSkipped)) throw error;
          skipped[error.reason] = (skipped[error.reason] ?? 0) + 1;
          continue;
        }
        keep(uid, textOf(instance.summary) ?? summary, nights);
      }
    } catch (error) {
      if (!(error instanceof EventSkipped)) throw error;
      skipped[error.reason] = (skipped[error.reason] ?? 0) + 1;
    }
  }
  return { events: result, skipped };
}

/** "2 ignorés (1 sans date de début, 1 date hors limites)", or null when none was. */
export function describeSkipped(skipped: ParsedFeed['skipped']): { count: number; reasons: string } | null {
  const entries = Object.entries(skipped).filter(([, n]) => n && n > 0) as Array<[SkipReason, number]>;
  if (!entries.length) return null;
  return { count: entries.reduce((sum, [, n]) => sum + n, 0), reasons: entries.map(([reason, n]) => `${n} ${SKIP_REASONS[reason]}`).join(', ') };
}
