// All that app/root.tsx renders of page delivery, in the document's <head>:
// - the stylesheet: public pages carry theirs (site.css, the public site's classes only)
//   inline, so that first paint needs the HTML alone; the back office and the sign-in
//   page link the whole app.css. React leaves a hydrated <style>'s content as the server
//   sent it; once hydrated, public pages also link site.css, which keeps them styled
//   after an in-app navigation from a page whose <style> was empty (the back office);
// - the favicon inside the page (~0.4 KB): as a file it was one more request during the
//   hero's download, counted against the phone's largest paint (decision 0013);
// - the back office's texts, fetched beside its modules (a public page asks for them as
//   its boot starts, deferred-hydration-rewrite.server.ts);
// - in the browser, the one listener that follows the site's links in the app
//   (site-link.tsx), and the announcement that the page is hydrated, on which the clicks
//   held by deferred hydration are replayed.
// Which page is public is each route's own declaration (route-delivery.ts).
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useHydrated } from '~/lib/use-hydrated';
import favicon from '../../public/favicon.svg?raw';
import appStylesheet from '../app.css?url';
import siteStylesheet from '../site.css?url';
import { HYDRATED_EVENT } from './hydration-event';
import { useInlineStyles } from './inline-styles';
import { isPublicPage } from './route-delivery';
import { SiteNavigation } from './site-link';

const FAVICON = `data:image/svg+xml;base64,${btoa(favicon)}`;

/** `catalog`: the address of the page's built-in texts (app/lib/page-catalog.ts). */
export function DeliveryHead({ catalog }: { catalog: string | undefined }) {
  const publicPage = isPublicPage(useMatches().map((match) => match.handle));
  const inline = useInlineStyles();
  const hydrated = useHydrated();
  useEffect(() => {
    // Once every effect of the hydration has run, wherever it stands in the tree (this one
    // runs in <head>, before the page's), and the link follower below listens.
    queueMicrotask(() => window.dispatchEvent(new Event(HYDRATED_EVENT)));
  }, []);
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: publicPage ? inline : '' }} />
      {!publicPage ? <link rel="stylesheet" href={appStylesheet} /> : hydrated ? <link rel="stylesheet" href={siteStylesheet} /> : null}
      {!publicPage && catalog ? <link rel="preload" as="fetch" href={catalog} crossOrigin="anonymous" /> : null}
      <link rel="icon" href={FAVICON} type="image/svg+xml" />
      <SiteNavigation />
    </>
  );
}
