// The authorization matrix of issue 8, generated from the app's route table:
// - every route module has an access decision here, and each of its loaders and
//   actions starts with the matching guard (a new route without a decision fails);
// - every admin loader and every action intent, called as an anonymous visitor and as
//   a signed-in user, is refused and leaves every table unchanged; as an admin it is
//   not refused.
// One database pass: its subject is who may call each loader and action; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import routes from '~/routes';
import { databaseDigest } from '../support/db-digest';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';

type Access = 'public' | 'user' | 'admin';

/** The access decision for every route module (path relative to app/). */
const DECISIONS: Record<string, Access> = {
  'routes/site/home.tsx': 'public',
  'routes/site/room.tsx': 'public',
  'routes/site/guest-book.tsx': 'public',
  'routes/site/legal.tsx': 'public',
  'routes/site/auth.tsx': 'public',
  'routes/site/not-found.tsx': 'public',
  // The deposit's payment link: open to whoever holds the booking's secret token (issue 36).
  // POST /webhooks/stripe is a server path, not a route: anonymous, signature-only (online-deposit.test.ts).
  'routes/site/pay.tsx': 'public',
  'routes/admin/layout.tsx': 'admin',
  'routes/admin/rooms.tsx': 'admin',
  'routes/admin/room-editor.tsx': 'admin',
  'routes/admin/users.tsx': 'admin',
  'routes/admin/seasons.tsx': 'admin',
  // Stay rules, prices and codes (issue 45): the owner's simulation, promo codes, and the booking forms' live quote.
  'routes/admin/simulation.tsx': 'admin',
  'routes/admin/promo-codes.tsx': 'admin',
  'routes/resources/stay-quote.ts': 'admin',
  'routes/admin/testimonials.tsx': 'admin',
  'routes/admin/messages.tsx': 'admin',
  'routes/admin/reservations.tsx': 'admin',
  'routes/admin/today.tsx': 'admin',
  'routes/admin/booking.tsx': 'admin',
  'routes/admin/arrivals.tsx': 'admin',
  'routes/resources/arrivals-csv.ts': 'admin',
  // The notes and credit notes (issue 52): the register, its CSV for the accountant, each PDF.
  'routes/admin/notes.tsx': 'admin',
  'routes/resources/notes-csv.ts': 'admin',
  'routes/resources/note-pdf.ts': 'admin',
  // One person's data as a file (issue 47): the owner answers an access request.
  'routes/resources/personal-data.ts': 'admin',
  // The tourist-tax register and its CSV (issue 44).
  'routes/admin/tourist-tax.tsx': 'admin',
  'routes/resources/tourist-tax-csv.ts': 'admin',
  'routes/admin/sections.tsx': 'admin',
  'routes/admin/section-editor.tsx': 'admin',
  'routes/admin/languages.tsx': 'admin',
  'routes/admin/translations.tsx': 'admin',
  'routes/admin/config.tsx': 'admin',
  // Each admin's devices that receive notifications (issue 48).
  'routes/admin/notifications.tsx': 'admin',
  'routes/resources/media-upload.ts': 'admin',
  'routes/resources/editing-language.ts': 'admin',
  'routes/resources/backup.ts': 'admin',
  'routes/resources/media.ts': 'public',
  'routes/resources/sign-out.ts': 'public',
  'routes/resources/sitemap.ts': 'public',
  'routes/resources/robots.ts': 'public',
  // The built-in texts every page's script reads (no one's data).
  'routes/resources/catalog.ts': 'public',
  // The export feed: open to whoever holds the room's secret token (the platforms fetch it).
  'routes/resources/ical-export.ts': 'public',
  // The back office as an installed app: its worker and manifest hold nothing personal, and browsers fetch them without cookies.
  'routes/resources/admin-service-worker.ts': 'public',
  'routes/resources/admin-manifest.ts': 'public',
};
/** Handlers whose guard differs from their module's decision. */
const HANDLER_EXCEPTIONS: Record<string, Access> = { 'routes/resources/sign-out.ts#action': 'user' };

const GUARD: Record<Access, string> = { public: 'publicAccess', user: 'requireUser', admin: 'requireAdmin' };

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

const ROUTES = flatten(routes as never);
const source = (file: string) => fs.readFileSync(path.join('app', file), 'utf8');

/** The first statement of an exported loader/action, or null when absent. */
function firstStatement(code: string, name: 'loader' | 'action'): string | null {
  const match = new RegExp(`export\\s+(?:async\\s+)?function\\s+${name}\\s*\\([^)]*\\)[^{]*\\{\\s*([^;]+);`).exec(code);
  if (match) return match[1]!;
  if (new RegExp(`export\\s+(const|let)\\s+${name}\\b`).test(code)) return `non-function ${name}`;
  return null;
}

/** Intents an action dispatches on, read from its module and the modules it delegates to. */
function intentsOf(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/case\s+'([a-z][a-z0-9-]*)'\s*:/gi)) found.add(m[1]!);
  for (const m of code.matchAll(/intent\s*===\s*'([a-z][a-z0-9-]*)'/gi)) found.add(m[1]!);
  return found.size ? [...found] : ['__none__'];
}

describe('access decisions', () => {
  it('every route module has a decision, and no decision names a missing route', () => {
    const files = new Set(ROUTES.map((r) => r.file));
    expect([...files].filter((f) => !(f in DECISIONS))).toEqual([]);
    expect(Object.keys(DECISIONS).filter((f) => !files.has(f))).toEqual([]);
  });

  it('sees the intents of every screen, e.g. the Saisons periods, rules, reductions and names, the room calendars and prices (issues 14, 45)', () => {
    expect(intentsOf(source('routes/admin/seasons.tsx')).sort()).toEqual(
      [
        'add-length-discount',
        'add-period',
        'create',
        'delete',
        'delete-length-discount',
        'delete-period',
        'rename',
        'set-rules',
        'translate-name',
        'update-period',
      ].sort(),
    );
    expect(intentsOf(source('routes/admin/promo-codes.tsx')).sort()).toEqual(['create', 'delete', 'update']);
    expect(intentsOf(source('routes/admin/users.tsx')).sort()).toEqual(['delete', 'invite', 'resend-invitation', 'revoke-invitation', 'update-role']);
    expect(intentsOf(source('routes/admin/config.tsx'))).toEqual(expect.arrayContaining(['save-legal', 'save-retention', 'find-person', 'erase-person']));
    expect(intentsOf(source('routes/resources/personal-data.ts'))).toEqual(['export-person']);
    expect(intentsOf(source('routes/admin/notifications.tsx')).sort()).toEqual(['delete', 'subscribe', 'test', 'unsubscribe']);
    expect(intentsOf(source('routes/site/auth.tsx')).sort()).toEqual(['accept-invitation', 'signin', 'signup']);
    expect(intentsOf(source('routes/admin/tourist-tax.tsx')).sort()).toEqual(['declare', 'withdraw']);
    expect(intentsOf(source('routes/admin/booking.tsx'))).toContain('set-tax-collector');
    expect(intentsOf(source('routes/admin/config.tsx'))).toContain('save-tourist-tax');
    // Money the French way (issue 52): payments and refunds by nature, the note, the bank account and the deposit's nature.
    expect(intentsOf(source('routes/admin/booking.tsx')).sort()).toEqual(
      ['cancel', 'change', 'issue-note', 'message', 'payment', 'record', 'refund-deposit', 'release-hold', 'set-tax-collector'].sort(),
    );
    expect(intentsOf(source('routes/admin/config.tsx'))).toContain('save-money-terms');
    expect(intentsOf(source('routes/admin/room-editor.tsx')).sort()).toEqual(
      [
        'add-feed',
        'add-length-discount',
        'delete-feed',
        'delete-length-discount',
        'delete-season-price',
        'regenerate-export',
        'rename-feed',
        'save',
        'save-guest-prices',
        'save-room-rules',
        'save-season-price',
      ].sort(),
    );
  });

  it.each(Object.entries(DECISIONS))('%s: each loader and action starts with its guard', (file, access) => {
    const code = source(file);
    for (const name of ['loader', 'action'] as const) {
      const first = firstStatement(code, name);
      if (first === null) continue;
      const expected = GUARD[HANDLER_EXCEPTIONS[`${file}#${name}`] ?? access];
      expect(first, `${file} ${name}`).toMatch(new RegExp(`^(?:const\\s+\\w+\\s*=\\s*)?(?:await\\s+)?${expected}\\(request`));
    }
  });
});

describe('authorization matrix', () => {
  let user: Awaited<ReturnType<typeof signedInAs>>;
  let admin: Awaited<ReturnType<typeof signedInAs>>;
  beforeAll(async () => {
    user = await signedInAs('user');
    admin = await signedInAs('admin');
  });

  const adminRoutes = ROUTES.filter((r) => DECISIONS[r.file] === 'admin');
  const concretePath = (p: string) =>
    p
      .replace(':roomId', '00000000-0000-4000-8000-000000000000')
      .replace(':sectionId', '00000000-0000-4000-8000-000000000000')
      .replace(':bookingId', '00000000-0000-4000-8000-000000000000')
      .replace(':file', '00000000-0000-4000-8000-000000000000.pdf');
  const params = {
    roomId: '00000000-0000-4000-8000-000000000000',
    sectionId: '00000000-0000-4000-8000-000000000000',
    bookingId: '00000000-0000-4000-8000-000000000000',
    file: '00000000-0000-4000-8000-000000000000.pdf',
  };

  it.each(adminRoutes)('$file loader refuses anonymous visitors and users, admits admins', async ({ file, path: routePath }) => {
    const module = await import(/* @vite-ignore */ `~/${file.replace(/\.tsx?$/, '')}`);
    if (!module.loader) return;
    const url = concretePath(routePath);
    for (const cookie of [undefined, user.cookie]) {
      const result = await run(module.loader, getRequest(url, cookie), params);
      expect([302, 401, 403], `${file} as ${cookie ? 'user' : 'anonymous'}`).toContain(result.status);
      if (result.status === 302) expect(result.headers.get('location')).toBe('/auth');
    }
    const asAdmin = await run(module.loader, getRequest(url, admin.cookie), params);
    expect(asAdmin.headers.get('location') ?? '', `${file} as admin`).not.toBe('/auth');
    expect([401, 403]).not.toContain(asAdmin.status);
  });

  const guardedActions = ROUTES.filter((r) => DECISIONS[r.file] !== 'public' || HANDLER_EXCEPTIONS[`${r.file}#action`]);
  it.each(guardedActions)('$file: every intent is refused to anonymous visitors and users, database unchanged', async ({ file, path: routePath }) => {
    const module = await import(/* @vite-ignore */ `~/${file.replace(/\.tsx?$/, '')}`);
    if (!module.action) return;
    const url = concretePath(routePath);
    const needsAdmin = (HANDLER_EXCEPTIONS[`${file}#action`] ?? DECISIONS[file]) === 'admin';
    for (const intent of intentsOf(source(file))) {
      const fields = { intent, id: params.roomId, name: 'X', title: 'X', email: 'x@example.com', language: 'en', code: 'xx' };
      const before = await databaseDigest();
      const anonymous = await run(module.action, formRequest(url, fields), params);
      expect([401, 403], `${file} ${intent} as anonymous`).toContain(anonymous.status);
      if (needsAdmin) {
        const asUser = await run(module.action, formRequest(url, fields, user.cookie), params);
        expect(asUser.status, `${file} ${intent} as user`).toBe(403);
      }
      expect(await databaseDigest(), `${file} ${intent}: database changed`).toBe(before);
    }
  });
});
