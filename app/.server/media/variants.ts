// Resized variants of stored images for the media endpoint. Only the sizes that
// app/lib/every-page/image-url.ts produces are served (isAllowedVariant); each variant is
// encoded once with sharp in the image worker's child process (image-tasks.ts),
// stored beside its original (`variants/{key}/…`, on disk or in the bucket), and
// concurrent requests for the same variant share one encode.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { parseBoundedInt } from '~/lib/bounded-int';
import { DEFAULT_QUALITY, isAllowedVariant } from '~/lib/every-page/image-url';
import type { OutputFormat, VariantSpec } from './image-tasks';
import { runImageTask } from './image-worker';
import { storage } from './storage';

export type VariantQuery = { kind: 'original' } | { kind: 'variant'; spec: VariantSpec } | { kind: 'invalid' };

/** Reads ?w=&h=&q=&fit=; anything outside the allow-list is invalid. */
export function parseVariantQuery(params: URLSearchParams): VariantQuery {
  const [w, h, q, fit] = ['w', 'h', 'q', 'fit'].map((name) => params.get(name));
  if (w === null && h === null && q === null && fit === null) return { kind: 'original' };
  const size = { min: 1, max: 99_999 };
  const width = parseBoundedInt(w, size);
  const height = h === null ? undefined : parseBoundedInt(h, size);
  const quality = q === null ? DEFAULT_QUALITY : parseBoundedInt(q, { min: 1, max: 100 });
  if (width === null || height === null || quality === null) return { kind: 'invalid' };
  if (fit !== null && fit !== 'cover' && fit !== 'inside') return { kind: 'invalid' };
  const spec: VariantSpec = { w: width, h: height, q: quality, fit: fit ?? (h === null ? 'inside' : 'cover') };
  return isAllowedVariant(spec) ? { kind: 'variant', spec } : { kind: 'invalid' };
}

/** AVIF, then WebP, when the browser says it takes them; else JPEG (PNG for PNG originals, which may be transparent). */
export function negotiateFormat(accept: string | null, originalKey: string): OutputFormat {
  const accepted = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
      .map(([type]) => type!.trim().toLowerCase()),
  );
  if (accepted.has('image/avif')) return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return path.extname(originalKey).toLowerCase() === '.png' ? 'png' : 'jpeg';
}

export const OUTPUT_TYPES: Record<OutputFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const OUTPUT_EXTENSIONS: Record<OutputFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };

/** Where a variant is cached: beside its original, so deleting the original can remove them all. */
export function variantKey(key: string, spec: VariantSpec, format: OutputFormat): string {
  return `${variantPrefix(key)}${spec.w}x${spec.h ?? 0}-q${spec.q}-${spec.fit}.${OUTPUT_EXTENSIONS[format]}`;
}

export function variantPrefix(key: string): string {
  return `variants/${key}/`;
}

/** Encodes asked for by this process: lets tests and the benchmark prove that cached variants are not re-encoded. */
export const variantStats = { encodes: 0 };

const inflight = new Map<string, Promise<Buffer | null>>();

/**
 * Encodes at a time. Each holds a decoded original and the encoder's buffers (AVIF's are
 * large): twenty fresh variants at once took a process past 600 MB; one after another
 * they stay within a small server's memory, and each is encoded only once anyway. They
 * run in the image worker's child process (image-worker.ts), which runs one at a time too.
 */
export const ENCODE_CONCURRENCY = 1;
let encoding = 0;
const waiting: Array<() => void> = [];

async function withEncodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (encoding >= ENCODE_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else encoding++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line, or free it.
    const next = waiting.shift();
    if (next) next();
    else encoding--;
  }
}

/** The variant's bytes (cached or freshly encoded), or null when the original does not exist. */
export async function getVariant(key: string, spec: VariantSpec, format: OutputFormat): Promise<Buffer | null> {
  const cacheKey = variantKey(key, spec, format);
  const pending = inflight.get(cacheKey);
  if (pending) return pending;
  const cached = await storage().get(cacheKey);
  if (cached) return cached.body;
  // Checked again: another request may have started the encode while we read the cache.
  const started = inflight.get(cacheKey);
  if (started) return started;
  const work = (async () => {
    const original = await storage().get(key);
    if (!original) return null;
    variantStats.encodes++;
    const body = await withEncodeSlot(() => runImageTask({ kind: 'variant', original: original.body, spec, format }));
    await storage().put(cacheKey, body, OUTPUT_TYPES[format]);
    // The original may have been deleted while we encoded: leave no variant behind it.
    if (!(await storage().exists(key))) {
      await storage().deletePrefix(variantPrefix(key));
      return null;
    }
    return body;
  })().finally(() => inflight.delete(cacheKey));
  inflight.set(cacheKey, work);
  return work;
}

/** A strong validator: the bytes of a given URL and format never change (names are unique). */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Whether If-None-Match names this ETag (or is '*'). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Removes a stored original and every cached variant of it. */
export async function deleteStoredImage(key: string): Promise<void> {
  await storage().delete(key);
  await storage().deletePrefix(variantPrefix(key));
}
