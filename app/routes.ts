// The URL map: one line per route of SPEC §2, plus the resource endpoints.
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  // Public site
  index('routes/site/home.tsx'),
  route('room/:roomId', 'routes/site/room.tsx'),
  route('livre-dor', 'routes/site/guest-book.tsx'),
  route('mentions-legales', 'routes/site/legal.tsx'),
  route('auth', 'routes/site/auth.tsx'),

  // Back office
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
  ]),

  // Resources
  route('api/auth/*', 'routes/resources/auth.ts'),
  route('sign-out', 'routes/resources/sign-out.ts'),

  route('*', 'routes/site/not-found.tsx'),
] satisfies RouteConfig;
