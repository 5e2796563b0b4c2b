// What server rendering (app/entry.server.tsx) uses of page delivery: the public site's
// stylesheet for the document's head (delivery-head.tsx inlines it on public pages), and
// the rewrite of a finished document on its way out — the icon sprite written inline,
// and, on a public page, hydration deferred until its first image (decision 0013).
import type { ReactNode } from 'react';
import type { EntryContext } from 'react-router';
import siteStyles from '../site.css?inline';
import { inlineIconSprite } from './icon-sprite-rewrite.server';
import { deferHydration } from './deferred-hydration-rewrite.server';
import { rewriteDocument } from './document-rewrite.server';
import { InlineStylesProvider } from './inline-styles';
import { isPublicPage } from './route-delivery';

/** Around the rendered app: gives the document's head the public site's stylesheet. */
export function DeliveryRender({ children }: { children: ReactNode }) {
  return <InlineStylesProvider value={siteStyles}>{children}</InlineStylesProvider>;
}

/** The document as it is sent, for the routes it was rendered for (their declarations say whether it is a public page). */
export function rewriteForDelivery(document: Buffer<ArrayBuffer>, { staticHandlerContext }: EntryContext): Buffer<ArrayBuffer> {
  const publicPage = isPublicPage(staticHandlerContext.matches.map((match) => match.route.handle));
  return rewriteDocument(document, publicPage ? [inlineIconSprite, deferHydration] : [inlineIconSprite]);
}
