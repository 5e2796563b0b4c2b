// The public site's icons (components/site/site-icons.svg, written by
// scripts/icon-sprite.ts) travel inside every document, once, as a hidden <svg> of
// symbols first in <body> (~2.6 KB compressed): the first paint of a phone asks for no
// file beside the page. Every document has it, the back office's too, so an icon drawn
// after a client-side navigation finds it; React 19 skips the extra element when it
// hydrates <body> and never removes it. Ids are prefixed so that they cannot collide
// with the page's own (a section called "contact", a "menu"…).
import sprite from '~/components/site/site-icons.svg?raw';
import { tagAt, type DocumentRule } from './document-rewrite';

export function inlineSymbols(svg: string): string {
  const symbols = svg.match(/<symbol\b[\s\S]*<\/symbol>/)?.[0] ?? '';
  return symbols.replace(/<symbol id="([^"]+)"/g, '<symbol id="icon-$1"').replace(/>\s+</g, '><');
}

const SPRITE = `<svg aria-hidden="true" style="display:none">${inlineSymbols(sprite)}</svg>`;

/** The rule (document-rewrite.ts) that writes the sprite first in <body>. */
export const inlineIconSprite: DocumentRule = (document) => {
  const body = document.indexOf('<body');
  const tag = body < 0 ? null : tagAt(document, body);
  return tag ? [{ from: tag.end, to: tag.end, insert: SPRITE }] : [];
};
