// The symbols of site-icons.svg (scripts/icon-sprite.ts writes it) by icon name, each
// with its id prefixed (`icon-star`) so that it cannot collide with the page's own ids
// (a section called "contact", a "menu"…). The server inlines the ones a document draws
// (app/page-delivery/icon-sprite-rewrite.server.ts); the browser loads this module only when it draws an icon
// the document lacks (app/components/site/icon.tsx).
import sprite from './site-icons.svg?raw';

/** The id of the hidden <svg> that holds a document's symbols, first in <body>. */
export const SPRITE_ID = 'icon-sprite';

/** That hidden <svg> with `symbols` in it, as markup: the server's and the browser's one way to write it. */
export const spriteMarkup = (symbols: string) => `<svg id="${SPRITE_ID}" aria-hidden="true" style="display:none">${symbols}</svg>`;

export function symbolsOf(svg: string): Map<string, string> {
  const symbols = new Map<string, string>();
  for (const [symbol, name] of svg.matchAll(/<symbol id="([^"]+)"[^]*?<\/symbol>/g)) {
    symbols.set(name, symbol.replace(`<symbol id="${name}"`, `<symbol id="icon-${name}"`).replace(/>\s+</g, '><'));
  }
  return symbols;
}

export const ICON_SYMBOLS = symbolsOf(sprite);
