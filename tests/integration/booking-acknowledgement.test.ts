// Issue 38 (item 3): the acknowledgement of a booking request goes to the address typed
// in the form, so it must not carry what the sender chose beyond what the guest needs to
// recognise the request, and one address receives only so many of them, whoever sends.
// One database pass: its subject is what the acknowledgement mail carries; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACKNOWLEDGEMENTS_PER_ADDRESS } from '~/.server/http/abuse';
import { guesthouseToday } from '~/.server/guesthouse-time';
import { createBookingRequest } from '~/.server/booking/stays/requests';
import { upsertTexts } from '~/.server/content/multilingual-content';
import { roomTextKey } from '~/.server/content/content-keys';
import { db } from '~/.server/db/client';
import { bookings, contactEmails, mailOutbox, rooms } from '~/.server/db/schema';
import { addDays } from '~/lib/nights';
import { createTranslator, resolveCatalog } from '~/lib/i18n';
import { accepted } from '../support/refusals';

const today = guesthouseToday();
let roomId: string;

beforeAll(async () => {
  await db.insert(contactEmails).values({ email: 'owner@example.com' });
  const [room] = await db.insert(rooms).values({ position: 0, pricePerNightCents: 95_00, maxGuests: 2 }).returning();
  roomId = room!.id;
  await upsertTexts(db, { contentType: 'room', entityId: roomId, language: 'fr' }, [{ key: roomTextKey(roomId, 'name'), value: 'Chambre Lavande' }]);
});

const ask = (n: number, name: string, email: string, message: string) =>
  createBookingRequest({
    roomId,
    arrival: addDays(today, 10 + 3 * n),
    departure: addDays(today, 12 + 3 * n),
    adults: 2,
    children: 0,
    name,
    email,
    phone: null,
    message,
    language: 'fr',
    chain: ['fr'],
    t: createTranslator('fr', resolveCatalog('fr', 'fr')),
  }).then(accepted);

async function mailsOf(id: string) {
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.idempotencyKey, `booking:${id}:%`));
  return { ack: mails.find((m) => m.idempotencyKey.endsWith(':received')), owner: mails.find((m) => m.idempotencyKey.endsWith(':owner')) };
}

describe('the booking acknowledgement', () => {
  it('greets with a short name stripped of links and URLs, and carries no message text', async () => {
    const name = 'Gagnez https://evil.example/prize www.evil.example evil.example maintenant en appelant le 0800';
    const message = 'Your account is suspended, log in at evil dot example';
    const result = await ask(0, name, 'stranger@example.net', message);
    const { ack, owner } = await mailsOf(result.id);
    expect(ack!.recipients).toEqual(['stranger@example.net']);
    for (const body of [ack!.subject, ack!.textBody, ack!.htmlBody]) {
      expect(body).not.toMatch(/evil|https?:|www\.|suspended|0800|appelant/i);
    }
    expect(ack!.textBody).toContain('Bonjour Gagnez maintenant, nous avons bien reçu votre demande');
    expect(ack!.textBody).toContain('Chambre Lavande');
    // The owners still read everything the guest wrote.
    expect(owner!.textBody).toContain(message);
    expect(owner!.textBody).toContain('https://evil.example/prize');
  });

  it('greets without a name when nothing of it can be kept', async () => {
    const result = await ask(1, 'https://evil.example', 'nobody-named@example.net', '');
    expect((await mailsOf(result.id)).ack!.textBody).toContain('Bonjour, nous avons bien reçu votre demande');
  });

  it(`sends at most ${ACKNOWLEDGEMENTS_PER_ADDRESS} acknowledgements a day to one address, whoever sends; every request still reaches the owners`, async () => {
    const ids: string[] = [];
    for (let n = 2; n < 8; n++) {
      // Spelled differently each time: the limit is on the mailbox, not the spelling.
      const result = await ask(n, 'Victime', n % 2 ? 'Victim@Example.org' : 'victim@example.org', '');
      ids.push(result.id);
    }
    const sent = await Promise.all(ids.map(mailsOf));
    expect(sent.filter((m) => m.ack).length).toBe(ACKNOWLEDGEMENTS_PER_ADDRESS);
    expect(sent.every((m) => m.owner)).toBe(true);
    for (const id of ids) expect((await db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status).toBe('pending');
    // Another address is not affected.
    const other = await ask(8, 'Autre', 'someone-else@example.org', '');
    expect((await mailsOf(other.id)).ack).toBeDefined();
  });

  it('counts the mailbox that receives the mail: +tags, and dots for Gmail (googlemail.com is gmail.com), are one mailbox', async () => {
    const spellings = [
      'victim.two+1@example.org',
      'victim.two+2@example.org',
      'Victim.Two+promo@Example.org',
      'victim.two+3@example.org',
      'first.last@gmail.com',
      'firstlast+x@gmail.com',
      'f.i.r.s.t.l.a.s.t@googlemail.com',
      'FirstLast+y@GoogleMail.com',
    ];
    const sent = [];
    for (const [i, email] of spellings.entries()) sent.push(await mailsOf((await ask(10 + i, 'Victime', email, '')).id));
    // Three to each mailbox, the fourth spelling of each is stored without its acknowledgement.
    expect(sent.map((m) => Boolean(m.ack))).toEqual([true, true, true, false, true, true, true, false]);
    expect(sent.every((m) => m.owner)).toBe(true);
    // Dots count elsewhere: first.last@example.org is not firstlast@example.org.
    expect((await mailsOf((await ask(19, 'Autre', 'first.last@example.org', '')).id)).ack).toBeDefined();
    expect((await mailsOf((await ask(20, 'Autre', 'firstlast@example.org', '')).id)).ack).toBeDefined();
  });
});
