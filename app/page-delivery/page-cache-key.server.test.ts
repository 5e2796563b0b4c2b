import { beforeAll, describe, expect, it } from 'vitest';
import '~/.server/auth/session-cookie';
import '~/.server/languages/language-choice';
import '~/.server/http/toast-response';
import type { ActiveLanguage } from '~/.server/languages/language-choice';
import { appRoutes } from './app-routes.test-support';
import { adoptRouteDeclarations } from './delivery-policy.server';
import { cacheTarget, rememberedTargetCount, REMEMBERED_TARGETS_MAX, type NodeRequestHead, type PageCacheOptions } from './page-cache-key.server';

beforeAll(() => adoptRouteDeclarations(appRoutes()));

const LANGUAGES: ActiveLanguage[] = [
  { code: 'fr', name: 'Français', isDefault: true },
  { code: 'en', name: 'English', isDefault: false },
  { code: 'de', name: 'Deutsch', isDefault: false },
];
const OPTIONS: PageCacheOptions = { publicUrl: 'https://guesthouse.example', trustProxy: false, https: true };

function request(url: string, headers: Record<string, string> = {}, method = 'GET'): NodeRequestHead {
  return { method, url, headers: { host: 'guesthouse.example', ...headers } };
}

describe('cacheTarget', () => {
  it('keys a page by public origin, path, query and the resolved language, and picks the encoding', () => {
    expect(cacheTarget(request('/livre-dor'), OPTIONS, LANGUAGES)).toEqual({ key: 'fr https://guesthouse.example/livre-dor', encoding: 'identity' });
    expect(cacheTarget(request('/', { 'accept-language': 'de-DE,de;q=0.9', 'accept-encoding': 'gzip, br' }), OPTIONS, LANGUAGES)).toEqual({
      key: 'de https://guesthouse.example/',
      encoding: 'br',
    });
    expect(cacheTarget(request('/?x=1', { cookie: 'selectedLanguage=en', 'accept-encoding': 'gzip' }), OPTIONS, LANGUAGES)).toEqual({
      key: 'en https://guesthouse.example/',
      encoding: 'gzip',
    });
    expect(cacheTarget(request('/?lang=de', { 'accept-language': 'en' }), OPTIONS, LANGUAGES)?.key).toBe('de https://guesthouse.example/?lang=de');
  });

  it('has no target for personal requests, other methods and paths that are not pages', () => {
    expect(cacheTarget(request('/', { cookie: 'better-auth.session_token=abc' }), OPTIONS, LANGUAGES)).toBeNull();
    expect(cacheTarget(request('/', { cookie: 'toast=1' }), OPTIONS, LANGUAGES)).toBeNull();
    expect(cacheTarget(request('/admin/rooms'), OPTIONS, LANGUAGES)).toBeNull();
    expect(cacheTarget(request('/media/a.jpg'), OPTIONS, LANGUAGES)).toBeNull();
    expect(cacheTarget(request('/', {}, 'POST'), OPTIONS, LANGUAGES)).toBeNull();
    // A remembered null stays null.
    expect(cacheTarget(request('/', { cookie: 'toast=1' }), OPTIONS, LANGUAGES)).toBeNull();
  });

  it('keys a page by the parameters its routes read: any other is answered from the entry without it', () => {
    const key = (url: string) => cacheTarget(request(url), OPTIONS, LANGUAGES)?.key;
    expect(key('/?utm_source=news&fbclid=abc&gclid=1&zz=9')).toBe('fr https://guesthouse.example/');
    expect(key('/?lang=en&utm_source=news')).toBe('en https://guesthouse.example/?lang=en');
    expect(key('/livre-dor?page=2&random=1')).toBe('fr https://guesthouse.example/livre-dor');
    // React Router's data requests keep its own parameters.
    expect(key('/livre-dor.data?_routes=routes%2Fsite%2Fguest-book&x=1')).toBe(
      'fr https://guesthouse.example/livre-dor.data?_routes=routes%2Fsite%2Fguest-book',
    );
    // A file is the same for every language: one entry.
    expect(key('/robots.txt?q=1')).toBe('* https://guesthouse.example/robots.txt');
    expect(cacheTarget(request('/robots.txt?q=2', { 'accept-language': 'de' }), OPTIONS, LANGUAGES)?.key).toBe('* https://guesthouse.example/robots.txt');
  });

  it('never keeps a room page with its calendar or quote parameters, nor a page asked for by a path not in its normal form', () => {
    const room = '/room/6f1c1e7e-2f4b-4b1a-9a55-0b7d0c2c9a11';
    expect(cacheTarget(request(room), OPTIONS, LANGUAGES)?.key).toBe(`fr https://guesthouse.example${room}`);
    for (const query of ['?month=2027-03', '?arrival=2027-03-01', '?arrival=2027-03-01&departure=2027-03-04&guests=2', '?guests=1&utm_source=x']) {
      expect(cacheTarget(request(`${room}${query}`), OPTIONS, LANGUAGES), query).toBeNull();
    }
    expect(cacheTarget(request('/LIVRE-DOR'), OPTIONS, LANGUAGES)).toBeNull();
    expect(cacheTarget(request('/livre%2ddor'), OPTIONS, LANGUAGES)).toBeNull();
  });

  it("never takes React Router's own endpoints for pages", () => {
    expect(cacheTarget(request('/__manifest?p=%2Froom%2Fa&version=1'), OPTIONS, LANGUAGES)).toBeNull();
  });

  it('sees the route that answers whatever the case, encoding or dot segments of its path: media and feeds are never pages', () => {
    for (const path of [
      '/media/a.jpg',
      '/MEDIA/a.jpg',
      '/%6dedia/a.jpg',
      '/%6Dedia/a.jpg',
      '/x/../media/a.jpg',
      '/%2e%2e/media/a.jpg',
      '/ICAL/room.ics',
      '/ical/room.ics',
      '/ADMIN',
      '/Auth',
      '/api/media',
      '/API/MEDIA',
    ]) {
      expect(cacheTarget(request(path), OPTIONS, LANGUAGES), path).toBeNull();
    }
  });

  it('treats the cookies the app declares personal as personal, and no other', () => {
    expect(cacheTarget(request('/', { cookie: '__Secure-better-auth.session_token=abc' }), OPTIONS, LANGUAGES)).toBeNull();
    expect(cacheTarget(request('/', { cookie: 'better-auth.state=abc' }), OPTIONS, LANGUAGES)).toBeNull();
    // A third party's cookie (analytics) changes nothing on our pages.
    expect(cacheTarget(request('/', { cookie: '_ga=GA1.1.1' }), OPTIONS, LANGUAGES)?.key).toBe('fr https://guesthouse.example/');
  });

  it('remembers a target by the request’s inputs: the same answer without working it out again', () => {
    const first = cacheTarget(request('/remembered', { 'accept-language': 'en' }), OPTIONS, LANGUAGES);
    const again = cacheTarget(request('/remembered', { 'accept-language': 'en' }), OPTIONS, LANGUAGES);
    expect(again).toBe(first);
    // Another value of any input is another target (a memo keyed by the URL alone would answer 'en ' and identity here).
    expect(cacheTarget(request('/remembered', { 'accept-language': 'de' }), OPTIONS, LANGUAGES)?.key).toBe('de https://guesthouse.example/remembered');
    expect(cacheTarget(request('/remembered', { 'accept-language': 'en', 'accept-encoding': 'br' }), OPTIONS, LANGUAGES)?.encoding).toBe('br');
    expect(cacheTarget(request('/remembered', { 'accept-language': 'en', cookie: 'toast=1' }), OPTIONS, LANGUAGES)).toBeNull();
  });

  it('works targets out again when the active languages change', () => {
    const before = cacheTarget(request('/languages-change'), OPTIONS, LANGUAGES);
    const englishFirst = LANGUAGES.map((language) => ({ ...language, isDefault: language.code === 'en' }));
    expect(before?.key).toBe('fr https://guesthouse.example/languages-change');
    expect(cacheTarget(request('/languages-change'), OPTIONS, englishFirst)?.key).toBe('en https://guesthouse.example/languages-change');
  });

  it('keeps pages of the public origin only: another Host, or another forwarded host behind a trusted proxy, is answered without the cache', () => {
    const proxied = { ...OPTIONS, trustProxy: true };
    const direct = cacheTarget(request('/livre-dor', { 'x-forwarded-host': 'guesthouse.example', 'x-forwarded-proto': 'https' }), proxied, LANGUAGES);
    expect(direct?.key).toBe('fr https://guesthouse.example/livre-dor');
    expect(cacheTarget(request('/livre-dor', { 'x-forwarded-host': 'other.example', 'x-forwarded-proto': 'https' }), proxied, LANGUAGES)).toBeNull();
    for (const host of ['other.example', `x${Math.random().toString(36).slice(2)}.example`, '127.0.0.1:3000', 'guesthouse.example.evil.example']) {
      expect(cacheTarget(request('/', { host }), OPTIONS, LANGUAGES), host).toBeNull();
    }
    // The public host on any port is the public origin (a proxy's $host carries no port).
    expect(cacheTarget(request('/', { host: 'guesthouse.example:3000' }), OPTIONS, LANGUAGES)?.key).toBe('fr https://guesthouse.example/');
  });

  it('keys ?lang= by the active language it chooses, and drops one that chooses none', () => {
    const key = (url: string, headers: Record<string, string> = {}) => cacheTarget(request(url, headers), OPTIONS, LANGUAGES)?.key;
    for (const junk of ['xx', 'zz-ZZ', 'es', '', `${Math.random().toString(36).slice(2)}`, 'en%00']) {
      expect(key(`/?lang=${junk}`), junk).toBe('fr https://guesthouse.example/');
      expect(key(`/livre-dor?lang=${junk}`, { 'accept-language': 'de' }), junk).toBe('de https://guesthouse.example/livre-dor');
    }
    expect(key('/?lang=EN')).toBe('en https://guesthouse.example/?lang=en');
    expect(key('/?lang=en&lang=xx')).toBe('en https://guesthouse.example/?lang=en');
  });

  it('has no target for another spelling of a page’s path (it is redirected to the normal one)', () => {
    for (const path of ['/livre-dor/', '//livre-dor', '/LIVRE-DOR', '/livre%2Ddor', '/livre-dor//', '//']) {
      expect(cacheTarget(request(path), OPTIONS, LANGUAGES), path).toBeNull();
    }
  });

  it('stays bounded: never more than its maximum, and never an input longer than a header of a browser', () => {
    for (let i = 0; i < REMEMBERED_TARGETS_MAX + 50; i++) cacheTarget(request(`/many?page=${i}`), OPTIONS, LANGUAGES);
    expect(rememberedTargetCount()).toBeLessThanOrEqual(REMEMBERED_TARGETS_MAX);
    const count = rememberedTargetCount();
    const long = cacheTarget(request(`/long?q=${'x'.repeat(2_000)}`), OPTIONS, LANGUAGES);
    expect(long?.key).toBe('fr https://guesthouse.example/long');
    expect(rememberedTargetCount()).toBe(count);
  });
});
