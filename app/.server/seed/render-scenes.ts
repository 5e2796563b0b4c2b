// The demo pictures, rendered in a child process that exits afterwards, so that the
// memory the SVG renderer leaves behind goes back to the system with it (a first
// start otherwise idled at ~350 MB instead of ~130 MB: bench/RESULTS.md).
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene } from './scenes';

/** The child runs from the sources (TypeScript through tsx, a dependency of the app), from the project root. */
const CHILD = path.resolve('app/.server/seed/render-scenes-child.ts');

export function renderScenesInChild(scenes: Scene[]): Promise<Buffer[]> {
  const tsx = pathToFileURL(createRequire(path.resolve('package.json')).resolve('tsx')).href;
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      execArgv: ['--import', tsx],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answered = false;
    child.once('message', (message: { jpegs?: Uint8Array[]; error?: string }) => {
      answered = true;
      if (message.jpegs) resolve(message.jpegs.map((jpeg) => Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength)));
      else reject(new Error(`rendering the demo pictures failed: ${message.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`the demo picture renderer exited (${code}) without an answer`));
    });
    child.send(scenes);
  });
}
