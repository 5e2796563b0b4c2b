import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, deferHydration } from './deferred-hydration-rewrite.server';
import { offsetsOf, rewriteDocument, tagAt, type DocumentRule } from './document-rewrite.server';
import { inlineIconSprite } from './icon-sprite-rewrite.server';

// A public page as React Router 7 writes it, with characters of two, three and four
// bytes in UTF-8 before, between and after the places the rules change.
const PAGE = [
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/framework-B.js"/>',
  '<style>a>b{color:red}</style><title>Chambres d’hôtes – Grasse 🌿</title></head>',
  '<body><header><a href="/">La Bastide</a><svg aria-hidden="true" class="icon"><use href="#icon-globe"></use></svg></header><main><p>Séjour à partir de 2 nuits · 95 €</p></main>',
  '<script>window.__reactRouterContext = {"a":"\\u003cp\\u003e"}; if (1 < 2) {}</script>',
  '<script type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>',
  '</body></html>',
].join('');

describe('rewriteDocument', () => {
  it('applies every rule to the whole document, keeping the text around their changes', () => {
    const out = rewriteDocument(Buffer.from(PAGE, 'utf8'), [inlineIconSprite, deferHydration]).toString('utf8');
    expect(out).toContain('<body><svg id="icon-sprite" aria-hidden="true" style="display:none"><symbol id="icon-globe"');
    expect(out).not.toContain('modulepreload');
    expect(out).toContain(BOOT_SCRIPT);
    expect(out).toContain('<title>Chambres d’hôtes – Grasse 🌿</title>');
    expect(out).toContain('<p>Séjour à partir de 2 nuits · 95 €</p>');
    expect(out.startsWith('<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><style>')).toBe(true);
    expect(out.endsWith('</script></body></html>')).toBe(true);
  });

  it('leaves every byte it does not change as it was, even bytes that are not UTF-8', () => {
    // Bytes that are not UTF-8 would come out as U+FFFD had they been decoded.
    const odd = Buffer.from([0xff, 0xfe, 0x80]);
    const page = Buffer.concat([Buffer.from(PAGE.replace('</body></html>', '<script>'), 'utf8'), odd, Buffer.from('</script></body></html>')]);
    const out = rewriteDocument(page, [inlineIconSprite, deferHydration]);
    expect(out.includes(Buffer.concat([Buffer.from('<script>'), odd, Buffer.from('</script></body></html>')]))).toBe(true);
    expect(out.toString('utf8')).toContain(BOOT_SCRIPT);
  });

  it('gives back the same buffer when no rule changes anything', () => {
    const page = Buffer.from('<html><head></head></html>');
    expect(rewriteDocument(page, [inlineIconSprite, deferHydration])).toBe(page);
  });

  it('refuses rules whose changes overlap', () => {
    const whole: DocumentRule = (document) => [{ from: 0, to: document.length, insert: '' }];
    const first: DocumentRule = () => [{ from: 2, to: 3, insert: 'x' }];
    expect(() => rewriteDocument(Buffer.from('abcdef'), [whole, first])).toThrow(/Overlapping/);
  });

  it('finds needles and whole tags by byte offset', () => {
    const page = Buffer.from('é<a href="x">€<a>', 'utf8');
    expect(offsetsOf(page, '<a')).toEqual([2, 17]); // é and € are two and three bytes
    expect(tagAt(page, 2)).toEqual({ text: '<a href="x">', end: 14 });
    expect(tagAt(Buffer.from('<a href'), 0)).toBeNull();
  });
});
