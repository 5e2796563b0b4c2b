// What the image worker child does (image-worker.ts runs these in its child, never in
// the serving process): encode a variant of an original, rasterise a drawing (the demo's
// pictures, seed/scenes.ts).
import { MAX_IMAGE_PIXELS } from '~/lib/schemas/media-action';
import { loadSharp } from './sharp';

/** What a variant is encoded to (negotiated from Accept, variants.ts). */
export type OutputFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** The size, quality and fit of a variant (its URL's ?w=&h=&q=&fit=, read by parseVariantQuery in variants.ts). */
export interface VariantSpec {
  w: number;
  h: number | undefined;
  q: number;
  fit: 'cover' | 'inside';
}

export type ImageTask = { kind: 'variant'; original: Uint8Array; spec: VariantSpec; format: OutputFormat } | { kind: 'drawing'; svg: string };

// AVIF's quality scale runs lower than JPEG's for the same visual result.
const avifQuality = (q: number) => Math.max(30, q - 20);
/** sharp runs single-threaded here: AVIF's default effort (4) costs seconds per image. */
export const AVIF_EFFORT = 2;

export async function encodeVariant(original: Uint8Array, spec: VariantSpec, format: OutputFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  let image = sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'none' })
    .rotate()
    .resize({ width: spec.w, height: spec.h, fit: spec.fit, withoutEnlargement: true });
  switch (format) {
    case 'avif':
      image = image.avif({ quality: avifQuality(spec.q), effort: AVIF_EFFORT });
      break;
    case 'webp':
      image = image.webp({ quality: spec.q });
      break;
    case 'png':
      image = image.png({ compressionLevel: 8 });
      break;
    case 'jpeg':
      image = image.flatten({ background: '#ffffff' }).jpeg({ quality: spec.q, mozjpeg: true });
      break;
  }
  return image.toBuffer();
}

/** An SVG drawing as a JPEG of its own size (what the build prerenders of the demo, and a first start renders without it). */
export async function rasteriseDrawing(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: false, chromaSubsampling: '4:2:0' }).toBuffer();
}

export async function runTask(task: ImageTask): Promise<Buffer> {
  switch (task.kind) {
    case 'variant':
      return encodeVariant(task.original, task.spec, task.format);
    case 'drawing':
      return rasteriseDrawing(task.svg);
  }
}
