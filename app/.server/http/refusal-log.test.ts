import { beforeEach, describe, expect, it } from 'vitest';
import { flushRefusals, logRefusal, setRefusalWriter } from './refusal-log';

let lines: string[] = [];
beforeEach(() => {
  lines = [];
  setRefusalWriter((line) => lines.push(line));
  flushRefusals(0);
  lines = [];
});

const refusal = { status: 405, method: 'POST', path: '/', client: '203.0.113.9' };

describe('logRefusal', () => {
  it('writes one short line, then counts repeats and summarises them when the minute ends', () => {
    for (let i = 0; i < 1000; i++) logRefusal(refusal, 1_000 + i);
    expect(lines).toEqual(['[refused] 405 POST / from 203.0.113.9']);
    logRefusal(refusal, 61_000);
    expect(lines).toEqual([
      '[refused] 405 POST / from 203.0.113.9',
      '[refused] 405 POST / from 203.0.113.9 repeated 999 more time(s) in the last minute',
      '[refused] 405 POST / from 203.0.113.9',
    ]);
  });

  it('bounds the lines one client writes per minute, however varied its refusals', () => {
    for (let i = 0; i < 5000; i++) logRefusal({ ...refusal, path: `/scan/${i}` }, 1_000);
    flushRefusals(70_000);
    expect(lines.length).toBeLessThanOrEqual(11);
    expect(lines.at(-1)).toBe('[refused] 4990 more refusal(s) from 203.0.113.9 in the last minute');
  });

  it('never writes control characters or long paths', () => {
    logRefusal({ ...refusal, path: `/a\r\nFAKE ${'x'.repeat(500)}`, reason: 'é\u0000' }, 1_000);
    expect(lines[0]).toMatch(/^[\x20-\x7e]+$/);
    expect(lines[0]!.length).toBeLessThan(250);
  });
});
