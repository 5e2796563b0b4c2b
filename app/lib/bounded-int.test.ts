import { describe, expect, it } from 'vitest';
import { clampedIntParam, parseBoundedInt } from './bounded-int';

describe('parseBoundedInt', () => {
  it.each([
    ['1', 1],
    ['640', 640],
    ['0', null],
    ['1e3', null],
    ['1e308', null],
    ['Infinity', null],
    ['-1', null],
    ['2.5', null],
    ['0x10', null],
    [' 5', null],
    ['99999999999999999999', null],
    [null, null],
  ])('%j → %j', (raw, expected) => {
    expect(parseBoundedInt(raw, { min: 1, max: 4000 })).toBe(expected);
  });
});

describe('clampedIntParam', () => {
  const page = { min: 1, max: 500, fallback: 1 };
  it.each([
    [null, 1],
    ['3', 3],
    ['-1', 1],
    ['0', 1],
    ['999999999999999999999999', 500],
    ['1e308', 1],
    ['abc', 1],
    ['Infinity', 1],
    ['', 1],
  ])('%j → %j', (raw, expected) => {
    expect(clampedIntParam(raw, page)).toBe(expected);
  });
});
