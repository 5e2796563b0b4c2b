import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { deferHydration } from './deferred-hydration';
import { rewriteDocument, safeCut } from './document-rewrite';
import { inlineIconSprite } from './icon-sprite';

// A public page as React Router 7 writes it, with characters of two, three and four
// bytes in UTF-8 that a chunk may split.
const PAGE = [
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/framework-B.js"/>',
  '<style>a>b{color:red}</style><title>Chambres d’hôtes – Grasse 🌿</title></head>',
  '<body><header><a href="/">La Bastide</a></header><main><p>Séjour à partir de 2 nuits · 95 €</p></main>',
  '<script>window.__reactRouterContext = {"a":"\\u003cp\\u003e"}; if (1 < 2) {}</script>',
  '<script type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>',
  '</body></html>',
].join('');

const rulesOf = () => [inlineIconSprite(), deferHydration()];

async function streamed(chunkSize: number) {
  const bytes = Buffer.from(PAGE, 'utf8');
  const chunks = [];
  for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
  return text(Readable.from(chunks).pipe(rewriteDocument(rulesOf())));
}

describe('rewriteDocument', () => {
  it('gives the same document however React cut it into chunks', async () => {
    const whole = rulesOf().reduce((html, rule) => rule(html), PAGE);
    expect(whole).toContain('<symbol id="icon-');
    expect(whole).not.toContain('modulepreload');
    for (const size of [1, 2, 3, 5, 7, 13, 64, 200, 4096]) expect(await streamed(size), `chunks of ${size} bytes`).toBe(whole);
  });

  it('cuts before a tag that has not ended, never inside one', () => {
    expect(safeCut('<p>a</p><scr')).toBe(8);
    expect(safeCut('<p>a < b</p>')).toBe(12);
    expect(safeCut('text')).toBe(4);
  });
});
