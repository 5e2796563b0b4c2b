import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrl, isAllowedVariant, SRCSET_PRESETS, VARIANTS } from '~/lib/every-page/image-url';
import { matchesEtag, negotiateFormat, parseVariantQuery, variantKey } from './variants';

const query = (s: string) => parseVariantQuery(new URLSearchParams(s));
const KEY = 'room-images/abc/1700000000000-0123456789ab.jpg';

describe('the allow-list of sizes', () => {
  it("serves the spec's sizes and every URL the public helpers produce", () => {
    for (const variant of Object.values(VARIANTS)) {
      const url = new URL(imageUrl(`/media/${KEY}`, variant), 'http://x');
      expect(parseVariantQuery(url.searchParams).kind).toBe('variant');
    }
    for (const options of [{}, ...Object.values(SRCSET_PRESETS), { ratio: 0.52, q: 78 }, { ratio: 2 / 3 }]) {
      for (const candidate of imageSrcSet(`/media/${KEY}`, options)!.split(', ')) {
        const url = new URL(candidate.split(' ')[0]!, 'http://x');
        expect(parseVariantQuery(url.searchParams), candidate).toMatchObject({ kind: 'variant' });
      }
    }
  });

  it('refuses any other size, quality or fit', () => {
    for (const s of ['w=801', 'w=800&h=401&q=80', 'w=800&h=400&q=81', 'w=100000', 'w=-1', 'w=abc', 'h=400', 'q=80', 'w=800&fit=fill', 'w=0']) {
      expect(query(s).kind, s).toBe('invalid');
    }
    expect(isAllowedVariant({ w: 4000 })).toBe(false);
  });

  it('treats a URL without size parameters as the original', () => {
    expect(query('')).toEqual({ kind: 'original' });
    expect(query('foo=bar')).toEqual({ kind: 'original' });
  });

  it('defaults fit to cover with a height, inside without, and quality to 75', () => {
    expect(query('w=200&h=128&q=75')).toEqual({ kind: 'variant', spec: { w: 200, h: 128, q: 75, fit: 'cover' } });
    expect(query('w=640')).toEqual({ kind: 'variant', spec: { w: 640, h: undefined, q: 75, fit: 'inside' } });
  });
});

describe('negotiateFormat', () => {
  it('prefers AVIF, then WebP, then JPEG (PNG for PNG originals)', () => {
    expect(negotiateFormat('image/avif,image/webp,image/apng,image/*,*/*;q=0.8', KEY)).toBe('avif');
    expect(negotiateFormat('image/webp,*/*', KEY)).toBe('webp');
    expect(negotiateFormat('image/avif;q=0, image/webp', KEY)).toBe('webp');
    expect(negotiateFormat('*/*', KEY)).toBe('jpeg');
    expect(negotiateFormat(null, 'room-images/a/b.png')).toBe('png');
  });
});

describe('cache keys and validators', () => {
  it('keeps variants under the original so they can be deleted with it', () => {
    expect(variantKey(KEY, { w: 800, h: 400, q: 80, fit: 'cover' }, 'avif')).toBe(`variants/${KEY}/800x400-q80-cover.avif`);
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"c"', '"b"')).toBe(false);
    expect(matchesEtag(null, '"b"')).toBe(false);
  });
});
