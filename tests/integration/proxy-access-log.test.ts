// Issue 51: the shipped nginx configurations keep the site's secrets out of their access
// logs — the payment link's token, the iCal export's file name, an invitation's token —
// however the path is spelled, in the request line and in the Referer, while every other
// request is logged as it came. nginx runs each shipped file (its maps, log format and
// servers as they are) in front of a stand-in upstream, and the test reads the log it wrote.
// One database pass: its subject is nginx's configuration.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/app-process';
import { fleetConfig, NGINX, siteConfig, startNginx, type RunningNginx } from '../support/nginx';

const TOKEN = 'Pq7sZ0kLm3Nn4Oo5Rr6Tt7Uu8Vv9Ww0Xx1Yy2Zz3Aa4B';
const INVITATION = 'inv1tat10nT0kenAbCdEfGhIjKlMnOpQrStUvWxYz012';
const FEED = 'expOrtT0kenAbCdEfGhIjKlMnOpQrStUvWxYz0123456';

let upstream: http.Server;
let upstreamPort = 0;

beforeAll(async () => {
  upstream = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamPort = (upstream.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

/** A GET with its path sent as written (no client-side normalisation). */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { host: 'localhost', ...headers } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

const SECRET_REQUESTS: Array<[string, Record<string, string>?]> = [
  [`/pay/${TOKEN}`],
  [`/pay/${TOKEN}?retour=1`],
  [`/pay/${TOKEN}?carte=1`],
  [`/PAY/${TOKEN}`],
  [`/p%61y/${TOKEN}`],
  [`//pay/${TOKEN}`],
  [`/x/../pay/${TOKEN}`],
  [`/ical/${FEED}.ics`],
  [`/ICAL/${FEED}.ics`],
  [`/auth?invitation=${INVITATION}`],
  [`/auth?mode=signup&invitation=${INVITATION}`],
  [`/auth.data?invitation=${INVITATION}&_routes=routes%2Fsite%2Fauth`],
  [`/Auth?invitation=${INVITATION}`],
  // A page's assets carry it in their Referer.
  ['/assets/entry.client-abc.js', { referer: `https://example.com/auth?invitation=${INVITATION}` }],
  ['/assets/entry.client-abc.js', { referer: `https://example.com/pay/${TOKEN}?retour=1` }],
  ['/favicon.svg', { referer: `https://example.com/ical/${FEED}.ics` }],
];

async function exercise(nginx: RunningNginx, port: number) {
  for (const [path, headers] of SECRET_REQUESTS) expect(await get(port, path, headers), path).toBe(200);
  expect(await get(port, '/livre-dor?utm_source=news', { referer: 'https://example.com/room/1' })).toBe(200);
  expect(await get(port, '/auth')).toBe(200);
  // nginx writes a request's line once it has answered; the last one is there when the log has as many lines.
  const expected = SECRET_REQUESTS.length + 2;
  for (let i = 0; i < 100 && nginx.accessLog().trim().split('\n').length < expected; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return nginx.accessLog();
}

function expectMasked(log: string) {
  const lines = log.trim().split('\n');
  expect(lines).toHaveLength(SECRET_REQUESTS.length + 2);
  for (const secret of [TOKEN, INVITATION, FEED]) expect(log).not.toContain(secret);
  expect(lines[0]).toMatch(/"GET \/pay\/\[masked\] HTTP\/1\.1" 200 \d+ "-" /);
  expect(lines[4]).toContain('"GET /p%61y/[masked] HTTP/1.1"');
  expect(lines[9]).toContain('"GET /auth?[masked] HTTP/1.1"');
  expect(lines[13]).toContain('"https://example.com/auth?[masked]"');
  expect(lines[14]).toContain('"https://example.com/pay/[masked]"');
  // Everything else is logged as it came.
  expect(lines.at(-2)).toMatch(/"GET \/livre-dor\?utm_source=news HTTP\/1\.1" 200 \d+ "https:\/\/example\.com\/room\/1" /);
  expect(lines.at(-1)).toContain('"GET /auth HTTP/1.1"');
}

describe.skipIf(!NGINX)('the shipped nginx configurations keep secrets out of the access log', () => {
  it('deploy/nginx.conf', async () => {
    const port = await freePort();
    const nginx = await startNginx(port, siteConfig(port, upstreamPort));
    try {
      expectMasked(await exercise(nginx, port));
    } finally {
      await nginx.stop();
    }
  });

  it('deploy/nginx-fleet.conf', async () => {
    const port = await freePort();
    const nginx = await startNginx(port, fleetConfig(port, [upstreamPort]));
    try {
      expectMasked(await exercise(nginx, port));
    } finally {
      await nginx.stop();
    }
  });
});
