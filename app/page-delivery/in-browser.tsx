// What the document (app/root.tsx) renders of page delivery in the browser: the one
// listener that follows the site's links in the app (site-link.tsx), and the
// announcement that the page is hydrated, on which the clicks held by deferred
// hydration are replayed (deferred-hydration-rewrite.server.ts). Effects run children
// first, so the link follower listens before the held clicks are replayed.
import { useEffect } from 'react';
import { HYDRATED_EVENT } from './hydration-event';
import { SiteNavigation } from './site-link';

export function PageDeliveryInBrowser() {
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return <SiteNavigation />;
}
