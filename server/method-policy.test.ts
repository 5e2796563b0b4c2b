import { describe, expect, it } from 'vitest';
import { allowedMethods } from './method-policy';

const files = new Set(['/favicon.svg']);
const policy = (path: string) => allowedMethods(path, (p) => files.has(p)).join(', ');

describe('allowedMethods', () => {
  it.each([
    ['/assets/entry.client-abc.js', 'GET, HEAD, OPTIONS'],
    ['/favicon.svg', 'GET, HEAD, OPTIONS'],
    ['/media/rooms/a.jpg', 'GET, HEAD, OPTIONS'],
    ['/healthz', 'GET, HEAD, OPTIONS'],
    ['/readyz', 'GET, HEAD, OPTIONS'],
    ['/sitemap.xml', 'GET, HEAD, OPTIONS'],
    ['/i18n/fr.0123456789.json', 'GET, HEAD, OPTIONS'],
    ['/robots.txt', 'GET, HEAD, OPTIONS'],
    ['/api/media', 'POST, OPTIONS'],
    ['/', 'GET, HEAD, POST, OPTIONS'],
    ['/livre-dor.data', 'GET, HEAD, POST, OPTIONS'],
    ['/api/auth/sign-in/email', 'GET, HEAD, POST, OPTIONS'],
    ['/healthz/extra', 'GET, HEAD, POST, OPTIONS'],
    ['/nowhere', 'GET, HEAD, POST, OPTIONS'],
  ])('%s → %s', (path, allow) => {
    expect(policy(path)).toBe(allow);
  });

  it('never allows TRACE or CONNECT', () => {
    for (const path of ['/', '/assets/x.js', '/api/media', '/healthz']) {
      expect(allowedMethods(path, () => false)).not.toContain('TRACE');
      expect(allowedMethods(path, () => false)).not.toContain('CONNECT');
    }
  });
});
