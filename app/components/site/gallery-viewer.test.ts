import { describe, expect, it } from 'vitest';
import { wrapIndex } from './gallery-viewer';

describe('wrapIndex', () => {
  it('moves forward and wraps from the last image to the first', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
  });
  it('moves back and wraps from the first image to the last', () => {
    expect(wrapIndex(1, -1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
  });
  it('stays put with a single image', () => {
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, -1, 1)).toBe(0);
  });
});
