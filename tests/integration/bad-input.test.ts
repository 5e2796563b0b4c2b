// Issue 8's bad-input suite, through the real HTTP stack (the production build run as a
// child process): hundreds of malformed submissions to every form and endpoint. Each
// must be answered 400 or 413 (429 only for the limits), never 5xx, and store nothing.
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { contactEmails, distances, languages, rooms, seasons, testimonials, transportOptions } from '~/.server/db/schema';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { databaseDigest } from '../support/db-digest';

const ADMIN = { email: 'bad-input-admin@example.com', password: 'bad-input-password' };
let app: AppProcess;
let adminCookie = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startAppProcess({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'true' });
  const response = await fetch(`${app.url}/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'signin', ...ADMIN }),
  });
  adminCookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('better-auth'))
    .join('; ');
  expect(adminCookie).toContain('session_token');
  const first = async (table: any, column: any) => (await db.select({ id: table.id }).from(table).orderBy(asc(column)).limit(1))[0]!.id;
  ids.room = await first(rooms, rooms.position);
  ids.season = await first(seasons, seasons.name);
  ids.testimonial = await first(testimonials, testimonials.createdAt);
  ids.language = await first(languages, languages.position);
  ids.transport = await first(transportOptions, transportOptions.type);
  ids.distance = await first(distances, distances.city);
  ids.contactEmail = await first(contactEmails, contactEmails.email);
}, 300_000);

afterAll(async () => {
  await app?.kill();
});

type Fields = Record<string, string | string[]>;
interface Endpoint {
  name: string;
  path: string;
  admin: boolean;
  valid: () => Fields;
  /** field → bad values */
  bad: Record<string, string[]>;
  /** false for endpoints that take no `intent` (an extra field is ignored there, as any unknown field). */
  intents?: false;
}

const LONG = 'x'.repeat(20_000);
const TEXT = ['', '   ', LONG, 'a\u0000b'];
const OPTIONAL_TEXT = [LONG, 'a\u0000b'];
const EMAIL = ['', 'not-an-email', 'a@', '@example.com', 'a b@example.com', `${'x'.repeat(300)}@example.com`, 'a@b.c\u0000'];
const UUID = ['', 'not-a-uuid', "' or 1=1 --", '../../etc/passwd', '123'];
const INT = ['', 'abc', '-1', '0', '1e309', '99999999999', '2.5', 'NaN'];
const URL_VALUES = ['javascript:alert(1)', 'ftp://example.com', 'not a url', `https://${'x'.repeat(3000)}.com`, 'data:text/html,<script>'];

const ENDPOINTS: Endpoint[] = [
  {
    name: 'contact form',
    path: '/?index',
    admin: false,
    valid: () => ({ intent: 'contact', name: 'Marie', email: 'marie@example.com', phone: '', dates: '', guests: '2', message: 'Bonjour' }),
    bad: { name: TEXT, email: EMAIL, message: TEXT, guests: ['0', '5', 'abc', '-1', '2.5', '1e3'], phone: OPTIONAL_TEXT, dates: OPTIONAL_TEXT },
  },
  {
    name: 'guest book',
    path: '/livre-dor',
    admin: false,
    valid: () => ({ intent: 'testimonial', name: 'Marie', email: 'marie@example.com', country: 'FR', rating: '5', message: 'Merci' }),
    bad: { name: TEXT, email: EMAIL, message: TEXT, country: ['', 'XX', 'fr', LONG], rating: ['0', '6', 'abc', '4.5', '-1'] },
  },
  {
    name: 'sign-in',
    path: '/auth',
    admin: false,
    valid: () => ({ intent: 'signin', email: 'nobody@example.com', password: 'whatever-password' }),
    bad: { email: EMAIL, password: ['', 'x'.repeat(200)] },
  },
  {
    name: 'sign-up',
    path: '/auth',
    admin: false,
    valid: () => ({ intent: 'signup', email: 'new@example.com', password: 'long-enough-password' }),
    bad: { email: EMAIL, password: ['', 'short', 'x'.repeat(200)] },
  },
  {
    name: 'room editor',
    path: '/admin/room/new',
    admin: true,
    valid: () => ({ intent: 'save', name: 'Chambre test', maxGuests: '2', pricePerNight: '100', shortDescription: '', longDescription: '', tags: '' }),
    bad: { name: TEXT, maxGuests: [...INT, '11'], pricePerNight: ['abc', '-5', '0', '12.345', '1e309'], tags: [LONG], amenities: ['not-an-amenity'] },
  },
  {
    name: 'season price',
    path: `/admin/room/ROOM`,
    admin: true,
    valid: () => ({ intent: 'save-season-price', seasonId: ids.season!, price: '120' }),
    bad: { seasonId: UUID, price: ['', 'abc', '-1', '0', '12.345'] },
  },
  {
    name: 'rooms list',
    path: '/admin/rooms',
    admin: true,
    valid: () => ({ intent: 'move', id: ids.room!, direction: 'down' }),
    bad: { id: UUID, direction: ['', 'sideways', LONG] },
  },
  {
    name: 'section editor',
    path: '/admin/section/new',
    admin: true,
    valid: () => ({ intent: 'save', title: 'Section test', content: '', isActive: 'on' }),
    bad: { title: ['', '   ', LONG], amenities: ['not-an-amenity'] },
  },
  {
    name: 'sections list',
    path: '/admin/sections',
    admin: true,
    valid: () => ({ intent: 'activate', id: ids.room! }),
    bad: { id: UUID },
  },
  {
    name: 'seasons (create)',
    path: '/admin/seasons',
    admin: true,
    valid: () => ({ intent: 'create', name: 'Saison test' }),
    bad: { name: [LONG, 'a\u0000b'] },
  },
  {
    name: 'seasons (rename)',
    path: '/admin/seasons',
    admin: true,
    valid: () => ({ intent: 'rename', id: ids.season!, name: 'Saison renommée' }),
    bad: { id: UUID, name: [LONG] },
  },
  {
    name: 'users (role)',
    path: '/admin/users',
    admin: true,
    valid: () => ({ intent: 'update-role', userId: 'someone', role: 'user' }),
    bad: { userId: ['', LONG], role: ['', 'superadmin', 'ADMIN', LONG] },
  },
  {
    name: 'testimonials (edit)',
    path: '/admin/testimonials',
    admin: true,
    valid: () => ({ intent: 'edit', id: ids.testimonial!, name: 'Jean', email: 'jean@example.com', message: 'Super', country: 'FR' }),
    bad: { id: UUID, name: TEXT, email: EMAIL, message: TEXT, country: ['XX', LONG] },
  },
  {
    name: 'testimonials (publish)',
    path: '/admin/testimonials',
    admin: true,
    valid: () => ({ intent: 'publish', id: ids.testimonial!, published: 'true' }),
    bad: { id: UUID, published: ['', 'maybe', LONG] },
  },
  {
    name: 'languages (create)',
    path: '/admin/languages',
    admin: true,
    valid: () => ({ intent: 'create', code: 'it', name: 'Italiano', isActive: 'on' }),
    bad: { code: ['', 'x', 'italian', 'I T', '12', '<s>', LONG], name: TEXT },
  },
  {
    name: 'languages (move)',
    path: '/admin/languages',
    admin: true,
    valid: () => ({ intent: 'move', id: ids.language!, direction: 'down' }),
    bad: { id: UUID, direction: ['', 'left'] },
  },
  {
    name: 'configuration',
    path: '/admin/config',
    admin: true,
    valid: () => ({ intent: 'save-config', name: 'Le Mas', tagline: 'Grasse', contactEmail: 'owner@example.com', phones: '0493000000', address: 'Grasse', modalites: '' }),
    bad: {
      name: [LONG],
      tagline: [LONG],
      contactEmail: EMAIL.filter((e) => e !== ''),
      address: [LONG],
      instagramLink: URL_VALUES,
      bookingLink: URL_VALUES,
      airbnbLink: URL_VALUES,
      tripadvisorLink: URL_VALUES,
    },
  },
  {
    name: 'configuration (distance)',
    path: '/admin/config',
    admin: true,
    valid: () => ({ intent: 'add-distance', city: 'Vence', durationMinutes: '30' }),
    bad: { city: ['', '   ', LONG], durationMinutes: INT },
  },
  {
    name: 'configuration (contact email)',
    path: '/admin/config',
    admin: true,
    valid: () => ({ intent: 'add-email', email: 'more@example.com' }),
    bad: { email: EMAIL.filter((e) => e !== '') },
  },
  {
    name: 'configuration (transport)',
    path: '/admin/config',
    admin: true,
    valid: () => ({ intent: 'toggle-transport', id: ids.transport!, enabled: 'false' }),
    bad: { id: UUID, enabled: ['', 'yes', LONG] },
  },
  {
    name: 'messages',
    path: '/admin/messages',
    admin: true,
    valid: () => ({ intent: 'mark-read', id: ids.room! }),
    bad: { id: UUID },
  },
  {
    name: 'editing language',
    path: '/api/editing-language',
    admin: true,
    valid: () => ({ language: 'en' }),
    bad: { language: ['', 'xx', LONG, '<script>'] },
    intents: false,
  },
];

interface Case {
  label: string;
  endpoint: Endpoint;
  body: () => { body: BodyInit; type: string };
}

const form = (fields: Fields) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) params.append(key, v);
  return { body: params.toString(), type: 'application/x-www-form-urlencoded' };
};

const CASES: Case[] = [];
for (const endpoint of ENDPOINTS) {
  for (const [field, values] of Object.entries(endpoint.bad)) {
    for (const value of values) {
      CASES.push({
        label: `${endpoint.name}: ${field} = ${JSON.stringify(value.length > 40 ? `${value.slice(0, 20)}…(${value.length})` : value)}`,
        endpoint,
        body: () => form({ ...endpoint.valid(), [field]: value }),
      });
    }
  }
  CASES.push(
    { label: `${endpoint.name}: JSON body`, endpoint, body: () => ({ body: JSON.stringify(endpoint.valid()), type: 'application/json' }) },
    { label: `${endpoint.name}: plain text body`, endpoint, body: () => ({ body: 'hello', type: 'text/plain' }) },
    { label: `${endpoint.name}: 2 MB body`, endpoint, body: () => form({ ...endpoint.valid(), padding: 'x'.repeat(2 * 1024 * 1024) }) },
  );
  if (endpoint.intents !== false) {
    CASES.push({ label: `${endpoint.name}: unknown intent`, endpoint, body: () => form({ ...endpoint.valid(), intent: 'drop-table' }) });
  }
  const [firstField, firstValues] = Object.entries(endpoint.bad)[0]!;
  CASES.push({
    label: `${endpoint.name}: duplicated ${firstField}`,
    endpoint,
    body: () => form({ ...endpoint.valid(), [firstField]: [firstValues.at(-1)!, firstValues.at(-1)!] }),
  });
}

describe('bad input', () => {
  it('has at least 200 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(200);
  });

  it.each(CASES.map((c) => [c.label, c] as const))('%s → 400/413, nothing stored', async (_label, testCase) => {
    const before = await databaseDigest();
    const { body, type } = testCase.body();
    const path = testCase.endpoint.path.replace('ROOM', ids.room!);
    const response = await fetch(`${app.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: app.url,
        'content-type': type,
        accept: 'text/html',
        ...(testCase.endpoint.admin ? { cookie: adminCookie } : {}),
      },
      body,
    });
    const text = await response.text();
    expect(response.status, `${testCase.label}: ${text.slice(0, 300)}`).toBeLessThan(500);
    expect([400, 413, 429], `${testCase.label}: ${text.slice(0, 300)}`).toContain(response.status);
    expect(text.length).toBeGreaterThan(0); // a message, not an empty answer
    const after = await databaseDigest();
    const changed = after.split('\n').filter((line) => !before.split('\n').includes(line));
    expect(changed, `${testCase.label}: tables changed`).toEqual([]);
  });
});
