import { describe, expect, it } from 'vitest';
import { orderByForeignKeys } from './postgres-catalog';

describe('orderByForeignKeys', () => {
  it('puts every table after the tables it references, alphabetically among equals', () => {
    const order = orderByForeignKeys(
      ['session', 'user', 'room_season_prices', 'seasons', 'rooms', 'profiles'],
      [
        { from: 'session', to: 'user' },
        { from: 'profiles', to: 'user' },
        { from: 'room_season_prices', to: 'rooms' },
        { from: 'room_season_prices', to: 'seasons' },
      ],
    );
    expect(order).toEqual(['rooms', 'seasons', 'user', 'profiles', 'room_season_prices', 'session']);
  });

  it('accepts a table referencing itself, and ignores references to tables outside the list', () => {
    expect(
      orderByForeignKeys(
        ['a', 'b'],
        [
          { from: 'a', to: 'a' },
          { from: 'b', to: 'elsewhere' },
        ],
      ),
    ).toEqual(['a', 'b']);
  });

  it('names the tables of a cycle', () => {
    expect(() =>
      orderByForeignKeys(
        ['a', 'b', 'c'],
        [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      ),
    ).toThrow('Foreign keys form a cycle between tables: a, b');
  });
});
