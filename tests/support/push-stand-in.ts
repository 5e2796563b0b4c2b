// A local stand-in for a Web Push service (issue 48), over https like a real one, that
// accepts a message the way a push service does and records what it received:
// - RFC 8030: POST to the subscription's endpoint with a TTL; 201 Created; 404 for an
//   unknown subscription, 410 for one the test marked gone, 413 over 4,096 bytes;
// - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<key>`; the key must be the one
//   the subscription was made with (403 otherwise: a message signed by another
//   application server), the JWT an ES256 signature by that key with `aud` this
//   service's origin, `exp` within 24 hours and a `sub` (401 otherwise);
// - RFC 8291 (aes128gcm): the body is decrypted with the subscription's private key and
//   auth secret, which the test made (node:crypto ECDH P-256), as a browser would.
// The test can also make a subscription answer 500 or not answer at all for a while.
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { selfSignedCertificate } from './tls-certificate';

/** The most a push service must accept (RFC 8030 §7.2); larger: 413. */
export const PUSH_RECORD_MAX_BYTES = 4096;

/** A subscription's keys as a browser holds them: the private half stays with the test. */
export interface SubscriberKeys {
  /** Uncompressed P-256 public key, base64url: the subscription's p256dh. */
  p256dh: string;
  /** 16 random bytes, base64url. */
  auth: string;
  /** The private key, base64url: only the "browser" (the test) knows it. */
  privateKey: string;
}

/** What a browser makes when it subscribes: a P-256 key pair and an auth secret. */
export function generateSubscriberKeys(): SubscriberKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, parsed when it is JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | null;
  claims: { aud: string; exp: number; sub: string };
  bytes: number;
}

export interface Refused {
  subscriptionId: string;
  status: number;
  reason: string;
}

type Behaviour = { kind: 'status'; status: number } | { kind: 'hang' };

interface Subscription {
  id: string;
  applicationServerKey: string;
  keys: SubscriberKeys;
  gone: boolean;
  behaviours: Behaviour[];
}

export interface PushStandIn {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** The certificate to trust (PEM): tls.setDefaultCACertificates in a test, NODE_EXTRA_CA_CERTS for a server. */
  certificate: string;
  certificateFile: string;
  /** A subscription made with `applicationServerKey`, as PushSubscription.toJSON() gives it. */
  subscribe(applicationServerKey: string, keys?: SubscriberKeys): { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
  /** The subscription expired or was withdrawn: 410 from now on. */
  markGone(id: string): void;
  /** The next messages to `id` get these answers, in order (a status, or no answer at all). */
  misbehave(id: string, ...behaviours: Behaviour[]): void;
  received: ReceivedPush[];
  refused: Refused[];
  close(): Promise<void>;
}

const b64url = (value: string) => Buffer.from(value, 'base64url');

/** RFC 8291 §3.4 and RFC 8188: the plaintext of a single-record aes128gcm body, or why not. */
export function decryptAes128gcm(body: Buffer, keys: SubscriberKeys): Buffer {
  if (body.length < 21 + 65 + 17) throw new Error('body shorter than a header and a record');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65 || senderPublic[0] !== 4) throw new Error('keyid is not an uncompressed P-256 key');
  if (record.length > recordSize) throw new Error('more than one record');
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.setPrivateKey(b64url(keys.privateKey));
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), b64url(keys.p256dh), senderPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, b64url(keys.auth), keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: the JWT's claims when it is an ES256 signature by `publicKey`, else why not. */
export function verifyVapidJwt(token: string, publicKey: string): { aud: string; exp: number; sub: string } {
  const [header, claims, signature] = token.split('.');
  if (!header || !claims || !signature) throw new Error('not a JWT');
  const head = JSON.parse(b64url(header).toString('utf8'));
  if (head.alg !== 'ES256') throw new Error(`alg ${head.alg}, not ES256`);
  const point = b64url(publicKey);
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = crypto.verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, b64url(signature));
  if (!valid) throw new Error('bad signature');
  return JSON.parse(b64url(claims).toString('utf8'));
}

export async function startPushStandIn(options: { port?: number; certificateDir?: string } = {}): Promise<PushStandIn> {
  const dir = options.certificateDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'push-stand-in-'));
  fs.mkdirSync(dir, { recursive: true });
  const tls = selfSignedCertificate(dir);
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const refused: Refused[] = [];
  let origin = '';

  const server = https.createServer({ key: fs.readFileSync(tls.key), cert: fs.readFileSync(tls.cert) }, (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= PUSH_RECORD_MAX_BYTES + 1) chunks.push(chunk);
    });
    req.on('end', () => handle(req, res, Buffer.concat(chunks), size));
  });

  const answer = (res: import('node:http').ServerResponse, status: number, body: unknown = '') => {
    res.writeHead(status, { 'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  function subscribe(applicationServerKey: string, keys = generateSubscriberKeys()) {
    const id = crypto.randomBytes(12).toString('base64url');
    subscriptions.set(id, { id, applicationServerKey, keys, gone: false, behaviours: [] });
    return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: keys.p256dh, auth: keys.auth } };
  }

  function handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, body: Buffer, size: number) {
    const url = new URL(req.url ?? '/', origin);
    if (req.method === 'GET' && url.pathname === '/healthz') return answer(res, 200, 'ok');
    // The e2e tests' side door (tests/e2e run the stand-in as a process of its own).
    if (url.pathname === '/_control/subscriptions' && req.method === 'POST') {
      const { applicationServerKey, keys } = JSON.parse(body.toString('utf8') || '{}');
      return answer(res, 201, subscribe(applicationServerKey, keys));
    }
    if (url.pathname === '/_control/received' && req.method === 'GET') return answer(res, 200, { received, refused });
    const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    if (req.method !== 'POST' || !match) return answer(res, 404, 'not found');
    const subscription = subscriptions.get(match[1]!);
    const refuse = (status: number, reason: string) => {
      refused.push({ subscriptionId: match[1]!, status, reason });
      answer(res, status, reason);
    };
    if (!subscription) return refuse(404, 'no such subscription');
    if (subscription.gone) return refuse(410, 'subscription expired');
    const behaviour = subscription.behaviours.shift();
    if (behaviour?.kind === 'hang') return; // never answers: the sender's deadline must end it
    if (behaviour?.kind === 'status') return refuse(behaviour.status, 'told to fail');
    if (size > PUSH_RECORD_MAX_BYTES) return refuse(413, 'payload too large');
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'missing or invalid TTL');
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'content encoding is not aes128gcm');
    const vapid = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
    if (!vapid) return refuse(401, 'no VAPID authorization');
    if (vapid[2] !== subscription.applicationServerKey) return refuse(403, 'signed with another key than the subscription was made with');
    let claims: ReceivedPush['claims'];
    try {
      claims = verifyVapidJwt(vapid[1]!, vapid[2]!);
    } catch (error) {
      return refuse(401, `invalid JWT: ${(error as Error).message}`);
    }
    const now = Math.floor(Date.now() / 1000);
    if (claims.aud !== origin) return refuse(401, `aud ${claims.aud} is not ${origin}`);
    if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return refuse(401, 'exp not within 24 hours');
    if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return refuse(401, 'sub is not a mailto: or https: URL');
    let text: string;
    try {
      text = decryptAes128gcm(body, subscription.keys).toString('utf8');
    } catch (error) {
      return refuse(400, `cannot decrypt: ${(error as Error).message}`);
    }
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      /* a text payload */
    }
    received.push({ subscriptionId: subscription.id, payload, ttl, urgency: (req.headers.urgency as string | undefined) ?? null, claims, bytes: size });
    res.writeHead(201, { Location: `${origin}/message/${crypto.randomUUID()}` });
    res.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    certificate: fs.readFileSync(tls.cert, 'utf8'),
    certificateFile: tls.cert,
    subscribe,
    markGone: (id) => void (subscriptions.get(id)!.gone = true),
    misbehave: (id, ...behaviours) => void subscriptions.get(id)!.behaviours.push(...behaviours),
    received,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
