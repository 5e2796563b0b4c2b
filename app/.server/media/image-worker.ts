// Image work (variant encodes, demo pictures) runs in a child process started on demand
// and stopped once idle. libvips and librsvg leave what they freed in glibc's arenas,
// and glibc keeps it: a burst of twenty fresh variants encoded in the serving process
// took it from ~150 MB to 345 MB and left it there (bench/RESULTS.md). In a child, that
// memory leaves with the child. One task at a time, in the order asked.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ImageTask } from './image-tasks';

/** The child runs from the sources (TypeScript through tsx, a dependency of the app), from the project root. */
const CHILD = path.resolve('app/.server/media/image-worker-child.ts');

/** How long an idle child is kept for the next request (a page's images arrive together). */
export const IMAGE_WORKER_IDLE_MS = 5_000;

type Answer = { id: number; bytes?: Uint8Array; error?: string };

let child: ChildProcess | undefined;
let nextId = 0;
// Tasks of every worker, old and new: a worker told to go may still be exiting while the
// next task already waits on its successor, so each task remembers whose answer it awaits.
const pending = new Map<number, { worker: ChildProcess; resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>();
const waitsOn = (worker: ChildProcess) => [...pending.values()].some((task) => task.worker === worker);
let idleTimer: NodeJS.Timeout | undefined;

/** The running worker's process id, or null when none runs (tests see it come and go). */
export function imageWorkerPid(): number | null {
  return child?.pid ?? null;
}

function startChild(): ChildProcess {
  const tsx = pathToFileURL(createRequire(path.resolve('package.json')).resolve('tsx')).href;
  const started = fork(CHILD, [], {
    // Not the parent's flags (a benchmark probe, --inspect…): the child only needs tsx.
    execArgv: ['--import', tsx],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  started.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (answer.bytes) waiting.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
    else waiting.reject(new Error(`image worker: ${answer.error}`));
    if (!waitsOn(started)) scheduleStop(started);
  });
  const fail = (reason: string) => {
    if (child === started) child = undefined;
    for (const [id, waiting] of pending) {
      if (waiting.worker !== started) continue;
      pending.delete(id);
      waiting.reject(new Error(`image worker ${reason}`));
    }
  };
  started.on('error', (error) => fail(`failed: ${error.message}`));
  started.on('exit', (code, signal) => fail(`exited (${signal ?? code}) before answering`));
  // An idle worker must not keep the server process alive on shutdown.
  started.unref();
  (started.channel as { unref?: () => void } | undefined)?.unref?.();
  return started;
}

function scheduleStop(worker: ChildProcess) {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (waitsOn(worker) || child !== worker) return;
    child = undefined;
    worker.disconnect(); // the child exits when its channel closes
  }, IMAGE_WORKER_IDLE_MS);
  idleTimer.unref();
}

/** Runs one image task in the worker child and resolves with the bytes it produced. */
export function runImageTask(task: ImageTask): Promise<Buffer> {
  clearTimeout(idleTimer);
  child ??= startChild();
  const worker = child;
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { worker, resolve, reject });
    worker.send({ id, task }, (error) => {
      if (!error) return;
      pending.delete(id);
      reject(error);
    });
  });
}

/**
 * Stops the worker now (tests). Its pending tasks are rejected. Shutdown needs no call:
 * the child exits when its channel closes, which the server's exit does.
 */
export function stopImageWorker() {
  clearTimeout(idleTimer);
  const worker = child;
  child = undefined;
  if (worker?.connected) worker.disconnect();
}
