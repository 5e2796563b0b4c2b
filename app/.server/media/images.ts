// Checking and re-encoding uploaded images. A file is accepted only when its bytes
// ARE a JPEG, PNG, WebP or AVIF image (magic bytes, then a full decode by sharp);
// its name and the browser's MIME type are never trusted. Every accepted original
// is re-encoded: rotated by its EXIF orientation, stripped of every metadata block
// (GPS included), and bounded in size so variants stay quick to generate.
import type sharp from 'sharp';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '~/lib/schemas/media-action';
import { loadSharp } from './sharp';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };
export const CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** Longest side of a stored original: twice the widest srcset width, enough for any screen we serve. */
export const MAX_STORED_DIMENSION = 3200;

/** A refusal whose message can be shown to the admin as is. */
export class ImageRejected extends Error {}

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The image format the leading bytes announce, or null. */
export function sniffImageType(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    // ISO-BMFF: major brand, then compatible brands up to the box's size.
    const boxSize = Math.min(bytes.length, (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!);
    const brands = [ascii(bytes, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(bytes, i, i + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}

const label = (name: string) => (name ? `« ${name} »` : 'Le fichier');

export const messages = {
  empty: (name: string) => `${label(name)} est vide.`,
  tooLarge: (name: string) => `${label(name)} dépasse la taille maximale de 25 Mo.`,
  notAnImage: (name: string) => `${label(name)} n'est pas une image JPG, PNG, WebP ou AVIF.`,
  unreadable: (name: string) => `${label(name)} est illisible ou incomplète.`,
  tooManyPixels: (name: string) => `${label(name)} est trop grande : 40 mégapixels au maximum.`,
};

export interface PreparedImage {
  body: Buffer;
  format: ImageFormat;
  extension: string;
  contentType: string;
  width: number;
  height: number;
}

// Originals favour encode speed (an upload waits for them); the public variants use mozjpeg.
const ENCODERS: Record<ImageFormat, (image: sharp.Sharp) => sharp.Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 88 }),
  png: (image) => image.png(),
  webp: (image) => image.webp({ quality: 88 }),
  // sharp is single-threaded here: AVIF at its default effort takes seconds.
  avif: (image) => image.avif({ quality: 70, effort: 2 }),
};

/** Checks one uploaded file and returns its re-encoded original; throws ImageRejected. */
export async function prepareImage(name: string, bytes: Buffer): Promise<PreparedImage> {
  if (bytes.length === 0) throw new ImageRejected(messages.empty(name));
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRejected(messages.tooLarge(name));
  const format = sniffImageType(bytes);
  if (!format) throw new ImageRejected(messages.notAnImage(name));
  const sharp = await loadSharp();

  const options: sharp.SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' };
  let metadata: sharp.Metadata;
  try {
    // Reads the header only: a decompression bomb is refused before any pixel is decoded.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(messages.unreadable(name));
  }
  const decoded = metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'avif' : null) : metadata.format;
  if (decoded !== format) throw new ImageRejected(messages.notAnImage(name));
  if (!metadata.width || !metadata.height) throw new ImageRejected(messages.unreadable(name));
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw new ImageRejected(messages.tooManyPixels(name));

  try {
    const image = sharp(bytes, options).rotate().resize({ width: MAX_STORED_DIMENSION, height: MAX_STORED_DIMENSION, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await ENCODERS[format](image).toBuffer({ resolveWithObject: true });
    return {
      body: data,
      format,
      extension: EXTENSIONS[format],
      contentType: CONTENT_TYPES[format],
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw new ImageRejected(messages.tooManyPixels(name));
    throw new ImageRejected(messages.unreadable(name));
  }
}
