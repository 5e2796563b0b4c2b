// The per-response CSP nonce: 16 bytes from the CSPRNG, base64. Drawn 256 nonces at a time
// (as Node's own randomUUID does) rather than one randomBytes call per request, which cost
// ~1 % of an uncached page's CPU: every slice of the pool is handed out once.
import { randomFillSync } from 'node:crypto';

const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let offset = pool.length;

export function cspNonce(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
