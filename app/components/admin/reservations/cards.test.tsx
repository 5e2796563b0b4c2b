// The pending requests' card says once which rooms have no imported calendar, instead of
// printing « aucun calendrier importé pour cette chambre » on every request (issue 47).
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PendingCard } from './cards';

const request = (id: string, room: string, feeds: Array<{ host: string; lastSuccessAt: string | null; lastError: string | null }>) => ({
  id,
  status: 'pending',
  room,
  dates: 'du 04/05/2031 au 07/05/2031',
  nights: 3,
  guests: 2,
  total: '300,00 €',
  guestName: `Client ${id}`,
  guestEmail: `${id}@example.com`,
  guestPhone: null,
  guestPhoneHref: null,
  message: null,
  language: 'fr',
  createdAt: '2031-04-01T10:00:00Z',
  feedsChecked: feeds,
  conflicts: [],
});

function render(pending: ReturnType<typeof request>[]) {
  const Stub = createRoutesStub([{ path: '/admin/reservations', Component: () => <PendingCard pending={pending} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={['/admin/reservations']} />);
}

describe('PendingCard', () => {
  it('names the rooms without imported calendars once, above the requests, and not on each of them', () => {
    const html = render([request('a', 'Lavande', []), request('b', 'Lavande', []), request('c', 'Olivier', [])]);
    expect(html).not.toContain('aucun calendrier importé pour cette chambre');
    expect(html.match(/Sans calendrier importé/g)).toHaveLength(1);
    expect(html).toContain('Sans calendrier importé (Lavande, Olivier)');
    expect(html).not.toContain('>Calendriers<');
  });

  it('shows a request’s imported calendars where it has some, and no note when every room has them', () => {
    const html = render([request('a', 'Jasmin', [{ host: 'airbnb.com', lastSuccessAt: null, lastError: null }])]);
    expect(html).toContain('>Calendriers<');
    expect(html).toContain('airbnb.com');
    expect(html).not.toContain('Sans calendrier importé');
  });
});
