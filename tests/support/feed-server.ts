// A local HTTP server standing in for Airbnb, Booking.com & co.: each path serves
// what the test last put there, honours If-None-Match, and counts requests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Served {
  status?: number;
  body?: string | Buffer;
  etag?: string;
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering. */
  delay?: number;
}

export async function startFeedServer() {
  const routes = new Map<string, Served>();
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const served = routes.get(path);
    const answer = () => {
      if (!served) return response.writeHead(404).end('not found');
      if (served.etag && request.headers['if-none-match'] === served.etag) return response.writeHead(304, { etag: served.etag }).end();
      response.writeHead(served.status ?? 200, {
        'content-type': 'text/calendar; charset=utf-8',
        ...(served.etag ? { etag: served.etag } : {}),
        ...served.headers,
      });
      response.end(served.body ?? '');
    };
    if (served?.delay) setTimeout(answer, served.delay);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    serve: (path: string, served: Served) => routes.set(path, served),
    hits: (path: string) => hits.get(path) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
