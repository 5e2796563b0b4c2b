// The service worker's handlers, run as the browser would run the file (a global scope
// of its own, events dispatched to its listeners), with the browser's parts stood in.
import crypto from 'node:crypto';
import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const SOURCE = fs.readFileSync('app/back-office-app/service-worker.js', 'utf8');
const ORIGIN = 'https://maison.example';

function loadWorker(options: { windows?: Array<{ url: string }>; fetch?: () => Promise<Response> } = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const windows = (options.windows ?? []).map((w) => ({ ...w, postMessage: vi.fn(), focus: vi.fn(async () => undefined) }));
  const self = {
    location: new URL(`${ORIGIN}/admin/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null), claim: vi.fn() },
    registration: { showNotification: vi.fn(async () => undefined), navigationPreload: { enable: vi.fn() } },
  };
  const context = vm.createContext({
    self,
    fetch: options.fetch ?? (() => Promise.reject(new TypeError('Failed to fetch'))),
    Response,
    URL,
    URLSearchParams,
    TextEncoder,
    crypto: crypto.webcrypto,
    btoa,
  });
  vm.runInContext(SOURCE, context);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    let response: Promise<Response> | undefined;
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => pending.push(p), respondWith: (r: Promise<Response>) => (response = r) });
    await Promise.all(pending);
    return response;
  };
  return { self, windows, dispatch, listens: (type: string) => listeners.has(type) };
}

describe('the back office service worker', () => {
  it('keeps nothing: no Cache Storage anywhere in it', () => {
    expect(SOURCE).not.toMatch(/\bcaches\b/);
  });

  it('answers a page asked for without network with the French offline page, allowed by its own hashes only', async () => {
    const worker = loadWorker();
    const response = await worker.dispatch('fetch', {
      request: { mode: 'navigate', method: 'GET', url: `${ORIGIN}/admin/today` },
      preloadResponse: Promise.resolve(undefined),
    });
    const html = await response!.text();
    expect(html).toContain('<h1>Vous êtes hors ligne</h1>');
    expect(html).toContain('<button type="button" id="retry">Réessayer</button>');
    expect(response!.headers.get('Cache-Control')).toBe('no-store');
    const policy = response!.headers.get('Content-Security-Policy')!;
    const hash = (text: string) => crypto.createHash('sha256').update(text).digest('base64');
    const style = /<style>(.*?)<\/style>/s.exec(html)![1]!;
    const script = /<script>(.*?)<\/script>/s.exec(html)![1]!;
    expect(policy).toBe(
      `default-src 'none'; style-src 'sha256-${hash(style)}'; script-src 'sha256-${hash(script)}'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
  });

  it('leaves the network alone when it answers, and every request that is not a page', async () => {
    const page = new Response('the page');
    const worker = loadWorker({ fetch: async () => page });
    const answered = await worker.dispatch('fetch', { request: { mode: 'navigate', method: 'GET' }, preloadResponse: Promise.resolve(undefined) });
    expect(await answered).toBe(page);
    expect(await worker.dispatch('fetch', { request: { mode: 'cors', method: 'GET' } })).toBeUndefined();
    expect(await worker.dispatch('fetch', { request: { mode: 'navigate', method: 'POST' } })).toBeUndefined();
  });

  it('shows a push as a notification with its text, the icon and its back-office link', async () => {
    const worker = loadWorker();
    const data = { json: () => ({ title: 'Nouvelle demande de réservation', body: 'Ada · Lavande', url: '/admin/reservations#booking-1', tag: 'booking-1' }) };
    await worker.dispatch('push', { data });
    expect(worker.self.registration.showNotification).toHaveBeenCalledWith('Nouvelle demande de réservation', {
      body: 'Ada · Lavande',
      icon: '/admin/icons/icon-192.png',
      badge: '/admin/icons/badge-96.png',
      lang: 'fr',
      tag: 'booking-1',
      renotify: true,
      data: { url: '/admin/reservations#booking-1' },
    });
  });

  it('shows something for a push it cannot read, and never links outside the back office', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', { data: { json: () => JSON.parse('{') } });
    await worker.dispatch('push', { data: { json: () => ({ title: 'x', body: 'y', url: 'https://evil.example/admin' }) } });
    await worker.dispatch('push', { data: { json: () => ({ title: 'x', body: 'y', url: '/room/1' }) } });
    const calls = worker.self.registration.showNotification.mock.calls as unknown as Array<[string, { data: { url: string } }]>;
    expect(calls.map(([title, options]) => [title, options.data.url])).toEqual([
      ['Administration', '/admin/today'],
      ['x', '/admin/today'],
      ['x', '/admin/today'],
    ]);
  });

  it('a click brings an open back-office window to the page through its router, else opens one', async () => {
    const open = loadWorker({ windows: [{ url: `${ORIGIN}/` }, { url: `${ORIGIN}/admin/messages` }] });
    const notification = { close: vi.fn(), data: { url: '/admin/booking/42' } };
    await open.dispatch('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(open.windows[1]!.postMessage).toHaveBeenCalledWith({ type: 'open', url: '/admin/booking/42' });
    expect(open.windows[1]!.focus).toHaveBeenCalled();
    expect(open.windows[0]!.postMessage).not.toHaveBeenCalled();
    expect(open.self.clients.openWindow).not.toHaveBeenCalled();

    const none = loadWorker();
    await none.dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: '/admin/booking/42' } } });
    expect(none.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/admin/booking/42`);
  });
});
