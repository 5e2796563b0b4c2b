// One database pass: its subject is image decoding and encoding (sharp), no database.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HTML_PAGE, makeAvif, makeDecompressionBomb, makeJpeg, makeJpegWithGps, makePng, makeWebp, SVG_WITH_SCRIPT, TEXT } from '../../../tests/support/images';
import { ImageRejected, MAX_STORED_DIMENSION, prepareImage, sniffImageType } from './images';

describe('sniffImageType', () => {
  it('recognises the four accepted formats by their leading bytes', async () => {
    expect(sniffImageType(await makeJpeg(16, 16))).toBe('jpeg');
    expect(sniffImageType(await makePng(16, 16))).toBe('png');
    expect(sniffImageType(await makeWebp(16, 16))).toBe('webp');
    expect(sniffImageType(await makeAvif(16, 16))).toBe('avif');
  });

  it('recognises nothing else', () => {
    for (const bytes of [TEXT, HTML_PAGE, SVG_WITH_SCRIPT, Buffer.alloc(0), Buffer.from('GIF89a......')]) {
      expect(sniffImageType(bytes)).toBeNull();
    }
    // HEIC shares AVIF's container but not its brand.
    const heic = Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'binary');
    expect(sniffImageType(heic)).toBeNull();
  });
});

describe('prepareImage', () => {
  it('re-encodes each accepted format in its own format', async () => {
    for (const [make, format, type] of [
      [makeJpeg, 'jpeg', 'image/jpeg'],
      [makePng, 'png', 'image/png'],
      [makeWebp, 'webp', 'image/webp'],
      [makeAvif, 'avif', 'image/avif'],
    ] as const) {
      const prepared = await prepareImage('photo', await make(320, 200));
      expect(prepared.format).toBe(format);
      expect(prepared.contentType).toBe(type);
      expect([prepared.width, prepared.height]).toEqual([320, 200]);
    }
  });

  it('rotates by EXIF orientation and strips every metadata block, GPS included', async () => {
    const source = await makeJpegWithGps();
    const before = await sharp(source).metadata();
    expect(before.exif?.toString('latin1')).toContain('Secret Model 9000');
    expect(before.orientation).toBe(6);
    const prepared = await prepareImage('gps.jpg', source);
    const after = await sharp(prepared.body).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(prepared.body.toString('latin1')).not.toContain('Secret Model');
    expect(prepared.body.toString('latin1')).not.toContain('Exif');
    // 400×200 with orientation 6 is a portrait 200×400 once rotated.
    expect([after.width, after.height]).toEqual([200, 400]);
  });

  it('bounds the stored original to MAX_STORED_DIMENSION', async () => {
    const prepared = await prepareImage('big.jpg', await makeJpeg(4000, 1000));
    expect(prepared.width).toBe(MAX_STORED_DIMENSION);
    expect(prepared.height).toBe(800);
  });

  it.each([
    ['empty.jpg', Buffer.alloc(0), /est vide/],
    ['photo.jpg', TEXT, /n'est pas une image JPG, PNG, WebP ou AVIF/],
    ['page.png', HTML_PAGE, /n'est pas une image/],
    ['logo.svg', SVG_WITH_SCRIPT, /n'est pas une image/],
  ])('refuses %s', async (name, bytes, message) => {
    await expect(prepareImage(name, bytes)).rejects.toThrow(message);
    await expect(prepareImage(name, bytes)).rejects.toBeInstanceOf(ImageRejected);
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await makeJpeg(800, 600);
    await expect(prepareImage('cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)))).rejects.toThrow(/illisible ou incomplète/);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = makeDecompressionBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    await expect(prepareImage('bomb.png', bomb)).rejects.toThrow(/40 mégapixels au maximum/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses files over 25 MB', async () => {
    const huge = Buffer.concat([await makeJpeg(16, 16), Buffer.alloc(25 * 1024 * 1024)]);
    await expect(prepareImage('huge.jpg', huge)).rejects.toThrow(/25 Mo/);
  });
});
