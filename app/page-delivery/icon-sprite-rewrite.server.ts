// The public site's icons travel inside the document that draws them: a hidden <svg>
// first in <body> holds the symbols of the icons this page uses (`<use href="#icon-…">`),
// so the first paint of a phone asks for no file beside the page, and a page carries
// only its own icons (18 of the 41 on the home page). An icon drawn later in the browser
// (the phone menu's close button, another page reached in the app) that finds no symbol
// loads them all (icon.tsx). React 19 skips the extra element when it hydrates <body>
// and never removes it.
import { ICON_SYMBOLS, spriteMarkup } from '~/lib/icons/icon-symbols';
import { offsetsOf, tagAt, type DocumentRule } from './document-rewrite.server';

const USE = 'href="#icon-';

/** The rule (app/page-delivery/document-rewrite.server.ts) that writes the page's symbols first in <body>; nothing when it draws no icon. */
export const inlineIconSprite: DocumentRule = (document) => {
  const body = document.indexOf('<body');
  const tag = body < 0 ? null : tagAt(document, body);
  if (!tag) return [];
  const symbols = new Set<string>();
  for (const at of offsetsOf(document, USE, tag.end)) {
    const name = document.toString('latin1', at + USE.length, document.indexOf('"', at + USE.length));
    const symbol = ICON_SYMBOLS.get(name);
    if (symbol) symbols.add(symbol);
  }
  if (!symbols.size) return [];
  return [{ from: tag.end, to: tag.end, insert: spriteMarkup([...symbols].join('')) }];
};
