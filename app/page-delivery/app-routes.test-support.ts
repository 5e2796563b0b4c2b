// The app's route table (app/routes.ts) as the server build gives it, with the delivery
// declarations its modules make: what the delivery policy's unit tests adopt.
import type { BuildRoute } from './delivery-policy.server';
import type { RouteDelivery } from './route-delivery';

/** The app's route table (app/routes.ts) with the declarations its modules make. */
/** The back office's screens under /admin (their layout declares them personal). */
const ADMIN_SCREENS = [
  'rooms',
  'room/:roomId',
  'users',
  'seasons',
  'simulation',
  'promo-codes',
  'testimonials',
  'messages',
  'today',
  'reservations',
  'booking/:bookingId',
  'arrivals',
  'notes',
  'tourist-tax',
  'sections',
  'section/:sectionId',
  'languages',
  'translations',
  'config',
  'notifications',
];

export function appRoutes(): Record<string, BuildRoute> {
  const route = (id: string, parentId: string | undefined, path: string | undefined, delivery?: RouteDelivery, index = false): [string, BuildRoute] => [
    id,
    { id, parentId, path, index, module: { handle: delivery ? { delivery } : undefined } },
  ];
  return Object.fromEntries([
    route('root', undefined, '', { params: ['lang'] }),
    route('home', 'root', undefined, { kind: 'document' }, true),
    route('room', 'root', 'room/:roomId', { kind: 'document', variants: ['arrival', 'departure', 'guests', 'month'] }),
    route('guest-book', 'root', 'livre-dor', { kind: 'document' }),
    route('auth', 'root', 'auth', { kind: 'personal' }),
    route('admin', 'root', 'admin', { kind: 'personal' }),
    route('admin-index', 'admin', undefined, undefined, true),
    ...ADMIN_SCREENS.map((path) => route(`admin-${path}`, 'admin', path)),
    route('legal', 'root', 'mentions-legales', { kind: 'document' }),
    route('pay', 'root', 'pay/:token', { kind: 'personal' }),
    route('editing-language', 'root', 'api/editing-language', { kind: 'personal' }),
    route('backup', 'root', 'api/backup', { kind: 'personal' }),
    route('sign-out', 'root', 'sign-out', { kind: 'personal' }),
    route('sitemap', 'root', 'sitemap.xml', { kind: 'file' }),
    route('media', 'root', 'media/*', { kind: 'not-a-page' }),
    route('ical', 'root', 'ical/:file', { kind: 'not-a-page' }),
    route('upload', 'root', 'api/media', { kind: 'personal' }),
    route('arrivals-csv', 'root', 'admin/arrivals.csv', { kind: 'personal' }),
    route('notes-csv', 'root', 'admin/notes.csv', { kind: 'personal' }),
    route('note-pdf', 'root', 'admin/notes/:file', { kind: 'personal' }),
    route('stay-quote', 'root', 'admin/stay-quote', { kind: 'personal' }),
    route('personal-data', 'root', 'admin/personal-data', { kind: 'personal' }),
    route('tourist-tax-csv', 'root', 'admin/tourist-tax.csv', { kind: 'personal' }),
    route('catalog', 'root', 'i18n/:file', { kind: 'not-a-page' }),
    route('admin-service-worker', 'root', 'admin/sw.js', { kind: 'not-a-page' }),
    route('admin-manifest', 'root', 'admin/manifest.webmanifest', { kind: 'not-a-page' }),
    route('robots', 'root', 'robots.txt', { kind: 'file' }),
    route('not-found', 'root', '*', { kind: 'document' }),
  ]);
}
