// Media benchmark (not part of npm test): `npx tsx bench/media.bench.ts`.
// Measures, on a photo-like 3000×2000 JPEG stored on the disk backend:
//  - the upload re-encode of the original (prepareImage),
//  - cold variant generation per size and format (read original, sharp encode, store),
//  - cached-variant throughput through the media handler, in process and over HTTP,
//    and the 304 path. Writes bench/results/media.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import sharp from 'sharp';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-bench-'));
process.env.DATA_DIR = dataDir;
for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) delete process.env[name];

const { prepareImage } = await import('../app/.server/media/images');
const { storage } = await import('../app/.server/media/storage');
const { serveMedia } = await import('../app/.server/media/serve');
const { getVariant, variantStats } = await import('../app/.server/media/variants');
const { AVIF_EFFORT } = await import('../app/.server/media/image-tasks');
const { VARIANTS, imageUrl } = await import('../app/lib/every-page/image-url');

const ACCEPT = {
  avif: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
  webp: 'image/webp,image/*,*/*;q=0.8',
  jpeg: 'image/*,*/*;q=0.8',
} as const;

/** Smooth shapes plus fine grain: closer to a photo than flat colour or pure noise. */
async function photo(width: number, height: number) {
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(1.2)
    .png()
    .toBuffer();
  const shapes = Buffer.from(
    `<svg width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4c27a"/><stop offset="1" stop-color="#3b6e8f"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
      Array.from(
        { length: 30 },
        (_, i) =>
          `<circle cx="${(i * 397) % width}" cy="${(i * 211) % height}" r="${80 + ((i * 53) % 220)}" fill="hsl(${(i * 47) % 360},45%,55%)" opacity="0.6"/>`,
      ).join('') +
      `</svg>`,
  );
  return sharp(shapes)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const ms = (start: number) => performance.now() - start;
const fmt = (n: number, digits = 0) => n.toFixed(digits);

async function throughput(label: string, total: number, concurrency: number, once: () => Promise<unknown>) {
  // Warm up, then measure.
  for (let i = 0; i < 20; i++) await once();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) await once();
    }),
  );
  const elapsed = ms(started);
  return { label, total, concurrency, rps: (total / elapsed) * 1000, meanMs: (elapsed * concurrency) / total };
}

const lines: string[] = [];
const log = (line = '') => {
  lines.push(line);
  console.log(line);
};

const source = await photo(3000, 2000);
log('# Media benchmark');
log();
log(
  `Run: ${new Date().toISOString()} · Node ${process.version} · sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}) · sharp threads ${sharp.concurrency()} · ${os.cpus().length} CPU(s) · ${os.cpus()[0]?.model ?? ''}`,
);
log(`Source: photo-like 3000×2000 JPEG, ${fmt(source.length / 1024)} KB. Storage: disk backend (DATA_DIR/uploads). AVIF effort ${AVIF_EFFORT}.`);
log();

// Upload re-encode.
const uploadRuns: number[] = [];
let prepared = await prepareImage('photo.jpg', source);
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  prepared = await prepareImage('photo.jpg', source);
  uploadRuns.push(ms(t));
}
log('## Upload: check + re-encode of the original (prepareImage)');
log();
log(`| input | output | median of 3 |`);
log(`|---|---|---|`);
log(
  `| 3000×2000 JPEG, ${fmt(source.length / 1024)} KB | ${prepared.width}×${prepared.height} JPEG, ${fmt(prepared.body.length / 1024)} KB | ${fmt(uploadRuns.sort((a, b) => a - b)[1]!)} ms |`,
);
log();

const key = 'room-images/bench/1700000000000-000000000000.jpg';
await storage().put(key, prepared.body, prepared.contentType);

// Cold variant generation: every size the site uses, in every format.
const sizes = [
  ['gallery main 800×400 q80', VARIANTS.galleryMain],
  ['gallery thumb 150×80 q70', VARIANTS.galleryThumb],
  ['admin thumb 200×128 q75', VARIANTS.adminThumb],
  ['srcset 480 (ratio 0.625) q75', { w: 480, h: 300, q: 75 }],
  ['hero 1600 (own ratio) q75', { w: 1600, q: 75 }],
] as const;
log('## Variant generation (cold: read original, resize, encode, store)');
log();
log('| variant | AVIF | WebP | JPEG |');
log('|---|---|---|---|');
for (const [label, variant] of sizes) {
  const cells: string[] = [];
  for (const format of ['avif', 'webp', 'jpeg'] as const) {
    const url = imageUrl(`/media/${key}`, variant);
    const request = new Request(`http://bench${url}`, { headers: { accept: ACCEPT[format] } });
    const t = performance.now();
    const response = await serveMedia(request, key);
    const elapsed = ms(t);
    const size = (await response.arrayBuffer()).byteLength;
    cells.push(`${fmt(elapsed)} ms · ${fmt(size / 1024, 1)} KB`);
  }
  log(`| ${label} | ${cells.join(' | ')} |`);
}
log();

// Coalescing: 20 simultaneous requests for a variant nobody asked for yet.
const before = variantStats.encodes;
const t0 = performance.now();
await Promise.all(Array.from({ length: 20 }, () => getVariant(key, { w: 640, h: 400, q: 75, fit: 'cover' }, 'avif')));
log(`Coalescing: 20 concurrent first requests for one new variant → ${variantStats.encodes - before} encode, ${fmt(ms(t0))} ms in all.`);
log();

// Cached throughput.
const cachedUrl = `http://bench${imageUrl(`/media/${key}`, VARIANTS.galleryMain)}`;
const encodesBefore = variantStats.encodes;
const inProcess = await throughput('in process, AVIF 800×400 (cached)', 3000, 16, async () => {
  const response = await serveMedia(new Request(cachedUrl, { headers: { accept: ACCEPT.avif } }), key);
  await response.arrayBuffer();
});
const firstEtag = (await serveMedia(new Request(cachedUrl, { headers: { accept: ACCEPT.avif } }), key)).headers.get('etag')!;
const notModified = await throughput('in process, 304 (If-None-Match)', 3000, 16, async () => {
  const response = await serveMedia(new Request(cachedUrl, { headers: { accept: ACCEPT.avif, 'if-none-match': firstEtag } }), key);
  if (response.status !== 304) throw new Error('expected 304');
});

const server = serve({
  fetch: (request) => serveMedia(request, new URL(request.url).pathname.replace(/^\/media\//, '')),
  port: 0,
  hostname: '127.0.0.1',
});
await new Promise((resolve) => server.once('listening', resolve));
const port = (server.address() as { port: number }).port;
const httpUrl = `http://127.0.0.1:${port}${imageUrl(`/media/${key}`, VARIANTS.galleryMain)}`;
const overHttp = await throughput('over HTTP (Hono node-server + fetch client, same process), AVIF 800×400', 3000, 16, async () => {
  const response = await fetch(httpUrl, { headers: { accept: ACCEPT.avif } });
  await response.arrayBuffer();
});
const thumbsOverHttp = await throughput('over HTTP, WebP 200×128 admin thumb', 3000, 16, async () => {
  const response = await fetch(`http://127.0.0.1:${port}${imageUrl(`/media/${key}`, VARIANTS.adminThumb)}`, {
    headers: { accept: ACCEPT.webp },
  });
  await response.arrayBuffer();
});
server.close();

log('## Cached variants (no encode: encodes during these runs = ' + (variantStats.encodes - encodesBefore) + ')');
log();
log('| path | requests | concurrency | requests/s | mean latency |');
log('|---|---|---|---|---|');
for (const r of [inProcess, notModified, overHttp, thumbsOverHttp]) {
  log(`| ${r.label} | ${r.total} | ${r.concurrency} | ${fmt(r.rps)} | ${fmt(r.meanMs, 2)} ms |`);
}
log();
log(
  'Variants are cached in the storage backend (disk here: `DATA_DIR/uploads/variants/…`), so the cached path is a file read, a SHA-256 ETag and the response. The client and server share the same 2 cores in the HTTP runs, and other processes on this shared machine add noise: compare runs on a quiet machine.',
);

fs.writeFileSync(path.join(import.meta.dirname, 'results', 'media.md'), lines.join('\n') + '\n');
fs.rmSync(dataDir, { recursive: true, force: true });
