import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, DEFERRED_BOOT_ID, DEFERRED_BOOT_TYPE, deferHydration } from './deferred-hydration-rewrite.server';
import { rewriteDocument } from './document-rewrite.server';

const deferred = (html: string) => rewriteDocument(Buffer.from(html, 'utf8'), [deferHydration]).toString('utf8');

// The shape React Router 7's <Scripts> gives a page once React has hoisted the
// modulepreload links into <head>.
const BOOT_MODULE_CODE = 'import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");';
const page = ({ nonce = '', modules = 1 } = {}) => {
  const n = nonce ? ` nonce="${nonce}"` : '';
  return [
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
    `<link rel="modulepreload" href="/assets/entry.client-A.js"${n}/>`,
    `<link rel="modulepreload" href="/assets/framework-B.js"${n}/>`,
    '<style>body{margin:0}</style></head><body><main>…</main>',
    `<script${n}>window.__reactRouterContext = {};</script>`,
    ...Array.from({ length: modules }, () => `<script${n} type="module" async="">${BOOT_MODULE_CODE}</script>`),
    '</body></html>',
  ].join('');
};

describe('deferHydration', () => {
  it('drops the modulepreload links, makes the boot module inert (its text untouched) and adds the boot script after it', () => {
    const html = deferred(page());
    expect(html).not.toContain('modulepreload');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(`<script type="${DEFERRED_BOOT_TYPE}" id="${DEFERRED_BOOT_ID}">${BOOT_MODULE_CODE}</script><script>${BOOT_SCRIPT}</script></body>`);
    expect(html).toContain('window.__reactRouterContext');
  });

  it("gives the boot script the nonce of an uncached page's boot module, which keeps it too", () => {
    const html = deferred(page({ nonce: 'abc123' }));
    expect(html).toContain(
      `<script nonce="abc123" type="${DEFERRED_BOOT_TYPE}" id="${DEFERRED_BOOT_ID}">${BOOT_MODULE_CODE}</script><script nonce="abc123">(function(){`,
    );
    expect(html).not.toContain('modulepreload');
  });

  it('keeps the scripts of a page without a boot module, and defers only the first', () => {
    const none = page({ modules: 0 });
    expect(deferred(none)).toBe(none.replace(/<link rel="modulepreload"[^>]*>/g, ''));
    const twice = deferred(page({ modules: 2 }));
    expect(twice.match(/<script type="module" async="">/g)).toHaveLength(1);
    expect(twice.split(BOOT_SCRIPT)).toHaveLength(2);
  });

  it('leaves a boot module that never ends as it is', () => {
    const cut = page().slice(0, page().indexOf('import("/assets'));
    expect(deferred(cut)).toBe(cut.replace(/<link rel="modulepreload"[^>]*>/g, ''));
  });
});
