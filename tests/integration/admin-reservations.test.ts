// The Réservations screen through its loader and action, as the server runs them.
// One database pass: its subject is the Réservations screen's loader and actions (the nights' exclusion constraint: stays and booking-requests, both passes); plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.ICAL_ALLOW_PRIVATE_ADDRESSES = 'true';
});

import { guesthouseToday } from '~/.server/guesthouse-time';
import { addRoomFeed } from '~/.server/booking/availability/feeds';
import { createBookingRequest } from '~/.server/booking/stays/requests';
import { db } from '~/.server/db/client';
import { bookings, icalFeeds, manualBlocks, rooms } from '~/.server/db/schema';
import { addDays } from '~/lib/nights';
import { action, loader } from '~/routes/admin/reservations';
import { action as todayAction, loader as todayLoader } from '~/routes/admin/today';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';
import { decodeToast } from '../support/toast-cookie';
import { createTranslator, resolveCatalog } from '~/lib/i18n';
import { accepted } from '../support/refusals';

const today = guesthouseToday();
const d = (n: number) => addDays(today, n);
let cookie: string;
let roomId: string;
const post = (fields: Record<string, string>) => run(action, formRequest('/admin/reservations', fields, cookie));
const guest = {
  name: 'Ana García',
  email: 'ana@example.es',
  phone: null,
  message: null,
  language: 'es',
  chain: ['es', 'fr'],
  adults: 2,
  children: 0,
  t: createTranslator('es', resolveCatalog('es', 'fr')),
};

beforeAll(async () => {
  ({ cookie } = await signedInAs('admin'));
  const [room] = await db.insert(rooms).values({ position: 0, pricePerNightCents: 90_00 }).returning();
  roomId = room!.id;
});

describe('Réservations screen', () => {
  it('lists pending requests first and answers Accepter / Refuser with toasts', async () => {
    const a = accepted(await createBookingRequest({ roomId, arrival: d(10), departure: d(12), ...guest }));
    const b = accepted(await createBookingRequest({ roomId, arrival: d(11), departure: d(13), ...guest }));
    const c = accepted(await createBookingRequest({ roomId, arrival: d(20), departure: d(22), ...guest }));
    const page = await run(loader, getRequest('/admin/reservations', cookie));
    expect(page.data.pending.map((p: { id: string }) => p.id)).toEqual([a.id, b.id, c.id]);
    expect(page.data.pending[0]).toMatchObject({ total: '180\u00a0€', nights: 2, language: 'es' });

    const acceptance = await post({ intent: 'accept', id: a.id });
    expect(decodeToast(acceptance.headers)).toMatchObject({ description: 'Réservation confirmée, le client est prévenu' });
    const clash = await post({ intent: 'accept', id: b.id });
    expect(clash.status).toBe(400);
    expect(decodeToast(clash.headers)!.description).toMatch(/^Ces nuits ne sont plus libres : /);
    expect((await db.select().from(bookings).where(eq(bookings.id, b.id)))[0]!.status).toBe('pending');

    const refused = await post({ intent: 'refuse', id: b.id, message: 'Désolés' });
    expect(decodeToast(refused.headers)).toMatchObject({ description: 'Demande refusée, le client est prévenu' });
    const again = await post({ intent: 'refuse', id: b.id });
    expect(decodeToast(again.headers)).toMatchObject({ description: "Cette demande n'est plus en attente" });

    const after = await run(loader, getRequest('/admin/reservations', cookie));
    expect(after.data.pending.map((p: { id: string }) => p.id)).toEqual([c.id]);
    const row = after.data.grid.find((r: { roomId: string }) => r.roomId === roomId);
    expect(row).toBeTruthy();
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = await db.select().from(manualBlocks);
    const cases: Array<Record<string, string>> = [
      { intent: 'accept', id: 'nope' },
      { intent: 'refuse', id: '00000000-0000-4000-8000-000000000000', message: 'x'.repeat(2001) },
      { intent: 'add-block', roomId, firstNight: '2026-02-30', lastNight: d(3) },
      { intent: 'add-block', roomId, firstNight: d(5), lastNight: d(3) },
      { intent: 'add-block', roomId: 'x', firstNight: d(3), lastNight: d(3) },
      { intent: 'delete-block', id: '' },
      { intent: 'sync-feed', id: '1' },
    ];
    for (const fields of cases) {
      expect((await post(fields)).status, JSON.stringify(fields)).toBe(400);
    }
    // A request that is not there: NOT_FOUND, a 404 that names it.
    const missing = await post({ intent: 'accept', id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(404);
    expect(decodeToast(missing.headers)).toMatchObject({ description: 'Demande introuvable' });
    expect(await db.select().from(manualBlocks)).toEqual(before);
  });

  it('adds and removes a manual block; refuses one over a confirmed booking', async () => {
    const added = await post({ intent: 'add-block', roomId, firstNight: d(30), lastNight: d(31), note: 'Peinture' });
    expect(decodeToast(added.headers)).toMatchObject({ description: 'Nuits bloquées' });
    const [block] = await db.select().from(manualBlocks).where(eq(manualBlocks.roomId, roomId));
    expect(block).toMatchObject({ firstNight: d(30), lastNight: d(31), note: 'Peinture' });
    const over = await post({ intent: 'add-block', roomId, firstNight: d(10), lastNight: d(10) });
    expect(decodeToast(over.headers)!.description).toMatch(/^Une réservation confirmée occupe déjà ces nuits/);
    const removed = await post({ intent: 'delete-block', id: block!.id });
    expect(decodeToast(removed.headers)).toMatchObject({ description: 'Blocage supprimé' });
    expect((await post({ intent: 'delete-block', id: block!.id })).status).toBe(404);
  });

  it('"Synchroniser maintenant" reports a failing feed', async () => {
    const feed = await addRoomFeed(roomId, 'http://127.0.0.1:9/nothing-listens-here.ics');
    const result = await post({ intent: 'sync-feed', id: feed!.id });
    expect(result.status).toBe(400);
    expect(decodeToast(result.headers)!.description).toMatch(/^Synchronisation échouée : /);
  });

  it('flags a feed not read successfully for ICAL_STALE_HOURS to the owner', async () => {
    const [stale] = await db
      .insert(icalFeeds)
      .values({
        roomId,
        url: 'https://www.airbnb.fr/calendar/ical/stale.ics',
        lastSuccessAt: new Date(Date.now() - 8 * 3_600_000),
        lastError: 'le serveur a répondu 503',
      })
      .returning();
    const page = await run(loader, getRequest('/admin/reservations', cookie));
    expect(page.data.staleHours).toBe(6);
    expect(page.data.feeds.find((f: { id: string }) => f.id === stale!.id)).toMatchObject({ stale: true, lastError: 'le serveur a répondu 503' });
    expect(page.data.feeds.filter((f: { stale: boolean }) => !f.stale)).toHaveLength(page.data.feeds.length - 1);
    await db.delete(icalFeeds).where(eq(icalFeeds.id, stale!.id));
  });
});

describe("Aujourd'hui's pending requests", () => {
  it('are the same cards, with how long they waited and their conflicts; Accepter and Refuser answer in place', async () => {
    const first = accepted(await createBookingRequest({ roomId, arrival: d(60), departure: d(62), ...guest }));
    const overlapping = accepted(await createBookingRequest({ roomId, arrival: d(61), departure: d(63), ...guest }));
    const home = await run(todayLoader, getRequest('/admin/today', cookie));
    const mine = home.data.pending.filter((p: { id: string }) => [first.id, overlapping.id].includes(p.id));
    expect(mine.map((p: { id: string }) => p.id)).toEqual([first.id, overlapping.id]);
    expect(mine[0]).toMatchObject({
      total: '180\u00a0€',
      nights: 2,
      language: 'es',
      guestName: 'Ana García',
      waited: expect.stringMatching(/^depuis \d+ min$/),
    });
    // Each names the other: two pending requests on the same nights.
    expect(mine[1].conflicts).toEqual([expect.objectContaining({ blocking: false, text: expect.stringContaining('demande en attente') })]);

    const postToday = (fields: Record<string, string>) => run(todayAction, formRequest('/admin/today', fields, cookie));
    const acceptance = await postToday({ intent: 'accept', id: first.id });
    expect(decodeToast(acceptance.headers)).toMatchObject({ description: 'Réservation confirmée, le client est prévenu' });
    // Now the nights are taken: Accepter is refused with its reason, as on Réservations.
    const after = await run(todayLoader, getRequest('/admin/today', cookie));
    const left = after.data.pending.find((p: { id: string }) => p.id === overlapping.id);
    expect(left.conflicts).toEqual([expect.objectContaining({ blocking: true })]);
    const clash = await postToday({ intent: 'accept', id: overlapping.id });
    expect(clash.status).toBe(400);
    expect(decodeToast(clash.headers)!.description).toMatch(/^Ces nuits ne sont plus libres : /);
    const refused = await postToday({ intent: 'refuse', id: overlapping.id, message: 'Désolés' });
    expect(decodeToast(refused.headers)).toMatchObject({ description: 'Demande refusée, le client est prévenu' });
    expect((await db.select().from(bookings).where(eq(bookings.id, overlapping.id)))[0]!.status).toBe('refused');

    // Only these two intents: anything else is refused and changes nothing.
    const other = await postToday({ intent: 'add-block', roomId, firstNight: d(70), lastNight: d(71) });
    expect(other.status).toBe(400);
    expect(
      await db
        .select()
        .from(manualBlocks)
        .where(eq(manualBlocks.firstNight, d(70))),
    ).toEqual([]);
  });
});
