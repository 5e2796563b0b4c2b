import { describe, expect, it } from 'vitest';
import type { ActiveLanguage } from '~/.server/language-choice';
import { cacheTarget, rememberedTargetCount, REMEMBERED_TARGETS_MAX, type NodeRequestHead, type PageCacheOptions } from './page-cache-key';

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
      key: 'en https://guesthouse.example/?x=1',
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

  it('tells forwarded hosts apart behind a trusted proxy', () => {
    const proxied = { ...OPTIONS, trustProxy: true };
    const direct = cacheTarget(request('/proxied', { 'x-forwarded-host': 'guesthouse.example', 'x-forwarded-proto': 'https' }), proxied, LANGUAGES);
    const other = cacheTarget(request('/proxied', { 'x-forwarded-host': 'other.example', 'x-forwarded-proto': 'https' }), proxied, LANGUAGES);
    expect(direct?.key).toBe('fr https://guesthouse.example/proxied');
    expect(other?.key).toBe('fr https://other.example/proxied');
  });

  it('stays bounded: never more than its maximum, and never an input longer than a header of a browser', () => {
    for (let i = 0; i < REMEMBERED_TARGETS_MAX + 50; i++) cacheTarget(request(`/many?page=${i}`), OPTIONS, LANGUAGES);
    expect(rememberedTargetCount()).toBeLessThanOrEqual(REMEMBERED_TARGETS_MAX);
    const count = rememberedTargetCount();
    const long = cacheTarget(request(`/long?q=${'x'.repeat(2_000)}`), OPTIONS, LANGUAGES);
    expect(long?.key).toBe(`fr https://guesthouse.example/long?q=${'x'.repeat(2_000)}`);
    expect(rememberedTargetCount()).toBe(count);
  });
});
