// Every cookie the app can set is declared personal or shared by the module that sets
// it (app/.server/http/cookies.ts), since the page cache decides from those declarations
// whether a page may be kept and served to others (issue 31, item 5). This walks the
// app's route table: every loader (anonymous, with `?lang=`, with a pending toast, as an
// admin) and every action intent (anonymous and as an admin), plus better-auth's own
// sign-in, sign-up and sign-out, and fails on any Set-Cookie whose name nobody declared.
// One database pass: its subject is the Set-Cookie headers of every route, which no database server changes.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cookieScope } from '~/.server/http/cookies';
import { db } from '~/.server/db/client';
import { languages } from '~/.server/db/schema';
import routes from '~/routes';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';

interface RouteEntry {
  file: string;
  path: string;
}

function flatten(entries: Array<{ file: string; path?: string; index?: boolean; children?: unknown[] }>, prefix = ''): RouteEntry[] {
  return entries.flatMap((entry) => {
    const full = entry.index ? prefix : [prefix, entry.path].filter(Boolean).join('/');
    return [{ file: entry.file, path: `/${full}`.replace(/\/+/g, '/') }, ...flatten((entry.children ?? []) as never, full)];
  });
}

/** Intents an action dispatches on (the access matrix reads them the same way). */
function intentsOf(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/case\s+'([a-z][a-z0-9-]*)'\s*:/gi)) found.add(m[1]!);
  for (const m of code.matchAll(/intent\s*===\s*'([a-z][a-z0-9-]*)'/gi)) found.add(m[1]!);
  for (const m of code.matchAll(/intent'\)\s*!==\s*'([a-z][a-z0-9-]*)'/gi)) found.add(m[1]!);
  return found.size ? [...found] : ['__none__'];
}

const ID = '00000000-0000-4000-8000-000000000000';
const concrete = (p: string) =>
  p
    .replace(/:roomId|:sectionId/g, ID)
    .replace(':file', 'fr.json')
    .replace('*', 'nothing.jpg');
const PARAMS = { roomId: ID, sectionId: ID, file: 'fr.json', '*': 'nothing.jpg' };
const TOAST = `toast=${Buffer.from(JSON.stringify({ type: 'success', title: 'x' })).toString('base64url')}`;

/** Names of the cookies a result sets. */
const setCookieNames = (headers: Headers) => headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf('=')).trim());

describe('cookies the app sets', () => {
  const seen = new Map<string, string>();
  const note = (headers: Headers, where: string) => {
    for (const name of setCookieNames(headers)) if (!seen.has(name)) seen.set(name, where);
  };
  let admin: Awaited<ReturnType<typeof signedInAs>>;

  beforeAll(async () => {
    await db.insert(languages).values([
      { code: 'fr', name: 'Français', isDefault: true, position: 0 },
      { code: 'en', name: 'English', position: 1 },
    ]);
    admin = await signedInAs('admin');
  });

  it('walks every loader and action intent of the route table, and every cookie they set is declared', async () => {
    const { auth } = await import('~/.server/auth/better-auth');
    const email = `walker-${Date.now()}@example.com`;
    note((await auth.api.signUpEmail({ body: { email, password: 'correct-horse-battery', name: email }, asResponse: true })).headers, 'sign-up');
    note((await auth.api.signInEmail({ body: { email, password: 'correct-horse-battery' }, asResponse: true })).headers, 'sign-in');

    // The document's root route (app/root.tsx) first: its loader runs for every page.
    for (const { file, path: routePath } of [{ file: 'root.tsx', path: '/' }, ...flatten(routes as never)]) {
      const module = await import(/* @vite-ignore */ `~/${file.replace(/\.tsx?$/, '')}`);
      const url = concrete(routePath);
      if (module.loader) {
        for (const [query, cookie] of [
          ['', undefined],
          ['?lang=fr', undefined],
          ['', TOAST],
          ['?lang=fr&editing=fr', admin.cookie],
        ] as const) {
          const result = await run(module.loader, getRequest(`${url}${query}`, cookie), PARAMS);
          note(result.headers, `${file} loader ${query} ${cookie === admin.cookie ? 'admin' : (cookie ?? '')}`);
        }
      }
      if (module.action) {
        const intents = intentsOf(fs.readFileSync(path.join('app', file), 'utf8'));
        for (const intent of intents) {
          for (const cookie of [undefined, admin.cookie]) {
            const fields = { intent, email: 'x@example.com', password: 'correct-horse-battery', name: 'X', language: 'fr', code: 'xx', message: 'x' };
            const result = await run(module.action, formRequest(url, fields, cookie), PARAMS);
            note(result.headers, `${file} ${intent} ${cookie ? 'admin' : 'anonymous'}`);
          }
        }
      }
    }
    // The walk reached the cookies we know of, so it would reach a new one too.
    expect([...seen.keys()]).toEqual(expect.arrayContaining(['selectedLanguage', 'toast', 'better-auth.session_token', 'editingLanguage']));
    const undeclared = [...seen].filter(([name]) => cookieScope(name) === undefined).map(([name, where]) => `${name} (set by ${where})`);
    expect(undeclared).toEqual([]);
  }, 120_000);

  it('declares the session, the toast and the form confirmation personal, and only the language choice shared', () => {
    expect(cookieScope('better-auth.session_token')).toBe('personal');
    expect(cookieScope('__Secure-better-auth.session_data')).toBe('personal');
    expect(cookieScope('toast')).toBe('personal');
    expect(cookieScope('formSent')).toBe('personal');
    expect(cookieScope('editingLanguage')).toBe('personal');
    expect(cookieScope('selectedLanguage')).toBe('shared');
    expect(cookieScope('_ga')).toBeUndefined();
  });
});
