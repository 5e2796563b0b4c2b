// The demo pictures: the build's, read here, for every drawing it prerendered
// (prerendered-scenes.ts); any other is rendered by the image worker's child process
// (media/image-worker.ts), so that the memory the SVG renderer leaves behind goes back to
// the system with it (a first start otherwise idled at ~350 MB instead of ~130 MB:
// bench/RESULTS.md). Reading a file needs no child: a seed from a build starts none.
import { runImageTask } from '../media/image-worker';
import { readPrerenderedScene } from './prerendered-scenes';
import { sceneSvg, type Scene } from './scenes';

export function renderScenes(scenes: Scene[]): Promise<Buffer[]> {
  return Promise.all(
    scenes.map(async (scene) => {
      const svg = sceneSvg(scene);
      return readPrerenderedScene(svg) ?? runImageTask({ kind: 'drawing', svg });
    }),
  );
}
