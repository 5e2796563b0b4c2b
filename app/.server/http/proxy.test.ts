import { describe, expect, it } from 'vitest';
import { clientAddress, forwardedClientIp, MalformedForwardedHost, publicRequestUrl } from './proxy';

const headers = (init: Record<string, string>) => new Headers(init);

describe('clientAddress', () => {
  const forged = headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9' });
  it("believes our proxy's entry only with TRUST_PROXY, else takes the connection's", () => {
    expect(clientAddress(forged, { trustProxy: true, connection: '127.0.0.1' })).toBe('203.0.113.9');
    expect(clientAddress(forged, { trustProxy: false, connection: '127.0.0.1' })).toBe('127.0.0.1');
    expect(clientAddress(headers({}), { trustProxy: true, connection: '127.0.0.1' })).toBe('127.0.0.1');
    expect(clientAddress(forged, { trustProxy: false })).toBe('unknown');
  });
});

describe('forwardedClientIp', () => {
  it('takes the entry our proxy appended (the last), not the one the client sent', () => {
    expect(forwardedClientIp(headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9' }))).toBe('203.0.113.9');
    expect(forwardedClientIp(headers({ 'x-forwarded-for': '203.0.113.9' }))).toBe('203.0.113.9');
  });

  it('has no answer without the header or with an empty one', () => {
    expect(forwardedClientIp(headers({}))).toBeUndefined();
    expect(forwardedClientIp(headers({ 'x-forwarded-for': ' ' }))).toBeUndefined();
  });
});

describe('publicRequestUrl', () => {
  const behindTls = { publicUrl: 'https://mas.example', trustProxy: false };

  it('gives a request addressed to the public host the public origin (TLS proxy, no TRUST_PROXY)', () => {
    expect(publicRequestUrl('http://mas.example/auth?mode=signup', headers({}), behindTls)).toBe('https://mas.example/auth?mode=signup');
    expect(publicRequestUrl('http://mas.example:3000/', headers({}), behindTls)).toBe('https://mas.example/');
  });

  it('keeps the URL Node saw for any other host, and ignores forwarded headers without TRUST_PROXY', () => {
    const forged = headers({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' });
    expect(publicRequestUrl('http://127.0.0.1:3000/a', forged, behindTls)).toBe('http://127.0.0.1:3000/a');
  });

  it('with TRUST_PROXY, takes the scheme and host the proxy forwarded', () => {
    const trusted = { publicUrl: 'https://mas.example', trustProxy: true };
    const forwarded = headers({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'mas.example' });
    expect(publicRequestUrl('http://127.0.0.1:3000/admin?x=1', forwarded, trusted)).toBe('https://mas.example/admin?x=1');
    expect(publicRequestUrl('http://mas.example/', headers({ 'x-forwarded-proto': 'https, http' }), trusted)).toBe('https://mas.example/');
    const other = headers({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.mas.example:8443' });
    expect(publicRequestUrl('http://127.0.0.1:3000/', other, trusted)).toBe('https://www.mas.example:8443/');
  });

  it("with TRUST_PROXY, the public host gets PUBLIC_URL's port even when the proxy's $host has none", () => {
    const trusted = { publicUrl: 'https://localhost:8443', trustProxy: true };
    const forwarded = headers({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'localhost' });
    expect(publicRequestUrl('http://localhost/auth', forwarded, trusted)).toBe('https://localhost:8443/auth');
  });

  it('never reads a path beginning with // as another host', () => {
    expect(publicRequestUrl('http://mas.example//evil.example/x?y=1', headers({}), behindTls)).toBe('https://mas.example//evil.example/x?y=1');
    const trusted = { publicUrl: 'https://mas.example', trustProxy: true };
    const forwarded = headers({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'mas.example' });
    expect(publicRequestUrl('http://127.0.0.1:3000//evil.example', forwarded, trusted)).toBe('https://mas.example//evil.example');
    expect(publicRequestUrl('http://127.0.0.1:3000//evil.example', headers({ 'x-forwarded-host': 'other.example' }), trusted)).toBe(
      'http://other.example//evil.example',
    );
  });

  it('with TRUST_PROXY, ignores schemes other than http(s)', () => {
    const trusted = { publicUrl: 'https://mas.example', trustProxy: true };
    const odd = headers({ 'x-forwarded-proto': 'javascript' });
    expect(publicRequestUrl('http://127.0.0.1:3000/', odd, trusted)).toBe('http://127.0.0.1:3000/');
  });

  it('with TRUST_PROXY, refuses a forwarded host that is not a host (the server answers 400)', () => {
    const trusted = { publicUrl: 'https://mas.example', trustProxy: true };
    for (const host of ['a b/c', 'a@evil', 'user:pass@mas.example', 'mas.example/path', 'mas.example:99999999', '[zz]', 'x'.repeat(300), '']) {
      if (!host) continue;
      expect(() => publicRequestUrl('http://127.0.0.1:3000/', headers({ 'x-forwarded-host': host }), trusted), host).toThrow(MalformedForwardedHost);
    }
    for (const host of ['mas.example', 'mas.example:8443', '127.0.0.1', '[::1]:3000', 'localhost']) {
      expect(() => publicRequestUrl('http://127.0.0.1:3000/', headers({ 'x-forwarded-host': host }), trusted), host).not.toThrow();
    }
    // Without TRUST_PROXY the header is not read at all.
    expect(publicRequestUrl('http://127.0.0.1:3000/', headers({ 'x-forwarded-host': 'a@evil' }), { ...trusted, trustProxy: false })).toBe(
      'http://127.0.0.1:3000/',
    );
  });
});
