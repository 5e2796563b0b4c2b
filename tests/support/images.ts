// Image fixtures made on the fly: valid files of each accepted format, and the
// hostile or broken files the uploader must refuse.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

const photo = (width = 640, height = 480) =>
  sharp({
    create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } },
  }).composite([
    {
      input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#2a6"/></svg>`),
    },
  ]);

export const makeJpeg = (width?: number, height?: number) => photo(width, height).jpeg({ quality: 85 }).toBuffer();
export const makePng = (width?: number, height?: number) => photo(width, height).png().toBuffer();
export const makeWebp = (width?: number, height?: number) => photo(width, height).webp().toBuffer();
export const makeAvif = (width?: number, height?: number) => photo(width, height).avif({ effort: 0 }).toBuffer();

/** A JPEG carrying GPS coordinates, a camera model and an EXIF orientation of 6 (rotate 90°). */
export const makeJpegWithGps = () =>
  photo(400, 200)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestCam', Model: 'Secret Model 9000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 39/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '6/1 55/1 20/1' },
    })
    .toBuffer();

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A real, valid PNG of 20000×20000 black pixels (400 megapixels) that weighs a few dozen kilobytes. */
export function makeDecompressionBomb(size = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth 1
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(size / 8)); // filter byte + packed pixels, all zero
  const raw = Buffer.alloc(row.length * size);
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'binary'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
export const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const TEXT = Buffer.from('Ceci est un simple fichier texte, renommé en photo.jpg\n');

export const file = (bytes: Buffer, name: string, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });
