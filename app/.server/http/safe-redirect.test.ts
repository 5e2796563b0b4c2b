import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './safe-redirect';

const rule = { under: '/admin', fallback: '/admin', origin: 'https://example.com' };

describe('safeRedirectTarget', () => {
  it.each([
    ['/admin', '/admin'],
    ['/admin/messages?page=2', '/admin/messages?page=2'],
    ['/admin/room/0b7c1c6e-1d1f-4d1a-9a55-3f0a3c8d2e11', '/admin/room/0b7c1c6e-1d1f-4d1a-9a55-3f0a3c8d2e11'],
    ['/admin/%E2%80%A8x', '/admin/%E2%80%A8x'],
    ['/admin/été', '/admin/%C3%A9t%C3%A9'],
    ['/admin/a?q=é', '/admin/a?q=%C3%A9'],
    ['https://example.com/admin/users?x=1', '/admin/users?x=1'],
    ['/admin/"><script>', '/admin/%22%3E%3Cscript%3E'],
  ])('%s → %s', (target, expected) => {
    expect(safeRedirectTarget(target, rule)).toBe(expected);
  });

  it.each([
    '/admin\r\nX:1',
    '/admin\u0100',
    '/admin\u00bf',
    '/admin/\u2028x',
    '/admin\tx',
    '//evil.example/admin',
    '/\\evil.example/admin',
    '/administrator',
    '/admin/../auth',
    '/',
    'https://evil.example/admin',
    'javascript:alert(1)',
    '',
    'x'.repeat(3000),
    42,
    undefined,
  ])('%j → fallback', (target) => {
    expect(safeRedirectTarget(target, rule)).toBe('/admin');
  });

  it('never returns a non-ASCII or control character', () => {
    for (let code = 0; code < 0x3000; code += 7) {
      const result = safeRedirectTarget(`/admin/${String.fromCharCode(code)}?q=${String.fromCharCode(code)}`, rule);
      expect(result).toMatch(/^[\x21-\x7e]+$/);
    }
  });
});
