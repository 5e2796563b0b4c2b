import { describe, expect, it } from 'vitest';
import type { ActiveLanguage } from '../languages/language-choice';
import { buildSeo } from './seo-links';

const languages: ActiveLanguage[] = [
  { code: 'fr', name: 'Français', isDefault: true },
  { code: 'en', name: 'English', isDefault: false },
];
const seoFor = (url: string, language: string) =>
  buildSeo({ request: new Request(url), path: new URL(url).pathname, title: 't', description: 'd', language, languages });

describe('buildSeo: every hreflang target is its own canonical', () => {
  it('the x-default URL (no ?lang) is canonical to itself, whatever language it was served in', () => {
    const seo = seoFor('http://localhost:3000/', 'fr');
    expect(seo.canonical).toBe('http://localhost:3000/');
    expect(seo.alternates.find((a) => a.hreflang === 'x-default')?.href).toBe(seo.canonical);
    // A visitor whose cookie or browser chose English still gets `/` as the canonical of `/`.
    expect(seoFor('http://localhost:3000/livre-dor', 'en').canonical).toBe('http://localhost:3000/livre-dor');
  });

  it('a ?lang= URL is canonical to itself and is one of the alternates', () => {
    const seo = seoFor('http://localhost:3000/room/abc?lang=en', 'en');
    expect(seo.canonical).toBe('http://localhost:3000/room/abc?lang=en');
    expect(seo.alternates.map((a) => a.href)).toContain(seo.canonical);
  });

  it('an inactive or unknown ?lang falls back to the x-default URL, never to another alternate', () => {
    expect(seoFor('http://localhost:3000/?lang=zz', 'fr').canonical).toBe('http://localhost:3000/');
  });

  it('every canonical is among the alternates', () => {
    for (const url of ['http://localhost:3000/', 'http://localhost:3000/?lang=fr', 'http://localhost:3000/?lang=en', 'http://localhost:3000/?lang=EN']) {
      const language = new URL(url).searchParams.get('lang')?.toLowerCase() ?? 'fr';
      const seo = seoFor(url, language);
      expect(seo.alternates.map((a) => a.href)).toContain(seo.canonical);
    }
  });
});
