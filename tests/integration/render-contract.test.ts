// The contract between page delivery (app/page-delivery/) and what React and React Router
// write into a document, checked on the built server over HTTP, without a browser, in
// seconds. The document rewrite finds its places by byte search, and deferred hydration
// copies React Router's boot module into a script of its own: if an upgrade of React or
// React Router changes the shape they rely on, the rewrite silently finds nothing and
// public pages hydrate at once again (Lighthouse drops), or worse, a cached page's CSP no
// longer allows its scripts. This test fails first. See docs/decisions/0010-page-cache.md,
// "Upgrading React or React Router".
// One database pass: its subject is React and React Router's output.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_MODULE, BOOT_SCRIPT, DEFERRED_BOOT_ID, DEFERRED_BOOT_TYPE, MODULE_PRELOAD } from '~/page-delivery/deferred-hydration-rewrite.server';
import { startAppProcess, type AppProcess } from '../support/app-process';

let app: AppProcess;

beforeAll(async () => {
  app = await startAppProcess({ SEED_DEMO: 'true' });
}, 300_000);

afterAll(async () => {
  await app?.kill();
});

async function page(path: string) {
  const response = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
  return { response, html: await response.text() };
}

const scriptTags = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc\s*=/.test(m[1]!)).map((m) => m[2]!);

describe('what React Router writes (a page it is not rewritten for: the sign-in page)', () => {
  it('has the modulepreload links in <head> and exactly one boot module of the shape deferHydration makes inert', async () => {
    const { response, html } = await page('/auth');
    expect(response.status).toBe(200);
    const head = html.slice(0, html.indexOf('</head>'));
    // React 19 hoists the links <Scripts> writes into <head>.
    expect(head).toContain(MODULE_PRELOAD);
    const boots = scriptTags(html).filter((tag) => BOOT_MODULE.test(tag));
    expect(boots).toHaveLength(1);
    // Rendered for one visitor: the boot module carries this response's nonce, which the copy made in the browser reuses.
    const nonce = /nonce="([^"]+)"/.exec(boots[0]!)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    // Its text imports the client entry: the boot script runs that same text later.
    const at = html.indexOf(boots[0]!) + boots[0]!.length;
    expect(html.slice(at, html.indexOf('</script>', at))).toMatch(/import\(\s*"\/assets\/entry\.client-[^"]+\.js"\s*\)/);
    // The router's context is an inline script before it (a cached page allows it by hash).
    expect(html.indexOf('window.__reactRouterContext')).toBeGreaterThan(-1);
    expect(html.indexOf('window.__reactRouterContext')).toBeLessThan(html.indexOf(boots[0]!));
  });
});

describe('a public page after the rewrite', () => {
  it('keeps no modulepreload and no runnable module: the boot module is inert, the boot script right after it', async () => {
    for (const path of ['/', '/livre-dor']) {
      const { response, html } = await page(path);
      expect(response.status, path).toBe(200);
      expect(html, path).not.toContain(MODULE_PRELOAD);
      expect(html, path).not.toMatch(/<script[^>]*type="module"/);
      const inert = new RegExp(
        `<script(?: nonce="[^"]*")? type="${DEFERRED_BOOT_TYPE}" id="${DEFERRED_BOOT_ID}">([\\s\\S]*?)</script><script(?: nonce="[^"]*")?>`,
      );
      const match = inert.exec(html);
      expect(match, path).not.toBeNull();
      expect(match![1], path).toMatch(/import\(\s*"\/assets\/entry\.client-[^"]+\.js"\s*\)/);
      expect(html.slice(match!.index + match![0].length).startsWith(BOOT_SCRIPT), path).toBe(true);
      // Deferred hydration waits on the page's first image when it has one.
      if (path === '/') expect(html).toContain('fetchpriority="high"');
    }
  });

  it('served from the page cache, its CSP allows exactly its inline scripts by hash', async () => {
    let answer = await page('/');
    for (let i = 0; i < 10 && answer.response.headers.get('x-page-cache') !== 'hit'; i++) answer = await page('/');
    expect(answer.response.headers.get('x-page-cache')).toBe('hit');
    const policy = answer.response.headers.get('content-security-policy') ?? '';
    const scriptSources = /script-src ([^;]+)/.exec(policy)?.[1] ?? '';
    expect(scriptSources).not.toContain('unsafe-inline');
    for (const script of inlineScripts(answer.html)) {
      expect(scriptSources).toContain(`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
    }
  });
});
