// Public pages download their JavaScript after their first image, not beside it.
//
// On a phone on slow 4G, the 110 KB of framework and page code compete with the hero
// image for the same bandwidth, and the image is what the visitor waits for (the page's
// largest paint). The server HTML is complete and styled without JavaScript, so the
// code can wait: the server makes React Router's boot script inert, drops its
// modulepreload links and adds a small script that starts the same boot once the first
// image has been painted (or has failed, or after a bound), or at once on a page without
// one (app/page-delivery/deferred-hydration-rewrite.server.ts, decision 0013). The language picker
// (<details>) and form fields work as plain HTML meanwhile; a click on a button or on one
// of the site's links before the page is hydrated is held and replayed once it is, so
// that a tap on the menu of a phone is never lost.

/** Dispatched on window by the root component once React has hydrated the page. */
export const HYDRATED_EVENT = 'app:hydrated';
