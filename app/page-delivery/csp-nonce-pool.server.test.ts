import { describe, expect, it } from 'vitest';
import { cspNonce } from './csp-nonce-pool.server';

describe('cspNonce', () => {
  it('is 16 random bytes in base64, never the same twice, across refills of its pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const nonce = cspNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1000);
  });
});
