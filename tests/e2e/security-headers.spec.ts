// Headers and transport rules of issue 8, over every kind of route.
import { expect, test } from '@playwright/test';

const PATHS = ['/', '/livre-dor', '/mentions-legales', '/auth', '/admin', '/nope-404', '/sitemap.xml', '/robots.txt', '/healthz'];

test.describe('security headers', () => {
  test.skip(({ isMobile }) => isMobile, 'headers do not depend on the device');

  for (const path of PATHS) {
    test(`${path} carries the security headers`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      const csp = headers['content-security-policy'] ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
      expect(csp).toMatch(/frame-src https:\/\/www\.google\.com/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
    });
  }

  test('every inline script of a page carries the response nonce', async ({ request }) => {
    const response = await request.get('/');
    const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')![1];
    const html = await response.text();
    // Executable scripts only: JSON-LD data blocks are never run.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test('a new nonce on every response', async ({ request }) => {
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec((await request.get('/auth')).headers()['content-security-policy'] ?? '')![1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  test('a state-changing request from another site is refused and changes nothing', async ({ request }) => {
    const response = await request.post('/auth', {
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      form: { email: 'admin@example.com', password: 'whatever' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test('fingerprinted assets are immutable and precompressed', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    const response = await request.get(asset, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers()['content-encoding']).toBe('br');
  });
});
