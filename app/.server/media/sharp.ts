// The one way server code gets sharp. Loaded on first use, so that a process that
// never touches an image (most requests, every public page) does not map libvips;
// configured once for a small server: libvips' operation cache is bounded (its
// default keeps up to 50 MB of decoded pixels and 20 open files per process) and
// one libvips thread per image, because glibc's allocator keeps what many threads
// freed (sharp's own advice for glibc Linux).
import type sharpModule from 'sharp';

type Sharp = typeof sharpModule;

/** Decoded pixels libvips may keep between operations; our variants are cached on storage instead. */
export const SHARP_CACHE_MB = 16;

let loading: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache({ memory: SHARP_CACHE_MB, files: 0, items: 20 });
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
