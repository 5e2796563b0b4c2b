// Issue 8's XSS suite: 100+ hostile payloads stored through every text and rich-text
// field an admin or a visitor can fill, then every public and admin page rendered in
// Chromium. No script may run (alert/confirm/prompt and dialogs are trapped), and no
// CSP violation may be needed to stop one: the sanitiser and escaping already did.
import type { BrowserContext } from '@playwright/test';
import { expect, test, signInAsAdmin, waitForHydration } from './fixtures';

const VECTORS = [
  `<script>alert(1)</script>`,
  `<img src=x onerror=alert(1)>`,
  `<svg onload=alert(1)>`,
  `<svg><script>alert(1)</script></svg>`,
  `"><script>alert(1)</script>`,
  `'><svg/onload=alert(1)>`,
  `</script><script>alert(1)</script>`,
  `</title><script>alert(1)</script>`,
  `</textarea><script>alert(1)</script>`,
  `</style><script>alert(1)</script>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<a href="javascript:alert(1)">clic</a>`,
  `<a href=" javascript:alert(1)">clic</a>`,
  `<a href="java&#x09;script:alert(1)">clic</a>`,
  `<a href="&#106;avascript:alert(1)">clic</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">clic</a>`,
  `<a href="vbscript:alert(1)">clic</a>`,
  `<body onload=alert(1)>`,
  `<details open ontoggle=alert(1)>`,
  `<input autofocus onfocus=alert(1)>`,
  `<select autofocus onfocus=alert(1)></select>`,
  `<textarea autofocus onfocus=alert(1)></textarea>`,
  `<x contenteditable autofocus onfocus=alert(1)>`,
  `<marquee onstart=alert(1)>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<form action="javascript:alert(1)"><button>go</button></form>`,
  `<form><button formaction="javascript:alert(1)">go</button></form>`,
  `<base href="javascript:alert(1)//">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<link rel="stylesheet" href="javascript:alert(1)">`,
  `<style>@import 'javascript:alert(1)';</style>`,
  `<p style="background:url(javascript:alert(1))">fond</p>`,
  `<span style="color:red;background-image:url(javascript:alert(1))">x</span>`,
  `<img src="x" onerror="&#97;lert(1)">`,
  `<img src=1 onerror=alert&#40;1&#41;>`,
  `<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
  `<img srcset="x" onerror=alert(1)>`,
  `<picture><source srcset=x onerror=alert(1)></picture>`,
  `<video><source onerror=alert(1)></video>`,
  `<audio src=x onerror=alert(1)></audio>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
  `<template><script>alert(1)</script></template>`,
  `<svg><animate onbegin=alert(1) attributeName=x dur=1s>`,
  `<svg><a xlink:href="javascript:alert(1)"><text x=20 y=20>X</text></a></svg>`,
  `<math><mi xlink:href="javascript:alert(1)">X</mi></math>`,
  `<math><style><img src=x onerror=alert(1)></style></math>`,
  `<!--<img src="--><img src=x onerror=alert(1)//">`,
  `<div onmouseover="alert(1)">survol</div>`,
  `<h1 onclick=alert(1)>titre</h1>`,
  `<table background="javascript:alert(1)"><tr><td>x</td></tr></table>`,
  `{{constructor.constructor('alert(1)')()}}`,
  `\${alert(1)}`,
  `javascript:alert(1)`,
  `mailto:x@example.com?subject=<script>alert(1)</script>`,
  `tel:+33600000000"><script>alert(1)</script>`,
  `contact@example.com"><img src=x onerror=alert(1)>`,
  `06 12 34 56 78<img src=x onerror=alert(1)>`,
];
// Each vector alone and inside ordinary text: 120 payloads.
const PAYLOADS = VECTORS.flatMap((v, i) => [v, `Chambre ${i} ${v} fin`]);

test.describe.configure({ mode: 'serial' });

/** Traps every dialog and every script-run marker on all of the context's pages. */
async function trap(context: BrowserContext) {
  const dialogs: string[] = [];
  context.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __xss: number; __csp: string[] };
    w.__xss = 0;
    w.__csp = [];
    const hit = () => {
      w.__xss++;
    };
    window.alert = hit;
    window.confirm = () => (hit(), false);
    window.prompt = () => (hit(), null);
    document.addEventListener('securitypolicyviolation', (event) => w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return dialogs;
}

/**
 * Runs `work` for every item, `width` at a time. The suite runs last and alone, once the
 * other projects are done: the server (and the second core) would otherwise idle between
 * one sequential request and the next.
 */
async function inBatches<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>) {
  for (let start = 0; start < items.length; start += width) {
    await Promise.all(items.slice(start, start + width).map((item, offset) => work(item, start + offset)));
  }
}

test('stored payloads never run on any page', async ({ page }) => {
  test.setTimeout(600_000);
  const dialogs = await trap(page.context());
  await signInAsAdmin(page);
  const post = async (path: string, form: Record<string, string>) => {
    const response = await page.request.post(path, { form, maxRedirects: 0 });
    expect(response.status(), `${path} ${JSON.stringify(form).slice(0, 120)}`).toBeLessThan(400);
    return response;
  };

  const roomIds: string[] = [];
  await inBatches(PAYLOADS, 6, async (payload, i) => {
    const saved = await post('/admin/room/new', {
      intent: 'save',
      name: payload.slice(0, 150),
      maxGuests: '2',
      pricePerNight: '100',
      shortDescription: `<p>${payload}</p>`,
      longDescription: payload,
      tags: payload.slice(0, 200),
    });
    const location = saved.headers()['location'] ?? '';
    if (i < 3) roomIds[i] = location.split('/').pop()!;
    await post('/admin/seasons', { intent: 'create', name: payload.slice(0, 100) });
    await post('/?index', {
      intent: 'contact',
      name: payload.slice(0, 200),
      email: 'xss@example.com',
      dates: payload.slice(0, 200),
      guests: '2',
      message: payload,
    });
    await post('/livre-dor', {
      intent: 'testimonial',
      name: payload.slice(0, 100),
      email: 'xss@example.com',
      country: 'FR',
      rating: '5',
      message: payload,
    });
    if (i < 20) await post('/admin/section/new', { intent: 'save', title: payload.slice(0, 150), content: payload, isActive: 'on' });
    if (i < 10) await post('/admin/config', { intent: 'add-distance', city: payload.slice(0, 100), durationMinutes: '30' });
  });
  const last = PAYLOADS.at(-1)!;
  await post('/admin/config', {
    intent: 'save-config',
    name: `Mas ${VECTORS[1]}`,
    tagline: VECTORS[0]!,
    contactEmail: 'owner@example.com',
    phones: '0493000000',
    address: `12 chemin des Lavandes ${VECTORS[2]}\n06130 Grasse`,
    modalites: last,
  });

  const pages = [
    '/',
    '/?lang=en',
    '/livre-dor',
    '/mentions-legales',
    ...roomIds.map((id) => `/room/${id}`),
    '/admin',
    '/admin/rooms',
    ...roomIds.map((id) => `/admin/room/${id}`),
    '/admin/sections',
    '/admin/seasons',
    '/admin/testimonials',
    '/admin/messages',
    '/admin/config',
    '/admin/users',
    '/admin/languages',
  ];
  // Four tabs of the signed-in context at a time; each page's own markers, and the dialogs
  // of any of them (a dialog anywhere fails the page it was opened after).
  await inBatches(pages, 4, async (path) => {
    const tab = await page.context().newPage();
    await tab.goto(path);
    // Loaded, then hydrated (a public page after its first image): every payload has had its chance.
    await waitForHydration(tab, 'a, button');
    const state = await tab.evaluate(() => {
      const w = window as unknown as { __xss: number; __csp: string[] };
      return { xss: w.__xss, csp: w.__csp };
    });
    await tab.close();
    expect(state.xss, `a payload ran on ${path}`).toBe(0);
    expect(state.csp, `CSP had to stop something on ${path}`).toEqual([]);
    expect(dialogs, `a dialog opened on ${path}`).toEqual([]);
  });
});
