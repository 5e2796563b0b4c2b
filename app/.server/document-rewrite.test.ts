import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, deferHydration } from './deferred-hydration';
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
    const whole = rulesOf().reduce((html, rule) => rule.rewrite(html), PAGE);
    expect(whole).toContain('<symbol id="icon-');
    expect(whole).not.toContain('modulepreload');
    for (const size of [1, 2, 3, 5, 7, 13, 64, 200, 4096]) expect(await streamed(size), `chunks of ${size} bytes`).toBe(whole);
  });

  it('passes the rest of the document through as bytes, undecoded, once every rule is done', async () => {
    // Bytes that are not UTF-8 would come out as U+FFFD had they been decoded.
    const odd = Buffer.from([0xff, 0xfe, 0x80]);
    const head = Buffer.from(PAGE.replace('</body></html>', ''), 'utf8');
    // Far enough after the boot module that no chunk holds both (a chunk is decoded whole when a rule acts in it).
    const filler = `<p>${'x'.repeat(200)}</p>`;
    for (const size of [1, 7, 64]) {
      const bytes = Buffer.concat([head, Buffer.from(`${filler}<script>`), odd, Buffer.from('</script></body></html>')]);
      const chunks = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const out = Buffer.concat(await Readable.from(chunks).pipe(rewriteDocument(rulesOf())).toArray());
      expect(out.includes(Buffer.concat([Buffer.from('<script>'), odd, Buffer.from('</script>')])), `chunks of ${size} bytes`).toBe(true);
      expect(out.toString('utf8')).toContain(BOOT_SCRIPT);
    }
  });

  it('cuts before a tag that has not ended or a character that has not, never inside either', () => {
    const cut = (text: string) => safeCut(Buffer.from(text, 'utf8'));
    expect(cut('<p>a</p><scr')).toBe(8);
    expect(cut('<p>a < b</p>')).toBe(12);
    expect(cut('text')).toBe(4);
    const euro = Buffer.from('95 €', 'utf8'); // € is three bytes
    expect(safeCut(euro)).toBe(euro.length);
    expect(safeCut(euro.subarray(0, euro.length - 1))).toBe(3);
    expect(safeCut(euro.subarray(0, euro.length - 2))).toBe(3);
    const leaf = Buffer.from('a🌿', 'utf8'); // four bytes
    for (let keep = 2; keep < leaf.length; keep++) expect(safeCut(leaf.subarray(0, keep))).toBe(1);
    expect(safeCut(leaf)).toBe(leaf.length);
  });
});
