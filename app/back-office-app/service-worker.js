// The back office's service worker, scoped to /admin (served as /admin/sw.js by
// app/routes/resources/admin-service-worker.ts; public pages never register it). It keeps
// nothing: no Cache Storage, no copy of any page or data — the back office is one
// owner's and always read from the server. It does three things:
// - a back-office page asked for while the network is down gets an offline page
//   (« Vous êtes hors ligne », « Réessayer ») made here, with a policy allowing exactly
//   its own inline style and script;
// - a push message (issue 48) is shown as a notification (title, body, the icon);
// - a click on a notification brings an open back-office window to its page, through
//   the app's router so that unsaved changes are asked about, or opens one.

const ICON = '/admin/icons/icon-192.png';
const BADGE = '/admin/icons/badge-96.png';
const SCOPE_PATH = '/admin';

const OFFLINE_STYLE =
  'body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#fdfaf5;color:#2b2622;' +
  'font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
  'main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .5rem}p{margin:0 0 1.5rem;color:#5e554c}' +
  'button{min-height:44px;padding:.5rem 1.25rem;border:0;border-radius:.5rem;background:#5b3f8c;color:#fff;font:inherit;cursor:pointer}' +
  'button:focus-visible{outline:3px solid #2b2622;outline-offset:2px}';
// Reloads when asked, and by itself as soon as the connection is back.
const OFFLINE_SCRIPT =
  "document.getElementById('retry').addEventListener('click',function(){location.reload()});" + "addEventListener('online',function(){location.reload()});";

function offlineHtml() {
  return (
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex"><title>Hors ligne · Administration</title>' +
    `<style>${OFFLINE_STYLE}</style></head><body><main>` +
    '<h1>Vous êtes hors ligne</h1>' +
    '<p>La connexion à Internet est coupée. Les pages de l\u2019administration s\u2019afficheront dès qu\u2019elle sera rétablie.</p>' +
    '<button type="button" id="retry">Réessayer</button>' +
    `</main><script>${OFFLINE_SCRIPT}</script></body></html>`
  );
}

async function sha256(text) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

let offlinePolicy;
/** The offline page's policy: nothing but its own style and script, by their hashes. */
function offlineSecurityPolicy() {
  offlinePolicy ??= Promise.all([sha256(OFFLINE_STYLE), sha256(OFFLINE_SCRIPT)]).then(
    ([style, script]) =>
      `default-src 'none'; style-src 'sha256-${style}'; script-src 'sha256-${script}'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  return offlinePolicy;
}

async function offlineResponse() {
  return new Response(offlineHtml(), {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': await offlineSecurityPolicy(),
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

self.addEventListener('install', () => {
  // A new version takes over at once: it keeps nothing an old one could need.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Navigations need not wait for this worker to start: the browser asks the server meanwhile.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // Pages only: scripts, styles, images and the app's data requests go to the network untouched.
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  event.respondWith(
    (async () => {
      try {
        const preloaded = await event.preloadResponse;
        if (preloaded) return preloaded;
        return await fetch(request);
      } catch {
        // No answer at all (no network, server unreachable): a server's error page is shown as it is.
        return offlineResponse();
      }
    })(),
  );
});

/** Only a page of the back office, on this site, is ever opened from a notification. */
function backOfficeUrl(value) {
  const home = new URL(`${SCOPE_PATH}/today`, self.location.origin);
  if (typeof value !== 'string') return home;
  try {
    const url = new URL(value, self.location.origin);
    if (url.origin === self.location.origin && (url.pathname === SCOPE_PATH || url.pathname.startsWith(`${SCOPE_PATH}/`))) return url;
  } catch {
    // not a URL: the home of the back office
  }
  return home;
}

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  const title = typeof message?.title === 'string' && message.title ? message.title : 'Administration';
  const url = backOfficeUrl(message?.url);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message?.body === 'string' ? message.body : '',
      icon: ICON,
      badge: BADGE,
      lang: 'fr',
      ...(typeof message?.tag === 'string' && message.tag ? { tag: message.tag, renotify: true } : {}),
      data: { url: url.pathname + url.search + url.hash },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = backOfficeUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window' });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith(SCOPE_PATH));
      if (open) {
        // The page's router goes there (app/back-office-app/use-back-office-app.ts), asking first if a form has unsaved changes.
        open.postMessage({ type: 'open', url: url.pathname + url.search + url.hash });
        await open.focus();
        return;
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});

// The browser replaced this device's subscription (some do, now and then): the new one is
// given to the server with the same key, so that notifications keep arriving.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const key = event.oldSubscription?.options?.applicationServerKey;
      const subscription =
        event.newSubscription ?? (key ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
      if (!subscription) return;
      const json = subscription.toJSON();
      const serverKey = new Uint8Array(subscription.options.applicationServerKey);
      const body = new URLSearchParams({
        intent: 'subscribe',
        endpoint: json.endpoint,
        p256dh: json.keys.p256dh,
        auth: json.keys.auth,
        applicationServerKey: btoa(String.fromCharCode(...serverKey))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, ''),
      });
      await fetch('/admin/notifications', { method: 'POST', body, credentials: 'same-origin' });
    })(),
  );
});
