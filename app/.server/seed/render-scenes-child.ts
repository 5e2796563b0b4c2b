// Renders demo pictures in a short-lived child process (see renderScenesInChild):
// librsvg and libvips leave ~200 MB of freed native memory in the process that ran
// them (glibc keeps it), so the serving process never runs them itself. Receives the
// scenes over IPC, answers the JPEGs in the same order, and exits.
import type { Scene } from './scenes';
import { renderScene } from './scenes';

process.once('message', async (scenes: Scene[]) => {
  try {
    const jpegs: Uint8Array[] = [];
    for (const scene of scenes) jpegs.push(await renderScene(scene));
    process.send!({ jpegs }, () => process.exit(0));
  } catch (error) {
    process.send!({ error: (error as Error).stack ?? String(error) }, () => process.exit(1));
  }
});
