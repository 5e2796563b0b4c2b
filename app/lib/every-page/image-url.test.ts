import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrl, isAllowedVariant } from './image-url';

describe('imageUrl', () => {
  it('writes the variant query of a media URL in place of its own, and leaves other URLs alone', () => {
    expect(imageUrl('/media/room.jpg?old=1', { w: 800, h: 400, q: 80 })).toBe('/media/room.jpg?w=800&h=400&q=80');
    expect(imageUrl('/media/room.jpg', { w: 150, fit: 'inside' })).toBe('/media/room.jpg?w=150&fit=inside');
    expect(imageUrl('https://example.org/a.jpg', { w: 800 })).toBe('https://example.org/a.jpg');
  });

  it('only ever asks the media endpoint for sizes it serves', () => {
    for (const entry of imageSrcSet('/media/room.jpg', { ratio: 0.5, q: 80 })!.split(', ')) {
      const url = new URL(entry.split(' ')[0]!, 'http://x');
      const [w, h, q] = ['w', 'h', 'q'].map((name) => url.searchParams.get(name));
      expect(isAllowedVariant({ w: Number(w), h: h ? Number(h) : undefined, q: Number(q) }), entry).toBe(true);
    }
  });
});
