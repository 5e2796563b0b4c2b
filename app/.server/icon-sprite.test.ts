import { describe, expect, it } from 'vitest';
import { SITE_ICONS } from '~/components/site/icon-names';
import { inlineIconSprite, inlineSymbols } from './icon-sprite';

describe('the inline icon sprite', () => {
  it('holds every icon of the site once, under a prefixed id, first in <body>', () => {
    const rule = inlineIconSprite();
    expect(rule.rewrite('<html><head></head>')).toBe('<html><head></head>');
    expect(rule.finished).toBe(false);
    const html = '<html><head></head>' + rule.rewrite('<body class="x"><div id="app"></div></body></html>');
    expect(rule.finished).toBe(true);
    for (const name of SITE_ICONS) expect(html.split(`<symbol id="icon-${name}"`)).toHaveLength(2);
    expect(html).toMatch(/^<html><head><\/head><body class="x"><svg aria-hidden="true" style="display:none"><symbol [^]*<\/svg><div id="app">/);
  });

  it('keeps the drawing of each symbol', () => {
    const file = '<svg xmlns="http://www.w3.org/2000/svg">\n<symbol id="star" viewBox="0 0 24 24"><path d="M1 2"/></symbol>\n</svg>\n';
    expect(inlineSymbols(file)).toBe('<symbol id="icon-star" viewBox="0 0 24 24"><path d="M1 2"/></symbol>');
  });
});
