import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import routes from '~/routes';
import { isPublicPage } from './route-delivery';

describe('isPublicPage', () => {
  const declares = (page?: 'public' | 'back-office') => ({ delivery: { kind: 'document', page } });

  it('takes the deepest declaration', () => {
    expect(isPublicPage([undefined, declares('public')])).toBe(true);
    expect(isPublicPage([undefined, declares('back-office'), declares()])).toBe(false);
    expect(isPublicPage([declares('back-office'), declares('public')])).toBe(true);
  });

  it('delivers a page nobody declares as the back office (the whole stylesheet, hydrated at once)', () => {
    expect(isPublicPage([])).toBe(false);
    expect(isPublicPage([undefined, { other: true }])).toBe(false);
  });
});

interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

/** The `page` a route module declares in its handle, read from its source. */
function declaredPage(file: string): string | undefined {
  const source = fs.readFileSync(path.join('app', file), 'utf8');
  return /export const handle = \{ delivery: \{[^}]*\bpage: '([a-z-]+)'/.exec(source)?.[1];
}

describe('the routes of app/routes.ts', () => {
  it('declare how each page is delivered: every module that renders one, or a layout above it', () => {
    const undeclared: string[] = [];
    const walk = (entries: RouteEntry[], inherited: string | undefined) => {
      for (const entry of entries) {
        const page = declaredPage(entry.file) ?? inherited;
        const rendersPage = /^export default function/m.test(fs.readFileSync(path.join('app', entry.file), 'utf8'));
        if (rendersPage && !page) undeclared.push(entry.file);
        walk(entry.children ?? [], page);
      }
    };
    walk(routes as RouteEntry[], undefined);
    expect(undeclared).toEqual([]);
    expect(declaredPage('routes/site/home.tsx')).toBe('public');
    expect(declaredPage('routes/site/auth.tsx')).toBe('back-office');
    expect(declaredPage('routes/admin/layout.tsx')).toBe('back-office');
  });
});
