// The demo pictures, rasterised once by `npm run build` (scripts/prerender-demo-pictures.ts)
// into `build/demo-pictures/`, each file named by the hash of its SVG. A first start (and
// every test that seeds the demo) reads them instead of rasterising 22 pictures of
// 1600×1000 (~1.3 s of CPU). The name is the drawing itself: a picture whose artwork
// changed since the build has another name, is not found, and is rendered as before.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where the build writes the demo pictures (BUILD_DIR, as server/start.mjs reads it). */
export function prerenderedScenesDir(): string {
  return path.resolve(process.env.BUILD_DIR ?? 'build', 'demo-pictures');
}

/** The file a scene's SVG is prerendered to. */
export function prerenderedSceneFile(svg: string): string {
  return `${createHash('sha256').update(svg).digest('hex').slice(0, 32)}.jpg`;
}

/** The prerendered JPEG of this SVG, or null when the build has none. */
export function readPrerenderedScene(svg: string): Buffer | null {
  try {
    return fs.readFileSync(path.join(prerenderedScenesDir(), prerenderedSceneFile(svg)));
  } catch {
    return null;
  }
}
