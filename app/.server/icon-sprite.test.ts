import { describe, expect, it } from 'vitest';
import { SITE_ICONS } from '~/components/site/icon-names';
import { rewriteDocument } from './document-rewrite';
import { inlineIconSprite, inlineSymbols } from './icon-sprite';

describe('the inline icon sprite', () => {
  it('holds every icon of the site once, under a prefixed id, first in <body>', () => {
    const sprited = (html: string) => rewriteDocument(Buffer.from(html, 'utf8'), [inlineIconSprite]).toString('utf8');
    expect(sprited('<html><head></head>')).toBe('<html><head></head>');
    const html = sprited('<html><head></head><body class="x"><div id="app"></div></body></html>');
    for (const name of SITE_ICONS) expect(html.split(`<symbol id="icon-${name}"`)).toHaveLength(2);
    expect(html).toMatch(/^<html><head><\/head><body class="x"><svg aria-hidden="true" style="display:none"><symbol [^]*<\/svg><div id="app">/);
  });

  it('keeps the drawing of each symbol', () => {
    const file = '<svg xmlns="http://www.w3.org/2000/svg">\n<symbol id="star" viewBox="0 0 24 24"><path d="M1 2"/></symbol>\n</svg>\n';
    expect(inlineSymbols(file)).toBe('<symbol id="icon-star" viewBox="0 0 24 24"><path d="M1 2"/></symbol>');
  });
});
