import { beforeAll, describe, expect, it } from 'vitest';
import '~/.server/auth/session-cookie';
import '~/.server/http/toast-response';
import { appRoutes } from './app-routes.test-support';
import { adoptRouteDeclarations, isPersonalRequest, normalPageUrl } from './delivery-policy.server';

beforeAll(() => adoptRouteDeclarations(appRoutes()));

const personal = (path: string, cookie?: string) => isPersonalRequest(new URL(path, 'https://guesthouse.example'), cookie);

describe('isPersonalRequest', () => {
  it.each([
    ['/admin', undefined],
    ['/admin/rooms', undefined],
    ['/admin/rooms.data', undefined],
    ['/admin.data', undefined],
    // Any spelling of the path is the route that answers it.
    ['/ADMIN/rooms', undefined],
    ['/%61dmin/rooms', undefined],
    ['/admin/../admin/rooms', undefined],
    ['/admin/arrivals.csv', undefined],
    ['/admin/personal-data', undefined],
    ['/admin/tourist-tax.csv', undefined],
    ['/admin/notifications', undefined],
    ['/api/media', undefined],
    ['/api/auth/get-session', undefined],
    ['/API/AUTH/get-session', undefined],
    ['/auth', undefined],
    ['/', 'better-auth.session_token=abc'],
    ['/livre-dor.data', 'a=1; __Secure-better-auth.session_token=abc'],
  ])('%s with cookie %s is personal', (path, cookie) => {
    expect(personal(path, cookie)).toBe(true);
  });

  it.each([
    ['/', undefined],
    ['/administration-notes', undefined],
    ['/livre-dor', 'selectedLanguage=en'],
    ['/', 'not-better-auth.session_token_x=1'],
    ['/', 'someone_elses_analytics=1'],
    // Resources alike for everyone keep their own caching, even for a signed-in owner.
    ['/media/room/a.avif', 'better-auth.session_token=abc'],
    ['/ical/room.ics', 'better-auth.session_token=abc'],
    ['/i18n/en.json', 'better-auth.session_token=abc'],
    // The back office's service worker and manifest: no one's data, their own caching (no-cache for the worker).
    ['/admin/sw.js', 'better-auth.session_token=abc'],
    ['/admin/manifest.webmanifest', 'better-auth.session_token=abc'],
  ])('%s with cookie %s is not', (path, cookie) => {
    expect(personal(path, cookie)).toBe(false);
  });
});

describe('the route table these tests adopt', () => {
  it('has every path of app/routes.ts', async () => {
    const { default: config } = await import('~/routes');
    const paths = (entries: typeof config, parent = ''): string[] =>
      entries.flatMap((entry) => {
        const own = entry.index ? parent : [parent, entry.path].filter(Boolean).join('/');
        return [own, ...paths(entry.children ?? [], own)];
      });
    const table = Object.values(appRoutes());
    const full = (id: string | undefined): string => {
      const route = table.find((r) => r.id === id);
      return route ? [full(route.parentId), route.path].filter(Boolean).join('/') : '';
    };
    const known = new Set(table.map((r) => full(r.id)));
    expect(paths(config).filter((path) => !known.has(path))).toEqual([]);
  });
});

describe('normalPageUrl', () => {
  const origin = 'https://guesthouse.example';
  const normal = (path: string) => normalPageUrl(new URL(`${origin}${path}`));
  const room = '/room/6f1c1e7e-2f4b-4b1a-9a55-0b7d0c2c9a11';

  it('sends a page asked for by another spelling of its path to its one path, on the same origin, query kept', () => {
    expect(normal('/livre-dor/')).toBe(`${origin}/livre-dor`);
    expect(normal('//livre-dor')).toBe(`${origin}/livre-dor`);
    expect(normal('/LIVRE-DOR')).toBe(`${origin}/livre-dor`);
    expect(normal('/livre%2Ddor')).toBe(`${origin}/livre-dor`);
    expect(normal('/livre%2ddor/?utm_source=x&lang=en')).toBe(`${origin}/livre-dor?utm_source=x&lang=en`);
    expect(normal('//')).toBe(`${origin}/`);
    expect(normal(room.toUpperCase().replace('/ROOM/', '/room/'))).toBe(`${origin}${room}`);
    expect(normal('/ROBOTS.TXT')).toBe(`${origin}/robots.txt`);
  });

  it('never sends anyone to another host: a path of //host/… stays a path of this origin', () => {
    for (const path of ['//evil.example', '//evil.example/x', '///evil.example', '/\\evil.example']) {
      const target = normal(path);
      if (target === null) continue;
      expect(new URL(target).origin, path).toBe(origin);
      expect(new URL(target).pathname.startsWith('//'), path).toBe(false);
    }
  });

  it('leaves normal paths, and routes that are not pages alike for everyone, as they are', () => {
    for (const path of ['/', '/livre-dor', room, `${room}?month=2027-03`, '/robots.txt', '/livre-dor.data', '/LIVRE-DOR.data']) {
      expect(normal(path), path).toBeNull();
    }
    // Their spelling may matter to them (a media key, a feed's or a payment link's token).
    for (const path of ['/media/Room/A.avif', '/MEDIA/room/a.avif', '/ical/AbC.ics', '/pay/AbCdEf', '/i18n/FR.json', '/admin/Rooms', '/AUTH', '/__manifest']) {
      expect(normal(path), path).toBeNull();
    }
  });
});
