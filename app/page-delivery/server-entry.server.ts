// What the HTTP server uses of page delivery (the `PageDelivery` of server/http-pipeline.ts,
// plugged in by app/production-server.ts): the page cache answered from Node's request,
// its fill before React Router, the routes' declarations read from the server build,
// which answers are personal, the cache's figures for /healthz, and the CSP nonce of a
// response rendered for one visitor.
export { cspNonce } from './csp-nonce-pool.server';
export { adoptRouteDeclarations, isPersonalRequest, PRIVATE_CACHE_CONTROL } from './delivery-policy.server';
export { pageCacheFill, servePageFromCache } from './page-cache-http.server';
export { pageCacheStats } from './page-store.server';
