// server/drain.ts on a real HTTP server: what a client sees while an instance drains.
// One database pass: its subject is a real HTTP server draining, no database.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { answerWhileDraining, drainServer, isDraining, RETRY_ON_503_HEADER } from './drain';

function request(port: number, options: { method?: string; path?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers: options.headers,
        agent: new http.Agent({ keepAlive: true }),
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('draining an instance', () => {
  it('keeps serving for the delay (503 for a retrying proxy’s reads, never for writes), finishes what is in flight, then refuses', async () => {
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    const server = http.createServer((req, res) => {
      if (answerWhileDraining(req, res)) return;
      const answer = () => res.end(`${req.method} ${req.url}`);
      if (req.url === '/slow') void slow.then(answer);
      else answer();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    expect(await request(port)).toMatchObject({ status: 200, connection: 'keep-alive' });
    const inFlight = request(port, { path: '/slow' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const drained = drainServer(server, { delayMs: 300, timeoutMs: 5_000 });
    expect(isDraining()).toBe(true);

    // During the delay: served, each response closing its connection…
    expect(await request(port)).toMatchObject({ status: 200, connection: 'close' });
    expect(await request(port, { method: 'POST', headers: { [RETRY_ON_503_HEADER]: '1' } })).toMatchObject({ status: 200, body: 'POST /' });
    // …except a read from a proxy that retries a 503 elsewhere.
    const refused = await request(port, { headers: { [RETRY_ON_503_HEADER]: '1' } });
    expect(refused).toMatchObject({ status: 503, connection: 'close' });

    await new Promise((resolve) => setTimeout(resolve, 400));
    // After it: no new connection; the request in flight still gets its answer.
    await expect(request(port)).rejects.toThrow(/ECONNREFUSED/);
    release();
    expect(await inFlight).toMatchObject({ status: 200, body: 'GET /slow' });
    // Its connection, left idle, is ended at once: nothing waits for the drain timeout.
    const started = Date.now();
    expect(await drained).toBe(0);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('cuts what is still running after the timeout', async () => {
    const server = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const stuck = request(port).catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await drainServer(server, { delayMs: 0, timeoutMs: 200 })).toBe(1);
    expect(await stuck).toBeInstanceOf(Error);
  });
});
