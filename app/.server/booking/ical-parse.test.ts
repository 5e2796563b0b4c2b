import { describe, expect, it } from 'vitest';
import { addDays } from '~/lib/nights';
import { icalFixture, night } from '../../../tests/support/ical-fixtures';
import { decodeFeed, FeedRefused, parseFeed } from './ical-parse';

const today = '2026-05-04';
const options = { timeZone: 'Europe/Paris', from: addDays(today, -1), to: addDays(today, 570), maxEvents: 3000 };
const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//t//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];

describe('parseFeed on platform shapes', () => {
  it("reads Airbnb's reservations and its 'Not available' block, labelled by summary", () => {
    expect(parseFeed(icalFixture('airbnb.ics', today), options)).toEqual([
      { uid: '1418fb94e984-2e0a1a1c7a7c1d2c4d5b@airbnb.com', summary: 'Reserved', startNight: night(today, 10), endNight: night(today, 13) },
      { uid: '7f3a1b2c9d8e-4f5a6b7c8d9e0f1a2b3c@airbnb.com', summary: 'Airbnb (Not available)', startNight: night(today, 365), endNight: night(today, 400) },
    ]);
  });

  it("reads Booking.com's CLOSED events", () => {
    expect(parseFeed(icalFixture('booking.ics', today), options).map((e) => [e.summary, e.startNight, e.endNight])).toEqual([
      ['CLOSED - Not available', night(today, 20), night(today, 24)],
      ['CLOSED - Not available', night(today, 30), night(today, 32)],
    ]);
  });

  it('converts a timed New York event to Paris nights, skips cancelled ones, expands recurring ones', () => {
    expect(parseFeed(icalFixture('other-site.ics', today), options).map((e) => [e.uid, e.startNight, e.endNight])).toEqual([
      // 20:00 in New York is 02:00 the next day in Paris; 03:00 two days later is 09:00 in Paris.
      ['ny-guest@example.org', night(today, 41), night(today, 42)],
      ['weekly@example.org', night(today, 60), night(today, 61)],
      ['weekly@example.org', night(today, 67), night(today, 68)],
      ['weekly@example.org', night(today, 74), night(today, 75)],
    ]);
  });

  it('does not depend on the time zone of the process for all-day events', () => {
    const feed = calendar(...event('UID:a', 'DTSTART;VALUE=DATE:20260601', 'DTEND;VALUE=DATE:20260603'));
    expect(parseFeed(feed, options)).toEqual([{ uid: 'a', summary: null, startNight: '2026-06-01', endNight: '2026-06-03' }]);
  });

  it('keeps only the nights inside the window', () => {
    const feed = calendar(...event('UID:a', 'DTSTART;VALUE=DATE:20260420', 'DTEND;VALUE=DATE:20260510'), ...event('UID:b', 'DTSTART;VALUE=DATE:20200101', 'DTEND;VALUE=DATE:20200105'));
    expect(parseFeed(feed, options)).toEqual([{ uid: 'a', summary: null, startNight: options.from, endNight: '2026-05-10' }]);
  });
});

describe('parseFeed refuses what it cannot read safely', () => {
  const refused = (text: string, reason: RegExp | typeof FeedRefused) => expect(() => parseFeed(text, options)).toThrow(reason);

  it('malformed input', () => {
    refused('hello world', /pas un calendrier/);
    refused('<html><body>Login</body></html>', /pas un calendrier/);
    refused('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20260601T100000Z\r\n', /pas un calendrier/);
    refused(calendar(...event('UID:x', 'DTSTART:nonsense', 'DTEND:20260601T100000Z')), FeedRefused);
  });

  it('events with no end, an end before the start, or dates in year 9999', () => {
    refused(calendar(...event('UID:noend', 'DTSTART:20260601T100000Z')), /fin absente/);
    refused(calendar(...event('UID:back', 'DTSTART;VALUE=DATE:20260610', 'DTEND;VALUE=DATE:20260605')), /fin absente ou avant le début/);
    refused(calendar(...event('UID:far', 'DTSTART;VALUE=DATE:99990101', 'DTEND;VALUE=DATE:99990102')), /hors limites/);
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
