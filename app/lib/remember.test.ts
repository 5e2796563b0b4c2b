import { describe, expect, it } from 'vitest';
import { remember } from './remember';

describe('remember', () => {
  it('makes a value once per key, null included, and starts again past its bound', () => {
    const memo = new Map<string, string | null>();
    let made = 0;
    const make = (key: string) => (made++, key === 'none' ? null : key.toUpperCase());
    expect(remember(memo, 'a', 3, make)).toBe('A');
    expect(remember(memo, 'a', 3, make)).toBe('A');
    expect(remember(memo, 'none', 3, make)).toBeNull();
    expect(remember(memo, 'none', 3, make)).toBeNull();
    expect(made).toBe(2);
    remember(memo, 'b', 3, make);
    remember(memo, 'c', 3, make);
    expect(memo.size).toBe(1);
    expect(remember(memo, 'a', 3, make)).toBe('A');
    expect(made).toBe(5);
  });

  it('keeps nothing when making throws', () => {
    const memo = new Map<string, number>();
    expect(() =>
      remember(memo, 'x', 3, () => {
        throw new RangeError('bad');
      }),
    ).toThrow(RangeError);
    expect(memo.size).toBe(0);
  });
});
