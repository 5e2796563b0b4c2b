// The three public forms — contact, guest book, booking request — run through one runner
// (runPublicForm, app/.server/site/public-form.ts), so they pass one set of tests: a
// stored submission and its toast, field messages only for invalid input, an unknown
// intent, the honeypot, the per-IP limit, and without JavaScript a 303 to the form's
// anchor whose confirmation shows once, so a reload never posts again. (Bytes that are
// not UTF-8: tests/integration/bad-input.test.ts, against the running build.)
// One database pass: its subject is the public form runner; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { guesthouseToday } from '~/.server/guesthouse-time';
import { db } from '~/.server/db/client';
import { bookings, contactEmails, contactMessages, languages, rooms, siteConfig, submissionLimits, testimonials } from '~/.server/db/schema';
import { addDays } from '~/lib/nights';
import { action as guestBookAction, loader as guestBookLoader } from '~/routes/site/guest-book';
import { action as homeAction, loader as homeLoader } from '~/routes/site/home';
import { action as roomAction, loader as roomLoader } from '~/routes/site/room';
import { formRequest, getRequest, run } from '../support/requests';

let roomId = '';
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const PAGE_NAVIGATION = { 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml' };

interface PublicForm {
  name: 'contact' | 'testimonial' | 'booking';
  path: () => string;
  params: () => Record<string, string>;
  valid: () => Record<string, string>;
  /** A field made invalid, and the message the schema gives it. */
  invalid: { field: string; value: string; message: string };
  /** Where a no-JavaScript submission lands. */
  anchor: () => string;
  stored: () => Promise<number>;
  action: typeof homeAction | typeof guestBookAction | typeof roomAction;
  /** Whether the page loaded with `cookie` shows the form's confirmation. */
  showsSent: (cookie?: string) => Promise<boolean>;
}

const arrival = () => addDays(guesthouseToday(), 30);
const departure = () => addDays(guesthouseToday(), 32);

const FORMS: PublicForm[] = [
  {
    name: 'contact',
    path: () => '/?index',
    params: () => ({}),
    valid: () => ({ intent: 'contact', name: 'Ana', email: 'ana@example.com', guests: '2', message: 'Bonjour' }),
    invalid: { field: 'email', value: 'x', message: 'validation.email' },
    anchor: () => '/#contact',
    stored: async () => (await db.select({ n: count() }).from(contactMessages))[0]!.n,
    action: homeAction,
    showsSent: async (cookie) => (await run(homeLoader, getRequest('/', cookie))).data.contactSent,
  },
  {
    name: 'testimonial',
    path: () => '/livre-dor',
    params: () => ({}),
    valid: () => ({ intent: 'testimonial', name: 'Zoé', email: 'zoe@example.com', country: 'CH', rating: '5', message: 'Très beau séjour' }),
    invalid: { field: 'email', value: 'x', message: 'validation.email' },
    anchor: () => '/livre-dor#temoigner',
    stored: async () => (await db.select({ n: count() }).from(testimonials))[0]!.n,
    action: guestBookAction,
    showsSent: async (cookie) => (await run(guestBookLoader, getRequest('/livre-dor', cookie))).data.sentBeforeLoad,
  },
  {
    name: 'booking',
    path: () => `/room/${roomId}`,
    params: () => ({ roomId }),
    valid: () => ({ intent: 'book', arrival: arrival(), departure: departure(), adults: '2', children: '0', name: 'Jane Doe', email: 'jane@example.org' }),
    invalid: { field: 'email', value: 'x', message: 'validation.email' },
    anchor: () => `/room/${roomId}?arrival=${arrival()}&departure=${departure()}&adults=2&children=0#reserver`,
    stored: async () => (await db.select({ n: count() }).from(bookings))[0]!.n,
    action: roomAction,
    showsSent: async (cookie) =>
      (await run(roomLoader, getRequest(`/room/${roomId}?arrival=${arrival()}&departure=${departure()}&adults=2`, cookie), { roomId })).data.sentBeforeLoad,
  },
];

/** Posts `fields` to the form's action from `ip`, as the Hono entry would (the IP in the load context). */
function post(form: PublicForm, fields: Record<string, string>, ip = freshIp(), headers: Record<string, string> = {}) {
  return run(form.action as typeof homeAction, formRequest(form.path(), fields, undefined, headers), form.params() as never, { clientIp: ip });
}

beforeAll(async () => {
  await db.insert(languages).values([
    { code: 'fr', name: 'Français', isDefault: true, position: 0 },
    { code: 'en', name: 'English', position: 1 },
  ]);
  await db.insert(siteConfig).values({ name: 'Mas Test', contactEmail: 'owner@example.com' });
  await db.insert(contactEmails).values({ email: 'owner@example.com' });
  const [room] = await db.insert(rooms).values({ position: 0, pricePerNightCents: 90_00, maxGuests: 2 }).returning({ id: rooms.id });
  roomId = room!.id;
});

describe.each(FORMS)('the $name form', (form) => {
  it('stores a valid submission and answers with its id and the success toast', async () => {
    const before = await form.stored();
    const result = await post(form, form.valid());
    expect(result.status).toBe(200);
    expect(result.data.sentId).toBeTruthy();
    expect(result.headers.get('set-cookie')).toContain('toast=');
    expect(await form.stored()).toBe(before + 1);
  });

  it('answers invalid input with 400 and the field message only, storing nothing', async () => {
    const before = await form.stored();
    const result = await post(form, { ...form.valid(), [form.invalid.field]: form.invalid.value });
    expect(result.status).toBe(400);
    expect(result.data.result.error).toMatchObject({ [form.invalid.field]: [form.invalid.message] });
    expect(result.headers.get('set-cookie') ?? '').not.toContain('toast=');
    expect(await form.stored()).toBe(before);
  });

  it('refuses another intent with 400', async () => {
    const result = await post(form, { ...form.valid(), intent: 'something-else' });
    expect(result.status).toBe(400);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = await form.stored();
    const result = await post(form, { ...form.valid(), website: 'http://spam.example' });
    expect(result.status).toBe(200);
    expect(result.data.sentId).toBeTruthy();
    expect(await form.stored()).toBe(before);
  });

  it("limits each IP per window with a 429 in the visitor's language, storing nothing over the limit", async () => {
    const ip = freshIp();
    // One booking request per stay: each takes other nights, so the limit is what refuses.
    const attempt = (i: number) =>
      form.name === 'booking'
        ? { ...form.valid(), arrival: addDays(guesthouseToday(), 60 + 3 * i), departure: addDays(guesthouseToday(), 61 + 3 * i) }
        : form.valid();
    for (let i = 0; i < 5; i++) expect((await post(form, attempt(i), ip)).status).toBe(200);
    const before = await form.stored();
    const refused = await post(form, attempt(5), ip, { cookie: 'selectedLanguage=en' });
    expect(refused.status).toBe(429);
    expect(refused.data.result.error['']).toEqual(['You have sent too many messages in a short time. Please try again in a few minutes.']);
    expect(await form.stored()).toBe(before);
    await db.delete(submissionLimits).where(eq(submissionLimits.key, `${form.name}:${ip}`));
  });

  it('without JavaScript: 303 to the form, whose confirmation shows once, so a reload posts nothing again', async () => {
    const before = await form.stored();
    const result = await post(form, form.valid(), freshIp(), PAGE_NAVIGATION);
    expect(result.status).toBe(303);
    expect(result.headers.get('location')).toBe(form.anchor());
    const flag = result.headers.get('set-cookie')!.split(';')[0]!;
    expect(flag).toBe(`formSent=${form.name}`);
    expect(await form.stored()).toBe(before + 1);
    // The page the browser is sent to shows the confirmation; the next one no longer does.
    expect(await form.showsSent(flag)).toBe(true);
    expect(await form.showsSent()).toBe(false);
    // Invalid input answers the page itself (400) with the messages: no redirect.
    const invalid = await post(form, { ...form.valid(), [form.invalid.field]: form.invalid.value }, freshIp(), PAGE_NAVIGATION);
    expect(invalid.status).toBe(400);
    expect(await form.stored()).toBe(before + 1);
  });

  it('without JavaScript, from a page opened with ?lang=: the 303 keeps the language (issue 47)', async () => {
    const path = form.path();
    const request = formRequest(`${path}${path.includes('?') ? '&' : '?'}lang=en`, form.valid(), undefined, PAGE_NAVIGATION);
    const result = await run(form.action as typeof homeAction, request, form.params() as never, { clientIp: freshIp() });
    expect(result.status).toBe(303);
    const [beforeHash, hash] = form.anchor().split('#');
    expect(result.headers.get('location')).toBe(`${beforeHash}${beforeHash!.includes('?') ? '&' : '?'}lang=en#${hash}`);
  });
});

describe('the booking request', () => {
  it("refuses a stay the price engine says no to with 409 and its reasons, in the visitor's language", async () => {
    const form = FORMS.find((f) => f.name === 'booking')!;
    const before = await form.stored();
    // Three guests in a room for two.
    const result = await post(form, { ...form.valid(), adults: '2', children: '1' }, freshIp(), { cookie: 'selectedLanguage=en' });
    expect(result.status).toBe(409);
    expect(result.data.result.error[''].length).toBeGreaterThan(1);
    expect(await form.stored()).toBe(before);
  });

  it('answers 404 for a room that does not exist, storing nothing', async () => {
    const form = FORMS.find((f) => f.name === 'booking')!;
    const before = await form.stored();
    const result = await run(
      roomAction,
      formRequest('/room/00000000-0000-4000-8000-000000000000', form.valid()),
      { roomId: '00000000-0000-4000-8000-000000000000' },
      { clientIp: freshIp() },
    );
    expect(result.status).toBe(404);
    expect(await form.stored()).toBe(before);
  });
});
