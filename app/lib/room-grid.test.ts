import { describe, expect, it } from 'vitest';
import { roomGridClass, roomGridColumns } from './room-grid';

describe('roomGridColumns', () => {
  it.each([
    [1, 2],
    [2, 3],
    [3, 3],
    [4, 2],
    [5, 3],
    [6, 3],
    [7, 2],
    [10, 2],
  ])('%i rooms → %i columns', (count, columns) => {
    expect(roomGridColumns(count)).toBe(columns);
  });
  it('gives the classes of each layout', () => {
    expect(roomGridClass(4)).not.toContain('lg:grid-cols-3');
    expect(roomGridClass(3)).toContain('lg:grid-cols-3');
  });
});
