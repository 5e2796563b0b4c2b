import { describe, expect, it } from 'vitest';
import { FetchRefused, isPrivateAddress, parseHttpUrl, safeFetch } from './safe-fetch';

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local and mapped forms', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });
  it('lets public addresses through', () => {
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('safeFetch guard', () => {
  it('accepts http(s) only', () => {
    expect(() => parseHttpUrl('file:///etc/passwd')).toThrow(FetchRefused);
    expect(() => parseHttpUrl('ftp://example.com/a.ics')).toThrow(FetchRefused);
    expect(() => parseHttpUrl('not a url')).toThrow(FetchRefused);
    expect(() => parseHttpUrl('https://user:pw@example.com/a.ics')).toThrow(FetchRefused);
    expect(parseHttpUrl('https://www.airbnb.fr/calendar/ical/1.ics?s=x').hostname).toBe('www.airbnb.fr');
  });

  it('refuses loopback by literal address and by name before connecting', async () => {
    const options = { timeoutMs: 2000, maxBytes: 1000, allowPrivate: false };
    await expect(safeFetch('http://127.0.0.1:1/x.ics', options)).rejects.toThrow(/non autorisée/);
    await expect(safeFetch('http://[::1]:1/x.ics', options)).rejects.toThrow(/non autorisée/);
    await expect(safeFetch('http://localhost:1/x.ics', options)).rejects.toThrow(/non autorisée/);
  });
});
