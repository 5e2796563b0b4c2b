import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLLECT_AFTER_FLUSH_BYTES, collectAfterFlush } from './memory-return.server';

describe('collectAfterFlush', () => {
  const gc = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    gc.mockClear();
    (globalThis as { gc?: () => void }).gc = gc;
  });
  afterEach(() => {
    vi.runAllTimers();
    vi.useRealTimers();
    delete (globalThis as { gc?: () => void }).gc;
  });

  it('collects once, a second after a flush that let go of a megabyte or more', () => {
    collectAfterFlush(COLLECT_AFTER_FLUSH_BYTES);
    collectAfterFlush(10 * COLLECT_AFTER_FLUSH_BYTES);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('leaves a small flush to V8', () => {
    collectAfterFlush(COLLECT_AFTER_FLUSH_BYTES - 1);
    vi.advanceTimersByTime(5_000);
    expect(gc).not.toHaveBeenCalled();
  });

  it('does nothing in a process started without --expose-gc', () => {
    delete (globalThis as { gc?: () => void }).gc;
    expect(() => collectAfterFlush(10 * COLLECT_AFTER_FLUSH_BYTES)).not.toThrow();
    vi.advanceTimersByTime(5_000);
    expect(gc).not.toHaveBeenCalled();
  });
});
