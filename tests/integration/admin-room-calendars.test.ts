// The room editor's Calendriers tab (issue 14): imported feed URLs (add, validate,
// remove, with their last sync and error) and the export link (absolute, regenerable).
// One database pass: its subject is the room editor's Calendriers tab; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.ICAL_ALLOW_PRIVATE_ADDRESSES = 'true';
});

import { guesthouseToday } from '~/.server/guesthouse-time';
import { db } from '~/.server/db/client';
import { icalFeeds, rooms } from '~/.server/db/schema';
import { loader as exportLoader } from '~/routes/resources/ical-export';
import { action, loader } from '~/routes/admin/room-editor';
import { formRequest, getRequest, run, signedInAs, type Fields } from '../support/requests';
import { startFeedServer } from '../support/feed-server';
import { icalFixture } from '../support/ical-fixtures';
import { decodeToast } from '../support/toast-cookie';

let admin: string;
let roomId: string;
let server: Awaited<ReturnType<typeof startFeedServer>>;
beforeAll(async () => {
  admin = (await signedInAs('admin')).cookie;
  roomId = (await db.insert(rooms).values({ position: 0, pricePerNightCents: 90_00 }).returning())[0]!.id;
  server = await startFeedServer();
});
afterAll(() => server.close());

const post = (fields: Fields, room = roomId, cookie = admin) => run(action, formRequest(`/admin/room/${room}`, fields, cookie), { roomId: room });
const load = async () => (await run(loader, getRequest(`/admin/room/${roomId}`, admin), { roomId })).data.calendars;
const feedsOf = (id: string) => db.select({ id: icalFeeds.id, url: icalFeeds.url }).from(icalFeeds).where(eq(icalFeeds.roomId, id));

describe('room editor: imported calendars', () => {
  it('adds a trimmed http(s) feed URL and fetches it at once, refuses the same URL twice, removes it', async () => {
    server.serve('/airbnb.ics?s=abc', { body: icalFixture('airbnb.ics', guesthouseToday()), etag: '"e1"' });
    const url = server.url('/airbnb.ics?s=abc');
    const added = await post({ intent: 'add-feed', url: `  ${url} ` });
    expect(added.status).toBe(200);
    expect(decodeToast(added.headers)).toMatchObject({ title: 'Succès', description: 'Calendrier ajouté avec succès : 2 événements importés' });
    expect(server.hits('/airbnb.ics?s=abc')).toBe(1);
    const [feed] = await feedsOf(roomId);
    expect(feed!.url).toBe(url);
    const [listed] = (await load()).feeds;
    expect(listed).toMatchObject({ id: feed!.id, url, events: 2, lastError: null });
    expect(listed!.lastSuccessAt).not.toBeNull();

    const twice = await post({ intent: 'add-feed', url });
    expect(twice.status).toBe(400);
    expect(twice.data.result.error.url).toEqual(['Ce calendrier est déjà importé pour cette chambre']);
    expect(await feedsOf(roomId)).toHaveLength(1);

    // Named after the platform (here the host) until the owner names it; empty goes back.
    expect(listed).toMatchObject({ label: '127.0.0.1', ownLabel: '', report: '2 événements importés' });
    const renamed = await post({ intent: 'rename-feed', id: feed!.id, label: '  Airbnb chambre bleue ' });
    expect(decodeToast(renamed.headers)).toMatchObject({ description: 'Calendrier renommé avec succès' });
    expect((await load()).feeds[0]).toMatchObject({ label: 'Airbnb chambre bleue', ownLabel: 'Airbnb chambre bleue' });
    await post({ intent: 'rename-feed', id: feed!.id, label: '' });
    expect((await load()).feeds[0]).toMatchObject({ label: '127.0.0.1', ownLabel: '' });
    expect((await post({ intent: 'rename-feed', id: feed!.id, label: 'x'.repeat(81) })).status).toBe(400);
    expect((await post({ intent: 'rename-feed', id: '00000000-0000-4000-8000-000000000000', label: 'x' })).status).toBe(404);

    const removed = await post({ intent: 'delete-feed', id: feed!.id });
    expect(decodeToast(removed.headers)).toMatchObject({ description: 'Calendrier supprimé avec succès' });
    expect(await feedsOf(roomId)).toEqual([]);
    const again = await post({ intent: 'delete-feed', id: feed!.id });
    expect(again.status).toBe(404);
    expect(decodeToast(again.headers)).toMatchObject({ title: 'Erreur', description: 'Impossible de supprimer le calendrier' });
  });

  it('keeps a feed whose first fetch fails, saying why; nothing imported', async () => {
    server.serve('/down.ics', { status: 503, body: 'maintenance' });
    const added = await post({ intent: 'add-feed', url: server.url('/down.ics') });
    expect(added.status).toBe(200);
    expect(decodeToast(added.headers)).toMatchObject({
      description: 'Calendrier ajouté, mais sa lecture a échoué : le serveur est en panne (erreur 503). Il sera relu automatiquement.',
    });
    const [listed] = (await load()).feeds;
    expect(listed).toMatchObject({
      url: server.url('/down.ics'),
      label: '127.0.0.1',
      events: 0,
      report: null,
      lastSuccessAt: null,
      lastError: 'le serveur est en panne (erreur 503)',
    });
    await db.delete(icalFeeds).where(eq(icalFeeds.roomId, roomId));
  });

  it('shows the last successful sync and the last error of a feed', async () => {
    const [feed] = await db
      .insert(icalFeeds)
      .values({
        roomId,
        url: 'https://admin.booking.com/hotel/ical.ics',
        lastSuccessAt: new Date('2026-11-20T10:00:00Z'),
        lastAttemptAt: new Date('2026-11-21T10:00:00Z'),
        lastError: 'le serveur a répondu 503',
      })
      .returning();
    expect((await load()).feeds).toContainEqual(
      expect.objectContaining({
        id: feed!.id,
        lastSuccessAt: '2026-11-20T10:00:00.000Z',
        lastAttemptAt: '2026-11-21T10:00:00.000Z',
        lastError: 'le serveur a répondu 503',
      }),
    );
    await db.delete(icalFeeds).where(eq(icalFeeds.id, feed!.id));
  });

  it('refuses what is not an http(s) URL, storing nothing', async () => {
    for (const url of ['', '   ', 'ftp://example.com/cal.ics', 'javascript:alert(1)', 'not a url', 'https://', `https://example.com/${'x'.repeat(2000)}`]) {
      const result = await post({ intent: 'add-feed', url });
      expect(result.status, url).toBe(400);
      expect(result.data.result.error.url, url).toHaveLength(1);
    }
    expect(await feedsOf(roomId)).toEqual([]);
  });

  it('refuses a feed for a room that does not exist, and feeds on a new room', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const result = await post({ intent: 'add-feed', url: 'https://example.com/a.ics' }, missing);
    expect(result.status).toBe(404);
    expect(decodeToast(result.headers)).toMatchObject({ description: "Impossible d'ajouter le calendrier" });
    expect((await post({ intent: 'add-feed', url: 'https://example.com/a.ics' }, 'new')).status).toBe(404);
    expect(await db.select().from(icalFeeds)).toEqual([]);
  });
});

describe('room editor: export link', () => {
  it('gives the absolute export URL on PUBLIC_URL, which serves the feed', async () => {
    const { exportUrl } = await load();
    expect(exportUrl).toMatch(/^http:\/\/localhost:3000\/ical\/[0-9a-f]{64}\.ics$/);
    const file = exportUrl.split('/').at(-1);
    expect((await run(exportLoader, getRequest(`/ical/${file}`), { file })).status).toBe(200);
  });

  it('regenerates the link: the old one answers 404 at once, the new one works', async () => {
    const before = (await load()).exportUrl;
    const result = await post({ intent: 'regenerate-export' });
    expect(result.status).toBe(200);
    expect(decodeToast(result.headers)).toMatchObject({ title: 'Succès', description: "Lien d'export régénéré : l'ancien lien ne fonctionne plus" });
    const after = (await load()).exportUrl;
    expect(after).not.toBe(before);
    const serve = (url: string) => {
      const file = url.split('/').at(-1)!;
      return run(exportLoader, getRequest(`/ical/${file}`), { file });
    };
    expect((await serve(before)).status).toBe(404);
    expect((await serve(after)).status).toBe(200);
    const missing = await post({ intent: 'regenerate-export' }, '00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
  });

  it('refuses non-admins, changing nothing', async () => {
    const { cookie } = await signedInAs('user');
    const before = (await load()).exportUrl;
    expect((await post({ intent: 'regenerate-export' }, roomId, cookie)).status).toBe(403);
    expect((await post({ intent: 'add-feed', url: 'https://example.com/b.ics' }, roomId, cookie)).status).toBe(403);
    expect((await load()).exportUrl).toBe(before);
    expect(await feedsOf(roomId)).toEqual([]);
  });
});
