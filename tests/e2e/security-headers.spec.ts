// Headers and transport rules of issue 8, over every kind of route.
import { expect, test } from './fixtures';

const PATHS = ['/', '/livre-dor', '/mentions-legales', '/auth', '/admin', '/nope-404', '/sitemap.xml', '/robots.txt', '/healthz'];
/** Public pages an anonymous visitor may get from the page cache: their scripts are allowed by hash. */
const CACHEABLE = new Set(['/', '/livre-dor', '/mentions-legales', '/nope-404', '/sitemap.xml', '/robots.txt']);

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
      if (CACHEABLE.has(path)) expect(csp).toMatch(/script-src 'self'(?: 'sha256-[A-Za-z0-9+/=]{44}')*;/);
      else expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toMatch(/frame-src https:\/\/www\.google\.com/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
    });
  }

  test('every inline script of an uncached page carries the response nonce', async ({ request }) => {
    const response = await request.get('/auth');
    const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')![1];
    const html = await response.text();
    // Executable scripts only: JSON-LD data blocks are never run.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test('a page served from the page cache hydrates in the browser with no CSP violation', async ({ page }) => {
    const violations: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { __violations: string[] }).__violations ??= [];
        (window as unknown as { __violations: string[] }).__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) violations.push(message.text());
    });
    for (const path of ['/livre-dor', '/']) {
      await page.request.get(path); // fills the cache for this browser's language
      const response = await page.goto(path);
      expect(response!.headers()['x-page-cache']).toBe('hit');
      // The root component stores the language from an effect: it runs only once React has hydrated.
      await page.evaluate(() => localStorage.removeItem('selectedLanguage'));
      const reloaded = await page.reload();
      expect(reloaded!.headers()['x-page-cache']).toBe('hit');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe('fr');
      expect(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])).toEqual([]);
    }
    expect(violations).toEqual([]);
  });

  test('a new nonce on every response', async ({ request }) => {
    const nonceOf = async () => /'nonce-([^']+)'/.exec((await request.get('/auth')).headers()['content-security-policy'] ?? '')![1];
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
    const assets = [...new Set([...html.matchAll(/\/assets\/[^"]+\.js/g)].map((m) => m[0]))];
    expect(assets.length).toBeGreaterThan(0);
    let compressed = 0;
    for (const asset of assets) {
      const response = await request.get(asset, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      // The build precompresses every asset worth it (a few hundred bytes are not).
      if ((await response.body()).length > 1024 || response.headers()['content-encoding']) {
        expect(response.headers()['content-encoding']).toBe('br');
        compressed += 1;
      }
    }
    expect(compressed).toBeGreaterThan(0);
  });
});
