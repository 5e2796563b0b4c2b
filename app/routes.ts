// The URL map: one line per route of SPEC §2, plus the resource endpoints.
import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  // Public site
  index('routes/site/home.tsx'),
  route('room/:roomId', 'routes/site/room.tsx'),
  route('livre-dor', 'routes/site/guest-book.tsx'),
  route('mentions-legales', 'routes/site/legal.tsx'),
  route('auth', 'routes/site/auth.tsx'),
  route('pay/:token', 'routes/site/pay.tsx'),

  // Back office (every loader and action guards itself with requireAdmin)
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/rooms.tsx'),
    route('rooms', 'routes/admin/rooms.tsx', { id: 'routes/admin/rooms-alias' }),
    route('room/:roomId', 'routes/admin/room-editor.tsx'),
    route('users', 'routes/admin/users.tsx'),
    route('seasons', 'routes/admin/seasons.tsx'),
    route('simulation', 'routes/admin/simulation.tsx'),
    route('promo-codes', 'routes/admin/promo-codes.tsx'),
    route('testimonials', 'routes/admin/testimonials.tsx'),
    route('messages', 'routes/admin/messages.tsx'),
    route('today', 'routes/admin/today.tsx'),
    route('reservations', 'routes/admin/reservations.tsx'),
    route('booking/:bookingId', 'routes/admin/booking.tsx'),
    route('arrivals', 'routes/admin/arrivals.tsx'),
    route('notes', 'routes/admin/notes.tsx'),
    route('tourist-tax', 'routes/admin/tourist-tax.tsx'),
    route('sections', 'routes/admin/sections.tsx'),
    route('section/:sectionId', 'routes/admin/section-editor.tsx'),
    route('languages', 'routes/admin/languages.tsx'),
    route('translations', 'routes/admin/translations.tsx'),
    route('config', 'routes/admin/config.tsx'),
    route('notifications', 'routes/admin/notifications.tsx'),
  ]),
  // The back office as an installed app (issue 48): open to all, browsers fetch them without cookies.
  route('admin/sw.js', 'routes/resources/admin-service-worker.ts'),
  route('admin/manifest.webmanifest', 'routes/resources/admin-manifest.ts'),

  // Resources
  route('admin/arrivals.csv', 'routes/resources/arrivals-csv.ts'),
  route('admin/notes.csv', 'routes/resources/notes-csv.ts'),
  route('admin/notes/:file', 'routes/resources/note-pdf.ts'),
  route('admin/stay-quote', 'routes/resources/stay-quote.ts'),
  route('admin/personal-data', 'routes/resources/personal-data.ts'),
  route('admin/tourist-tax.csv', 'routes/resources/tourist-tax-csv.ts'),
  route('api/media', 'routes/resources/media-upload.ts'),
  route('api/editing-language', 'routes/resources/editing-language.ts'),
  route('api/backup', 'routes/resources/backup.ts'),
  route('media/*', 'routes/resources/media.ts'),
  route('sign-out', 'routes/resources/sign-out.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
  route('ical/:file', 'routes/resources/ical-export.ts'),
  route('i18n/:file', 'routes/resources/catalog.ts'),

  route('*', 'routes/site/not-found.tsx'),
] satisfies RouteConfig;
