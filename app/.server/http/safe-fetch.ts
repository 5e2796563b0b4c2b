// Fetches a URL the owner typed (an iCal feed) or a browser gave (a push service's
// endpoint) without letting it reach this machine or its network (server-side request
// forgery): http(s) only, every address
// a name resolves to is checked, the connection goes to the checked address (no
// second lookup an attacker's DNS could answer differently), redirects are
// followed by hand and checked the same way, with a timeout and a size cap.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export class FetchRefused extends Error {}

// Two lists: a BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules too.
const blockedV4 = new net.BlockList();
const blockedV6 = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedV4.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blockedV6.addSubnet(address, prefix, 'ipv6');
}

/** Loopback, private, link-local, multicast or reserved: not a public Internet address. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blockedV4.check(address, 'ipv4');
  if (family === 6) return blockedV6.check(address, 'ipv6');
  return true;
}

export interface SafeFetchOptions {
  /** GET by default; a POST sends `body` and follows no redirect it is answered with. */
  method?: 'GET' | 'POST';
  body?: Buffer;
  headers?: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  /** true: any address (tests, home networks); a function: allow these private addresses only. */
  allowPrivate: boolean | ((address: string) => boolean);
}

function permitted(address: string, allowPrivate: SafeFetchOptions['allowPrivate']): boolean {
  if (!isPrivateAddress(address)) return true;
  return typeof allowPrivate === 'function' ? allowPrivate(address) : allowPrivate;
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  url: string;
}

function checkedLookup(allowPrivate: SafeFetchOptions['allowPrivate']): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !permitted(a.address, allowPrivate));
      if (bad || list.length === 0) {
        return callback(new FetchRefused(`adresse non autorisée (${bad?.address ?? hostname})`), '', 0);
      }
      const first = list[0]!;
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, first.address, first.family);
    });
  };
}

const NO_ANSWER = 'le serveur ne répond pas';

/** A system error code ("getaddrinfo ENOTFOUND www.airbnb.fr") in the owner's words. */
export function plainNetworkError(error: Error & { code?: string }): string {
  switch (error.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return 'adresse introuvable';
    case 'ECONNREFUSED':
      return 'le serveur refuse la connexion';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return 'connexion interrompue par le serveur';
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return NO_ANSWER;
    default:
      if (error.code?.startsWith('ERR_TLS') || /CERT|SSL|self.signed/i.test(`${error.code ?? ''} ${error.message}`))
        return 'certificat de sécurité du site invalide';
      return 'connexion impossible';
  }
}

function requestOnce(url: URL, options: SafeFetchOptions, deadline: number): Promise<SafeResponse> {
  return new Promise((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(literal) && !permitted(literal, options.allowPrivate)) {
      return reject(new FetchRefused(`adresse non autorisée (${literal})`));
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: { 'user-agent': 'guesthouse-calendar-sync', accept: 'text/calendar, */*;q=0.5', ...options.headers },
        lookup: checkedLookup(options.allowPrivate),
        timeout: Math.max(1, deadline - Date.now()),
      },
      (response) => {
        const length = Number(response.headers['content-length']);
        if (Number.isFinite(length) && length > options.maxBytes) {
          response.destroy();
          return reject(new FetchRefused(`fichier trop volumineux (plus de ${Math.round(options.maxBytes / 1_000_000)} Mo)`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            request.destroy();
            reject(new FetchRefused(`fichier trop volumineux (plus de ${Math.round(options.maxBytes / 1_000_000)} Mo)`));
          } else chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), url: url.href }));
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new FetchRefused(NO_ANSWER)), Math.max(1, deadline - Date.now()));
    request.on('timeout', () => request.destroy(new FetchRefused(NO_ANSWER)));
    request.on('error', (error) => reject(error instanceof FetchRefused ? error : new FetchRefused(plainNetworkError(error))));
    request.on('close', () => clearTimeout(timer));
    request.end(options.body);
  });
}

/** A request with the guard; a GET follows up to `maxRedirects` redirects, each checked again. */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const deadline = Date.now() + options.timeoutMs;
  let url = parseHttpUrl(rawUrl);
  for (let hop = 0; ; hop++) {
    const response = await requestOnce(url, options, deadline);
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && response.status !== 304 && location && (options.method ?? 'GET') === 'GET') {
      if (hop >= (options.maxRedirects ?? 5)) throw new FetchRefused('trop de redirections');
      url = parseHttpUrl(new URL(location, url).href);
      continue;
    }
    return response;
  }
}

/** Only http: and https: URLs, without credentials. */
export function parseHttpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FetchRefused('adresse invalide');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('seules les adresses http et https sont acceptées');
  if (url.username || url.password) throw new FetchRefused('adresse avec identifiants refusée');
  return url;
}
