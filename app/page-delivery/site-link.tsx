// The public site's links. A React Router <Link> is a component that resolves its path
// against the route matches and builds its click handler on every render: a room page
// has ~70 links (most of them calendar days), and their <Link>s were an eighth of the CPU
// of a page rendered for its request. A site link is a plain <a> instead, its href
// already absolute, marked for the app:
//
//   <a {...siteLink('/livre-dor')} className="…">…</a>
//
// and one listener (SiteNavigation, in delivery-head.tsx) follows the marked links in the app
// exactly as a <Link> would: a left click without modifier keys on a link without target
// or download attribute, not already handled (preventDefault) by the link's own onClick.
// Any other click stays the browser's, and so does every click before hydration
// (deferred-hydration-rewrite.server.ts holds and replays those).
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

// The data-in-app value of a link that stays on its page (SiteLinkOptions.inPlace).
const IN_PLACE = 'in-place';

export interface SiteLinkOptions {
  /**
   * The link changes only the query or hash of the page it is on (a calendar day, a month,
   * the language): it replaces the current history entry and keeps the scroll position,
   * and its route, being this page's, needs no discovery.
   */
  inPlace?: boolean;
}

/** The attributes of a link of the public site to `to`, an absolute path with its query and hash. */
export function siteLink(to: string, { inPlace = false }: SiteLinkOptions = {}) {
  return inPlace
    ? { href: to, 'data-in-app': IN_PLACE }
    : {
        href: to,
        'data-in-app': '',
        // React Router's lazy route discovery learns the routes of the links it sees.
        'data-discover': 'true',
      };
}

/** The clicks a <Link> follows in the app (React Router's shouldProcessLinkClick). */
export function followsInApp(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!link.target || link.target === '_self') &&
    !link.hasAttribute('download') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/**
 * Follows every site link of the page in the app. Its listener sits on the document
 * beside React's own, added after them, so a link's onClick has run (and may have
 * prevented the navigation) by the time it looks.
 */
export function SiteNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-in-app]') : null;
      if (!link || !followsInApp(event, link)) return;
      event.preventDefault();
      const to = link.getAttribute('href')!;
      const { pathname, search, hash } = window.location;
      const here = pathname + search + hash;
      const inPlace = link.dataset.inApp === IN_PLACE;
      void navigate(to, { replace: inPlace || to === here, preventScrollReset: inPlace });
    };
    document.addEventListener('click', follow);
    return () => document.removeEventListener('click', follow);
  }, [navigate]);
  return null;
}
