// The demo pictures, rendered by the image worker's child process (media/image-worker.ts),
// so that the memory the SVG renderer leaves behind goes back to the system with it (a
// first start otherwise idled at ~350 MB instead of ~130 MB: bench/RESULTS.md).
import { runImageTask } from '../media/image-worker';
import type { Scene } from './scenes';

export function renderScenesInChild(scenes: Scene[]): Promise<Buffer[]> {
  return Promise.all(scenes.map((scene) => runImageTask({ kind: 'scene', scene })));
}
