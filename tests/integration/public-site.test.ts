// The public site's loaders and actions against a real database: what visitors
// read (never an email of a testimonial) and what they send (stored with its mail
// in one transaction, or not at all).
// One database pass: its subject is the public pages' loaders and actions; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { submitTestimonial } from '~/.server/content/testimonials';
import { db } from '~/.server/db/client';
import {
  contactMessages,
  distances,
  homepageSections,
  icalFeeds,
  languages,
  mailOutbox,
  multilingualContent,
  rooms,
  roomSeasonPrices,
  seasonPeriods,
  seasons,
  siteConfig,
  submissionLimits,
  testimonials,
  transportOptions,
} from '~/.server/db/schema';
import { action as guestBookAction, loader as guestBookLoader } from '~/routes/site/guest-book';
import { action as homeAction, loader as homeLoader } from '~/routes/site/home';
import { loader as legalLoader } from '~/routes/site/legal';
import { loader as roomLoader } from '~/routes/site/room';
import { loader as robotsLoader } from '~/routes/resources/robots';
import { loader as sitemapLoader } from '~/routes/resources/sitemap';
import { formRequest, getRequest, run } from '../support/requests';
import { guesthouseToday } from '~/.server/guesthouse-time';
import { formatMoney } from '~/lib/money';
import { addDays } from '~/lib/nights';

/** Runs a route function as the Hono entry would, with the visitor's IP in the load context. */
const fromIp =
  <Args extends { request: Request }>(handler: (args: Args) => unknown, clientIp: string) =>
  (args: Args) =>
    handler({ ...args, context: { clientIp } });

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

let roomIds: string[] = [];

beforeAll(async () => {
  await db.insert(languages).values([
    { code: 'fr', name: 'Français', isDefault: true, position: 0 },
    { code: 'en', name: 'English', position: 1 },
    { code: 'es', name: 'Español', position: 2 },
    { code: 'de', name: 'Deutsch', position: 3, isActive: false },
  ]);
  await db.insert(siteConfig).values({
    name: 'Mas Test',
    tagline: 'Calme',
    address: '12 chemin des Oliviers\n06130 Grasse',
    contactEmail: 'owner@example.com',
    phones: ['06 12 34 56 78'],
  });
  const inserted = await db
    .insert(rooms)
    .values([
      {
        position: 0,
        pricePerNightCents: 90_00,
        maxGuests: 2,
        images: ['/media/a.jpg', '/media/b.jpg'],
        primaryImage: '/media/b.jpg',
        amenities: ['wifi', 'unknown_thing'],
      },
      { position: 1, pricePerNightCents: 120_00, maxGuests: null },
    ])
    .returning({ id: rooms.id });
  roomIds = inserted.map((r) => r.id);
  await db.insert(multilingualContent).values([
    { contentKey: `room_${roomIds[0]}_name`, contentValue: 'Lavande', languageCode: 'fr', contentType: 'room', entityId: roomIds[0] },
    { contentKey: `room_${roomIds[0]}_name`, contentValue: 'Lavender', languageCode: 'en', contentType: 'room', entityId: roomIds[0] },
    {
      contentKey: `room_${roomIds[0]}_short_description`,
      contentValue: '<p>Courte <script>alert(1)</script></p>',
      languageCode: 'fr',
      contentType: 'room',
      entityId: roomIds[0],
    },
    { contentKey: `room_${roomIds[0]}_tags`, contentValue: 'a, b, c, d, e', languageCode: 'fr', contentType: 'room', entityId: roomIds[0] },
  ]);
  const [season] = await db.insert(seasons).values({ name: 'Haute saison' }).returning();
  await db.insert(roomSeasonPrices).values({ roomId: roomIds[0]!, seasonId: season!.id, pricePerNightCents: 140_00 });
  await db.insert(homepageSections).values([
    { title: 'Avant', position: 0 },
    { title: 'Après', position: 50 },
    { title: 'Cachée', position: 1, isActive: false },
  ]);
  await db.insert(transportOptions).values([
    { type: 'train', enabled: true },
    { type: 'car', enabled: true },
    { type: 'plane', enabled: false },
  ]);
  await db.insert(distances).values([
    { city: 'Nice', durationMinutes: 45 },
    { city: 'Cannes', durationMinutes: 30 },
    { city: 'Antibes', durationMinutes: 35 },
    { city: 'Aéroport Nice Côte d’Azur', durationMinutes: 25 },
  ]);
  const day = (n: number) => new Date(Date.UTC(2025, 0, n));
  await db.insert(testimonials).values([
    { name: 'A', email: 'secret-a@example.com', message: 'm1', rating: 5, isPublished: true, isFeatured: true, createdAt: day(1) },
    { name: 'B', email: 'secret-b@example.com', message: 'm2', rating: 4, isPublished: true, isFeatured: true, createdAt: day(2) },
    { name: 'C', email: 'secret-c@example.com', message: 'm3', rating: 3, isPublished: true, isFeatured: true, createdAt: day(3) },
    { name: 'D', email: 'secret-d@example.com', message: 'm4', rating: 5, isPublished: true, isFeatured: true, createdAt: day(4) },
    { name: 'E', email: 'secret-e@example.com', message: 'm5', rating: 5, isPublished: true, createdAt: day(5), country: 'BE' },
    { name: 'F', email: 'secret-f@example.com', message: 'm6', rating: 5, isPublished: false, isFeatured: true, createdAt: day(6) },
  ]);
});

describe('public loaders', () => {
  it('home: sections split at 50, inactive hidden, 3 featured, published count, no email', async () => {
    const { status, data } = await run(homeLoader, getRequest('/'));
    expect(status).toBe(200);
    expect(data.sections.before.map((s: { title: string }) => s.title)).toEqual(['Avant']);
    expect(data.sections.after.map((s: { title: string }) => s.title)).toEqual(['Après']);
    expect(data.featured.map((t: { name: string }) => t.name)).toEqual(['D', 'C', 'B']);
    expect(data.publishedCount).toBe(5);
    expect(JSON.stringify(data)).not.toContain('secret-');
    expect(data.access.transport.map((t: { type: string }) => t.type)).toEqual(['car', 'train']);
    // Nearest first (not by name, where the airport would come after Antibes).
    expect(data.access.distances.map((d: { city: string }) => d.city)).toEqual(['Aéroport Nice Côte d’Azur', 'Cannes', 'Antibes', 'Nice']);
    const [first, second] = data.rooms;
    expect(first).toMatchObject({ name: 'Lavande', image: '/media/b.jpg', tags: ['a', 'b', 'c', 'd'], maxGuests: 2 });
    expect(first.shortDescription).not.toContain('script');
    expect(second).toMatchObject({ name: 'Chambre #2', maxGuests: 2 });
    expect(data.jsonLd).toMatchObject({ '@type': 'LodgingBusiness', name: 'Mas Test', telephone: '+33 6 12 34 56 78', email: 'owner@example.com' });
  });

  it('home: texts follow the language chain and SEO lists every active language', async () => {
    const en = await run(homeLoader, getRequest('/?lang=en'));
    expect(en.data.rooms[0].name).toBe('Lavender');
    const es = await run(homeLoader, getRequest('/', undefined, { cookie: 'selectedLanguage=es' }));
    expect(es.data.rooms[0].name).toBe('Lavande');
    expect(es.data.seo.alternates.map((a: { hreflang: string }) => a.hreflang)).toEqual(['fr', 'en', 'es', 'x-default']);
    // `/` is the x-default alternate: its own canonical, even when served in Spanish by cookie.
    expect(es.data.seo.canonical).toBe('http://localhost:3000/');
    expect(en.data.seo.canonical).toBe('http://localhost:3000/?lang=en');
  });

  it('room: detail with primary image first and season prices', async () => {
    const { status, data } = await run(roomLoader, getRequest(`/room/${roomIds[0]}`), { roomId: roomIds[0]! });
    expect(status).toBe(200);
    expect(data.room.images).toEqual(['/media/b.jpg', '/media/a.jpg']);
    expect(data.room.seasonPrices).toMatchObject([{ season: 'Haute saison', pricePerNightCents: 140_00 }]);
    expect(data.room.description).toContain('Courte');
    // A season without dates prices no night: the offers are the base price all year.
    expect(data.jsonLd).toMatchObject({
      '@type': 'HotelRoom',
      offers: [{ '@type': 'Offer', price: '90.00', priceCurrency: 'EUR', validFrom: guesthouseToday() }],
    });
    expect(data.jsonLd.offers).toHaveLength(1);
  });

  it("room: JSON-LD offers are the price engine's nightly rates for the coming year, by season", async () => {
    const today = guesthouseToday();
    const [season] = await db.select().from(seasons).where(eq(seasons.name, 'Haute saison'));
    const [period] = await db
      .insert(seasonPeriods)
      .values({ seasonId: season!.id, firstNight: addDays(today, 10), lastNight: addDays(today, 20) })
      .returning();
    const { data } = await run(roomLoader, getRequest(`/room/${roomIds[0]}?arrival=${addDays(today, 9)}&departure=${addDays(today, 12)}`), {
      roomId: roomIds[0]!,
    });
    const night = (price: string, from: number, to: number, name?: string) => ({
      '@type': 'Offer',
      ...(name ? { name } : {}),
      price,
      priceCurrency: 'EUR',
      validFrom: addDays(today, from),
      validThrough: addDays(today, to),
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: 'EUR',
        unitText: 'NIGHT',
        validFrom: addDays(today, from),
        validThrough: addDays(today, to),
      },
    });
    expect(data.jsonLd.offers).toEqual([night('90.00', 0, 9), night('140.00', 10, 20, 'Haute saison'), night('90.00', 21, 364)]);
    // The quote on the same page comes from the same rule: one base night, two high-season nights.
    expect(data.booking.quote.total).toBe(formatMoney(37000, 'fr'));
    await db.delete(seasonPeriods).where(eq(seasonPeriods.id, period!.id));
  });

  it('room: tells guests when an imported calendar is behind (stale beyond ICAL_STALE_HOURS), and only then', async () => {
    const page = async () => (await run(roomLoader, getRequest(`/room/${roomIds[1]}`), { roomId: roomIds[1]! })).data.booking;
    expect((await page()).calendarsBehind).toBe(false);
    const [feed] = await db
      .insert(icalFeeds)
      .values({
        roomId: roomIds[1]!,
        url: 'https://www.airbnb.fr/calendar/ical/1.ics',
        lastSuccessAt: new Date(Date.now() - 7 * 3_600_000),
        createdAt: new Date(Date.now() - 86_400_000),
      })
      .returning();
    expect((await page()).calendarsBehind).toBe(true);
    await db.update(icalFeeds).set({ lastSuccessAt: new Date() }).where(eq(icalFeeds.id, feed!.id));
    expect((await page()).calendarsBehind).toBe(false);
    await db.delete(icalFeeds).where(eq(icalFeeds.id, feed!.id));
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or 1=1"])('room: unknown id %s answers 404', async (id) => {
    const { status, data } = await run(roomLoader, getRequest(`/room/${encodeURIComponent(id)}`), { roomId: id });
    expect(status).toBe(404);
    expect(data.room).toBeNull();
  });

  it('room calendar: each month heading starts with a capital letter, the rest as its language writes it (issue 47)', async () => {
    const titles = async (lang: string) =>
      ((await run(roomLoader, getRequest(`/room/${roomIds[0]}?lang=${lang}`), { roomId: roomIds[0]! })).data.booking.months as Array<{ title: string }>).map(
        (m) => m.title,
      );
    for (const title of await titles('es')) expect(title).toMatch(/^\p{Lu}\p{Ll}+ de \d{4}$/u);
    for (const title of await titles('fr')) expect(title).toMatch(/^\p{Lu}\p{Ll}+ \d{4}$/u);
    for (const title of await titles('en')) expect(title).toMatch(/^\p{Lu}\p{Ll}+ \d{4}$/u);
  });

  it('guest book: published only, newest first, no email', async () => {
    const { data } = await run(guestBookLoader, getRequest('/livre-dor'));
    expect(data.testimonials.map((t: { name: string }) => t.name)).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(JSON.stringify(data)).not.toContain('secret-');
  });

  it('legal notice: filled from the configuration, French for languages without a text', async () => {
    const fr = await run(legalLoader, getRequest('/mentions-legales'));
    // No host set yet: its section is not shown (legal-notice.test.ts), the others are numbered in order.
    expect(fr.data.sections.map((s: { title: string }) => s.title)).toEqual([
      '1. Éditeur du site',
      '2. Propriété intellectuelle',
      '3. Responsabilité',
      '4. Données personnelles',
      '5. Cookies',
      '6. Droit applicable et médiation',
    ]);
    expect(JSON.stringify(fr.data.sections)).toContain('owner@example.com');
    expect(fr.data.lastUpdate).toMatch(/^Dernière mise à jour : \d{2}\/\d{2}\/\d{4}$/);
    const en = await run(legalLoader, getRequest('/mentions-legales?lang=en'));
    expect(en.data.title).toBe('Legal notice');
    // Spanish (and German) visitors read the English notice, marked as English.
    const es = await run(legalLoader, getRequest('/mentions-legales?lang=es'));
    expect(es.data.title).toBe('Legal notice');
    expect(es.data.textLanguage).toBe('en');
    // …and are told so in their own language, above it.
    expect(es.data.languageNote).toBe('Este aviso legal se publica en francés y en inglés. A continuación figura la versión en inglés.');
    expect(es.data.language).toBe('es');
    expect(fr.data.languageNote).toBeNull();
    expect(en.data.languageNote).toBeNull();
  });

  it('phone links are international; non-French pages show the international form', async () => {
    const fr = (await run(homeLoader, getRequest('/'))).data;
    expect(fr.shell.links.phones[0]).toEqual([{ type: 'phone', text: '06 12 34 56 78', href: 'tel:+33612345678' }]);
    const en = (await run(homeLoader, getRequest('/?lang=en'))).data;
    expect(en.shell.links.phones[0]).toEqual([{ type: 'phone', text: '+33 6 12 34 56 78', href: 'tel:+33612345678' }]);
  });

  it('sitemap lists every public page in every active language; robots keeps /admin and /auth out', async () => {
    const sitemap = await run(sitemapLoader, getRequest('/sitemap.xml'));
    expect(sitemap.data).toContain(`<loc>http://localhost:3000/room/${roomIds[1]}?lang=es</loc>`);
    expect(sitemap.data).toContain('<loc>http://localhost:3000/livre-dor?lang=fr</loc>');
    expect(sitemap.data).not.toContain('lang=de');
    // Only canonical URLs: each page once per language, with no parameter but `lang`.
    const locs = [...String(sitemap.data).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')));
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs) expect([...loc.searchParams.keys()]).toEqual(['lang']);
    expect(new Set(locs.map(String)).size).toBe(locs.length);
    const robots = await run(robotsLoader, getRequest('/robots.txt'));
    expect(robots.data).toContain('Disallow: /admin');
    expect(robots.data).toContain('Disallow: /auth');
  });

  it('keeps crawlers out of the booking panel: robots.txt disallows its parameters, and a room page with them says noindex with its canonical', async () => {
    const robots = String((await run(robotsLoader, getRequest('/robots.txt'))).data);
    for (const name of ['arrival', 'departure', 'guests', 'month']) {
      expect(robots).toContain(`Disallow: /*?${name}=`);
      expect(robots).toContain(`Disallow: /*&${name}=`);
    }
    const plain = (await run(roomLoader, getRequest(`/room/${roomIds[0]}`), { roomId: roomIds[0]! })).data;
    expect(plain.robots).toBeNull();
    for (const query of ['?month=2030-01', '?arrival=2030-01-10&departure=2030-01-12', '?lang=en&guests=2']) {
      const view = (await run(roomLoader, getRequest(`/room/${roomIds[0]}${query}`), { roomId: roomIds[0]! })).data;
      expect(view.robots, query).toBe('noindex');
      expect(view.seo.canonical, query).toBe(
        query.includes('lang=en') ? `http://localhost:3000/room/${roomIds[0]}?lang=en` : `http://localhost:3000/room/${roomIds[0]}`,
      );
    }
  });
});

const contactFields = { intent: 'contact', name: 'Ana', email: 'ana@example.com', phone: '0612345678', dates: 'juin', guests: '3', message: 'Bonjour' };

async function countRows() {
  const [messages] = await db.select({ n: count() }).from(contactMessages);
  const [mails] = await db.select({ n: count() }).from(mailOutbox);
  const [reviews] = await db.select({ n: count() }).from(testimonials);
  return { messages: messages!.n, mails: mails!.n, reviews: reviews!.n };
}

// Validation, honeypot, limit and the no-JavaScript answer of all three public forms:
// tests/integration/public-forms.test.ts.
describe('contact action', () => {
  it('stores the message and its notification, then answers success with the toast', async () => {
    const before = await countRows();
    const result = await run(fromIp(homeAction, freshIp()), formRequest('/?index', contactFields));
    expect(result.status).toBe(200);
    expect(result.data.sentId).toBeTruthy();
    expect(result.headers.get('set-cookie')).toContain('toast=');
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, result.data.sentId));
    expect(row).toMatchObject({ name: 'Ana', email: 'ana@example.com', guests: 3, language: 'fr' });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.contactMessageId, row!.id));
    expect(mail).toMatchObject({ kind: 'contact', replyTo: 'ana@example.com' });
    expect(mail!.recipients).toContain('owner@example.com');
    expect(await countRows()).toMatchObject({ messages: before.messages + 1, mails: before.mails + 1 });
  });

  it('answers invalid input with 400 and field messages, storing nothing', async () => {
    const before = await countRows();
    const result = await run(fromIp(homeAction, freshIp()), formRequest('/?index', { intent: 'contact', name: '', email: 'x', guests: '9', message: '' }));
    expect(result.status).toBe(400);
    expect(result.data.result.error).toMatchObject({
      name: ['validation.required'],
      email: ['validation.email'],
      guests: ['validation.guests'],
      message: ['validation.required'],
    });
    expect(await countRows()).toEqual(before);
  });

  it('limits each IP to 5 messages per window with a translated 429, other IPs unaffected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await run(fromIp(homeAction, ip), formRequest('/?index', contactFields))).status).toBe(200);
    }
    const before = await countRows();
    const refused = await run(fromIp(homeAction, ip), formRequest('/?index', contactFields, undefined, { cookie: 'selectedLanguage=en' }));
    expect(refused.status).toBe(429);
    expect(refused.data.result.error['']).toEqual(['You have sent too many messages in a short time. Please try again in a few minutes.']);
    expect(await countRows()).toEqual(before);
    expect((await run(fromIp(homeAction, freshIp()), formRequest('/?index', contactFields))).status).toBe(200);
    // The window is fixed: once it has passed, the IP may send again.
    await db
      .update(submissionLimits)
      .set({ windowStartedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(submissionLimits.key, `contact:${ip}`));
    expect((await run(fromIp(homeAction, ip), formRequest('/?index', contactFields))).status).toBe(200);
  });

  it('counts the guest book separately from the contact form', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await run(fromIp(homeAction, ip), formRequest('/?index', contactFields));
    const review = { intent: 'testimonial', name: 'Zoé', email: 'z@example.com', country: 'FR', rating: '4', message: 'Top' };
    expect((await run(fromIp(guestBookAction, ip), formRequest('/livre-dor', review))).status).toBe(200);
  });
});

describe('guest-book action', () => {
  const review = { intent: 'testimonial', name: 'Zoé', email: 'zoe@example.com', country: 'CH', rating: '4', message: 'Très beau séjour' };

  it('stores the testimonial unpublished and unfeatured whatever is posted, with its notification', async () => {
    const result = await run(
      fromIp(guestBookAction, freshIp()),
      formRequest('/livre-dor', { ...review, isPublished: 'true', is_published: 'true', isFeatured: 'true', is_featured: 'on' }),
    );
    expect(result.status).toBe(200);
    expect(result.headers.get('set-cookie')).toContain('toast=');
    const [row] = await db.select().from(testimonials).where(eq(testimonials.id, result.data.sentId));
    expect(row).toMatchObject({ name: 'Zoé', country: 'CH', rating: 4, isPublished: false, isFeatured: false });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.testimonialId, row!.id));
    expect(mail?.kind).toBe('testimonial');
    const list = await run(guestBookLoader, getRequest('/livre-dor'));
    expect(list.data.testimonials.map((t: { name: string }) => t.name)).not.toContain('Zoé');
  });

  it('answers invalid input with 400 and field messages, storing nothing', async () => {
    const before = await countRows();
    const result = await run(
      fromIp(guestBookAction, freshIp()),
      formRequest('/livre-dor', { intent: 'testimonial', name: ' ', email: 'nope', country: '', rating: '7', message: '' }),
    );
    expect(result.status).toBe(400);
    expect(result.headers.get('set-cookie') ?? '').not.toContain('toast=');
    expect(result.data.result.error).toMatchObject({
      name: ['validation.required'],
      email: ['validation.email'],
      country: ['validation.required'],
      rating: ['validation.rating'],
      message: ['validation.required'],
    });
    expect(await countRows()).toEqual(before);
  });

  it('saves an empty country as null', async () => {
    const { id } = await submitTestimonial({ name: 'N', email: 'n@example.com', country: '  ', rating: 5, message: 'ok' });
    const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id));
    expect(row?.country).toBeNull();
  });
});
