import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '~/lib/nights';
import { icalFixture, night } from '../../../../tests/support/ical-fixtures';
import { decodeFeed, describeSkipped, FeedRefused, parseFeed } from './ical-parse';

const today = '2026-05-04';
const options = { timeZone: 'Europe/Paris', from: addDays(today, -1), to: addDays(today, 570), maxEvents: 3000 };
const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//t//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];

describe('parseFeed on platform shapes', () => {
  it("reads Airbnb's reservations and its 'Not available' block, labelled by summary", () => {
    expect(parseFeed(icalFixture('airbnb.ics', today), options).events).toEqual([
      { uid: '1418fb94e984-2e0a1a1c7a7c1d2c4d5b@airbnb.com', summary: 'Reserved', startNight: night(today, 10), endNight: night(today, 13) },
      { uid: '7f3a1b2c9d8e-4f5a6b7c8d9e0f1a2b3c@airbnb.com', summary: 'Airbnb (Not available)', startNight: night(today, 365), endNight: night(today, 400) },
    ]);
  });

  it("reads Booking.com's CLOSED events", () => {
    expect(parseFeed(icalFixture('booking.ics', today), options).events.map((e) => [e.summary, e.startNight, e.endNight])).toEqual([
      ['CLOSED - Not available', night(today, 20), night(today, 24)],
      ['CLOSED - Not available', night(today, 30), night(today, 32)],
    ]);
  });

  it('converts a timed New York event to Paris nights, skips cancelled ones, expands recurring ones', () => {
    expect(parseFeed(icalFixture('other-site.ics', today), options).events.map((e) => [e.uid, e.startNight, e.endNight])).toEqual([
      // 20:00 in New York is 02:00 the next day in Paris; 03:00 two days later is 09:00 in Paris.
      ['ny-guest@example.org', night(today, 41), night(today, 42)],
      ['weekly@example.org', night(today, 60), night(today, 61)],
      ['weekly@example.org', night(today, 67), night(today, 68)],
      ['weekly@example.org', night(today, 74), night(today, 75)],
    ]);
  });

  it('does not depend on the time zone of the process for all-day events', () => {
    const feed = calendar(...event('UID:a', 'DTSTART;VALUE=DATE:20260601', 'DTEND;VALUE=DATE:20260603'));
    expect(parseFeed(feed, options)).toEqual({ events: [{ uid: 'a', summary: null, startNight: '2026-06-01', endNight: '2026-06-03' }], skipped: {} });
  });

  it('keeps only the nights inside the window', () => {
    const feed = calendar(
      ...event('UID:a', 'DTSTART;VALUE=DATE:20260420', 'DTEND;VALUE=DATE:20260510'),
      ...event('UID:b', 'DTSTART;VALUE=DATE:20200101', 'DTEND;VALUE=DATE:20200105'),
    );
    expect(parseFeed(feed, options)).toEqual({ events: [{ uid: 'a', summary: null, startNight: options.from, endNight: '2026-05-10' }], skipped: {} });
  });
});

describe('parseFeed skips odd events and keeps the rest', () => {
  const airbnbPlus = (...extra: string[][]) => icalFixture('airbnb.ics', today).replace('END:VCALENDAR', [...extra.flat(), 'END:VCALENDAR'].join('\r\n'));

  it('the Airbnb nights exactly, with an event ending before it starts, one without a start and one in year 9999 counted apart', () => {
    const parsed = parseFeed(
      airbnbPlus(
        event('UID:back', 'DTSTART;VALUE=DATE:20260610', 'DTEND;VALUE=DATE:20260605'),
        event('UID:nostart', 'SUMMARY:Reserved'),
        event('UID:far', 'DTSTART;VALUE=DATE:99990101', 'DTEND;VALUE=DATE:99990102'),
      ),
      options,
    );
    expect(parsed.events).toEqual(parseFeed(icalFixture('airbnb.ics', today), options).events);
    expect(parsed.skipped).toEqual({ endBeforeStart: 1, noStart: 1, outOfRange: 1 });
    expect(describeSkipped(parsed.skipped)).toEqual({ count: 3, reasons: '1 fin absente ou avant le début, 1 sans date de début, 1 date hors limites' });
  });

  it('clips an open-ended block to the window instead of dropping it', () => {
    const feed = calendar(...event('UID:open', 'DTSTART;VALUE=DATE:20260501', 'DTEND;VALUE=DATE:99991231'));
    expect(parseFeed(feed, options).events).toEqual([{ uid: 'open', summary: null, startNight: options.from, endNight: options.to }]);
  });

  it('skips rules finer than daily before expanding them (the 589-byte feed that took the server down)', () => {
    const months = Array.from({ length: 12 }, (_, i) => i + 1).join(',');
    const days = Array.from({ length: 31 }, (_, i) => i + 1).join(',');
    const hours = Array.from({ length: 24 }, (_, i) => i).join(',');
    const minutes = Array.from({ length: 60 }, (_, i) => i).join(',');
    const started = performance.now();
    const parsed = parseFeed(
      airbnbPlus(
        event(
          'UID:bomb',
          'DTSTART:20260101T000000Z',
          'DTEND:20260101T000100Z',
          `RRULE:FREQ=YEARLY;BYMONTH=${months};BYMONTHDAY=${days};BYHOUR=${hours};BYMINUTE=${minutes}`,
        ),
        event('UID:secondly', 'DTSTART:20260101T000000Z', 'DTEND:20260101T000001Z', 'RRULE:FREQ=SECONDLY'),
      ),
      options,
    );
    expect(parsed.events).toHaveLength(2);
    expect(parsed.skipped).toEqual({ tooFrequent: 2 });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('expands 10,000 daily recurrences only over the window', () => {
    const parsed = parseFeed(
      calendar(...event('UID:daily', 'DTSTART;VALUE=DATE:20260501', 'DTEND;VALUE=DATE:20260502', 'RRULE:FREQ=DAILY;COUNT=10000')),
      options,
    );
    // One event per night of the window: far fewer than 10,000.
    expect(parsed.events.length).toBe(daysBetween(options.from, options.to));
    expect(parsed.events.at(-1)!.endNight <= options.to).toBe(true);
  });

  it('refuses the whole feed when expansions exceed the event cap', () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      event(`UID:d${i}`, 'DTSTART;VALUE=DATE:20260501', 'DTEND;VALUE=DATE:20260502', 'RRULE:FREQ=DAILY'),
    ).flat();
    expect(() => parseFeed(calendar(...many), { ...options, maxEvents: 3000 })).toThrow(/trop d'événements/);
  });
});

describe('parseFeed refuses what it cannot read safely', () => {
  const refused = (text: string, reason: RegExp | typeof FeedRefused) => expect(() => parseFeed(text, options)).toThrow(reason);

  it('malformed input', () => {
    refused('hello world', /pas un calendrier/);
    refused('<html><body>Login</body></html>', /pas un calendrier/);
    refused('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20260601T100000Z\r\n', /pas un calendrier/);
    refused('', /pas un calendrier/);
  });

  it('an unreadable date costs its event only', () => {
    expect(parseFeed(calendar(...event('UID:x', 'DTSTART:nonsense', 'DTEND:20260601T100000Z')), options)).toMatchObject({ events: [] });
  });

  it('10,000 events', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => event(`UID:e${i}`, 'DTSTART;VALUE=DATE:20260601', 'DTEND;VALUE=DATE:20260602')).flat();
    refused(calendar(...many), /trop d'événements/);
  });

  it('non-UTF-8 bytes', () => {
    const latin1 = Buffer.from(calendar(...event('UID:a', 'SUMMARY:Réservé', 'DTSTART;VALUE=DATE:20260601', 'DTEND;VALUE=DATE:20260602')), 'latin1');
    expect(() => decodeFeed(latin1)).toThrow(/UTF-8/);
    expect(decodeFeed(Buffer.from('\uFEFFBEGIN:VCALENDAR', 'utf8'))).toBe('BEGIN:VCALENDAR');
  });
});
