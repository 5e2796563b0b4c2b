import { describe, expect, it } from 'vitest';
import { formatDuration, formatPrice } from './format';

describe('formatDuration', () => {
  it('shows minutes under an hour', () => {
    expect(formatDuration(1)).toBe('1 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(59)).toBe('59 min');
  });
  it('shows hours and minutes from 60 on', () => {
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(125)).toBe('2 h 5 min');
    expect(formatDuration(600)).toBe('10 h');
  });
});

describe('formatPrice', () => {
  it('writes euros the French way', () => {
    expect(formatPrice(85)).toBe('85\u00a0€');
    expect(formatPrice(85.5)).toBe('85,50\u00a0€');
    expect(formatPrice(1200)).toBe('1\u00a0200\u00a0€');
  });
  it('writes euros the English way', () => {
    expect(formatPrice(85.5, 'en')).toBe('€85.50');
    expect(formatPrice(1200, 'en')).toBe('€1,200');
  });
});
