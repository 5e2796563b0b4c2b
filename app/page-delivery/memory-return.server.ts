// Memory given back after a flush. An idle server allocates nothing, so V8 never collects
// the page bodies a flush lets go of, and the process keeps them until its next busy
// moment. So a flush that lets go of at least a megabyte asks for one full collection a
// second later (one for every flush within that second). The bodies are buffers of their
// own (exactBytes); those above glibc's mmap threshold (MALLOC_MMAP_THRESHOLD_ in
// server/memory-profile.mjs) are mappings of their own, unmapped when collected, instead of
// holes in the heap that glibc keeps. The collection needs `--expose-gc`, which the memory
// profile passes; a process started without it simply waits for V8 to collect.
/** Below this, a collection would cost more than it gives back. */
export const COLLECT_AFTER_FLUSH_BYTES = 1024 * 1024;
const DELAY_MS = 1_000;

let scheduled: NodeJS.Timeout | undefined;

/** After a flush that let go of `bytes`: one full collection soon, if it is worth one. */
export function collectAfterFlush(bytes: number): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect || scheduled || bytes < COLLECT_AFTER_FLUSH_BYTES) return;
  scheduled = setTimeout(() => {
    scheduled = undefined;
    collect();
  }, DELAY_MS);
  scheduled.unref();
}
