// What server rendering (app/entry.server.tsx) uses of page delivery: the rewrite of a
// finished document on its way out — the icon sprite written inline, and, on a public
// page, hydration deferred until its first image (decision 0013).
import { inlineIconSprite } from './icon-sprite-rewrite.server';
import { deferHydration } from './deferred-hydration-rewrite.server';
import { rewriteDocument } from './document-rewrite.server';

export function rewriteForDelivery(document: Buffer<ArrayBuffer>, { publicPage }: { publicPage: boolean }): Buffer<ArrayBuffer> {
  return rewriteDocument(document, publicPage ? [inlineIconSprite, deferHydration] : [inlineIconSprite]);
}
