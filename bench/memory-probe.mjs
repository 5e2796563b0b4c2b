// Loaded into the server process by bench/memory.mjs only (`node --expose-gc --import`):
// answers the benchmark's questions over the IPC channel. Never part of the app.
import v8 from 'node:v8';

process.on('message', (message) => {
  if (!message || typeof message !== 'object' || message.type !== 'memory') return;
  if (message.gc) {
    // Twice: the first pass may only queue finalisers that free more on the second.
    globalThis.gc();
    globalThis.gc();
  }
  const usage = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  process.send({ type: 'memory', id: message.id, usage, heapLimit: heap.heap_size_limit });
});
// The channel must not keep the server alive on its own.
process.channel?.unref();
