// `npm run build`, last step: rasterises the demo's pictures into build/demo-pictures/, so
// that seeding the demo reads them instead of rendering them (app/.server/seed/prerendered-scenes.ts).
import fs from 'node:fs';
import path from 'node:path';
import { demoScenes } from '../app/.server/seed/demo-scenes';
import { prerenderedSceneFile, prerenderedScenesDir } from '../app/.server/seed/prerendered-scenes';
import { rasteriseDrawing } from '../app/.server/media/image-tasks';
import { sceneSvg } from '../app/.server/seed/scenes';

const dir = prerenderedScenesDir();
// Emptied first: pictures of an older drawing would never be read again.
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
for (const scene of demoScenes()) {
  const svg = sceneSvg(scene);
  fs.writeFileSync(path.join(dir, prerenderedSceneFile(svg)), await rasteriseDrawing(svg));
}
