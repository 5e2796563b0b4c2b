import { describe, expect, it } from 'vitest';
import { SITE_ICONS } from '~/lib/icons/icon-names';
import { ICON_SYMBOLS, symbolsOf } from '~/lib/icons/icon-symbols';
import { rewriteDocument } from './document-rewrite.server';
import { inlineIconSprite } from './icon-sprite-rewrite.server';

const sprited = (html: string) => rewriteDocument(Buffer.from(html, 'utf8'), [inlineIconSprite]).toString('utf8');
const use = (name: string) => `<svg class="icon"><use href="#icon-${name}"></use></svg>`;

describe('the inline icon sprite', () => {
  it('knows every icon of the site', () => {
    expect([...ICON_SYMBOLS.keys()]).toEqual([...SITE_ICONS]);
  });

  it('holds the symbols the document draws, each once, first in <body>', () => {
    const html = sprited(`<html><head></head><body class="x"><div id="app">${use('star')}${use('menu')}${use('star')}</div></body></html>`);
    expect(html).toMatch(
      /^<html><head><\/head><body class="x"><svg id="icon-sprite" aria-hidden="true" style="display:none"><symbol id="icon-star" [^]*<\/svg><div id="app">/,
    );
    expect(html.split('<symbol ')).toHaveLength(3);
    expect(html.split('<symbol id="icon-star"')).toHaveLength(2);
    expect(html.split('<symbol id="icon-menu"')).toHaveLength(2);
  });

  it('writes nothing for a document without icons, or an unknown one, or without <body>', () => {
    expect(sprited('<html><head></head>')).toBe('<html><head></head>');
    expect(sprited('<html><head></head><body><p>x</p></body></html>')).toBe('<html><head></head><body><p>x</p></body></html>');
    expect(sprited(`<html><head></head><body>${use('nope')}</body></html>`)).toBe(`<html><head></head><body>${use('nope')}</body></html>`);
  });

  it('keeps the drawing of each symbol', () => {
    const file =
      '<svg xmlns="http://www.w3.org/2000/svg">\n<symbol id="star" viewBox="0 0 24 24"><path d="M1 2"/></symbol>\n<symbol id="x" viewBox="0 0 24 24"><path d="M3 4"/> </symbol>\n</svg>\n';
    expect([...symbolsOf(file)]).toEqual([
      ['star', '<symbol id="icon-star" viewBox="0 0 24 24"><path d="M1 2"/></symbol>'],
      ['x', '<symbol id="icon-x" viewBox="0 0 24 24"><path d="M3 4"/></symbol>'],
    ]);
  });
});
