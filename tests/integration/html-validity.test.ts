// Every public page, in each of the four languages, is valid HTML as the built server
// sends it (issue 47: the W3C checker had found 40 errors on 24 pages). The validator is
// html-validate (pure JavaScript, runs offline) with its `standard` rules — the HTML
// specification's own: content models, attributes and their values, ids, nesting — and
// `no-redundant-role`. Its element tables do not carry ARIA in HTML's rules of which
// aria-* a <summary> may take, which the W3C checker reports: they are added below.
// One database pass: its subject is the HTML the pages are made of.
import { HtmlValidate, type MetaAttributeAllowedCallback } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../support/app-process';

let app: AppProcess;

beforeAll(async () => {
  app = await startAppProcess({ SEED_DEMO: 'true' });
}, 300_000);

afterAll(async () => {
  await app?.kill();
});

/** ARIA in HTML: a <summary> takes no role, and its expanded state is the <details>' own. */
const notOnSummary: MetaAttributeAllowedCallback = () => 'not allowed on <summary> (ARIA in HTML: the browser tells its role and state)';

const validator = new HtmlValidate({
  extends: ['html-validate:standard'],
  rules: { 'no-redundant-role': 'error' },
  elements: [
    'html5',
    {
      summary: {
        attributes: {
          role: { allowed: notOnSummary },
          'aria-expanded': { allowed: notOnSummary },
          'aria-pressed': { allowed: notOnSummary },
        },
      },
    },
  ],
});

const LANGUAGES = ['fr', 'en', 'es', 'de'] as const;

/** The errors of `html`, one line each ('' when valid). */
async function errorsOf(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) => result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`));
}

async function fetchPage(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': 'identity', accept: 'text/html' } });
  return { status: response.status, html: await response.text() };
}

/** The public pages as the sitemap lists them (each in every language), and those it leaves out. */
async function publicPages(): Promise<string[]> {
  const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(m[1]!.replace(/&amp;/g, '&'));
    return `${url.pathname}${url.search}`;
  });
  const room = listed.find((path) => path.startsWith('/room/'))!.split('?')[0]!;
  // A stay chosen (the quote and the request form), a month ahead, the sign-in page, the 404s.
  const more = LANGUAGES.flatMap((lang) => [
    `${room}?lang=${lang}&arrival=2031-05-04&departure=2031-05-07&guests=2`,
    `/auth?lang=${lang}`,
    `/auth?lang=${lang}&invitation=not-a-token`,
    `/nowhere?lang=${lang}`,
    `/room/00000000-0000-4000-8000-000000000000?lang=${lang}`,
  ]);
  return [...listed, ...more];
}

describe('the HTML of the public pages', () => {
  it('the validator finds what the W3C checker found: a role and aria-expanded on a <summary>', async () => {
    const errors = await errorsOf(
      '<!doctype html><html lang="fr"><head><title>t</title></head><body><details><summary role="button" aria-expanded="false">Menu</summary><p>x</p></details></body></html>',
    );
    expect(errors.join('\n')).toMatch(/role/);
    expect(errors.join('\n')).toMatch(/aria-expanded/);
  });

  it('has no error on any public page, in four languages', async () => {
    const pages = await publicPages();
    expect(pages.length).toBeGreaterThanOrEqual(4 * 5);
    for (const lang of LANGUAGES)
      expect(
        pages.some((p) => p.includes(`lang=${lang}`)),
        lang,
      ).toBe(true);
    const found: Record<string, string[]> = {};
    for (const path of pages) {
      const { status, html } = await fetchPage(path);
      expect([200, 404], path).toContain(status);
      const errors = await errorsOf(html);
      if (errors.length) found[path] = errors;
    }
    expect(found).toEqual({});
  });
});
