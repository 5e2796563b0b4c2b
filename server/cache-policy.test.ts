import { describe, expect, it } from 'vitest';
import { isPersonalRequest } from './cache-policy';

describe('isPersonalRequest', () => {
  it.each([
    ['/admin', undefined],
    ['/admin/users', undefined],
    ['/admin/users.data', undefined],
    ['/admin.data', undefined],
    ['/api/auth/get-session', undefined],
    ['/', 'better-auth.session_token=abc'],
    ['/livre-dor.data', 'a=1; __Secure-better-auth.session_token=abc'],
  ])('%s with cookie %s is personal', (path, cookie) => {
    expect(isPersonalRequest(path, cookie)).toBe(true);
  });
  it.each([
    ['/', undefined],
    ['/administration-notes', undefined],
    ['/livre-dor', 'selectedLanguage=en'],
    ['/', 'not-better-auth.session_token_x=1'],
  ])('%s with cookie %s is not', (path, cookie) => {
    expect(isPersonalRequest(path, cookie)).toBe(false);
  });
});
