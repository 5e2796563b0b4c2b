import { describe, expect, it } from 'vitest';
import { feedLabel, platformOf } from './feed-label';

describe('platformOf', () => {
  it.each([
    ['https://www.airbnb.fr/calendar/ical/123.ics?s=abc', 'Airbnb'],
    ['https://admin.booking.com/hotel/hoteladmin/ical.html?t=x', 'Booking.com'],
    ['http://www.vrbo.com/icalendar/abc.ics', 'Vrbo'],
    ['https://calendar.google.com/calendar/ical/x%40group/basic.ics', 'Google Agenda'],
    ['https://example.org/cal.ics', 'example.org'],
    ['not a url', 'not a url'],
  ])('%s → %s', (url, expected) => expect(platformOf(url)).toBe(expected));

  it("prefers the owner's label", () => {
    expect(feedLabel({ label: 'Airbnb — chambre bleue', url: 'https://www.airbnb.fr/x.ics' })).toBe('Airbnb — chambre bleue');
    expect(feedLabel({ label: '  ', url: 'https://www.airbnb.fr/x.ics' })).toBe('Airbnb');
  });
});
