// Which pages are the public site: the back office and the sign-in page load the whole
// app.css and hydrate at once; public pages inline site.css and hydrate after their
// first image (app/page-delivery/deferred-hydration-rewrite.server.ts).

/** A route of the back office (or the sign-in page), by its route id. */
export const isBackOfficeRoute = (routeId: string) => routeId.startsWith('routes/admin/') || routeId === 'routes/site/auth';

/** True when the matched routes render a public page. */
export const isPublicPage = (routeIds: readonly string[]) => !routeIds.some(isBackOfficeRoute);
