// One database pass: its subject is the image worker's child process and the build's pictures, no database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { imageWorkerPid, stopImageWorker } from '../media/image-worker';
import { prerenderedSceneFile, prerenderedScenesDir } from './prerendered-scenes';
import { renderScenes } from './render-scenes';
import { sceneSvg, SCENE_HEIGHT, SCENE_WIDTH } from './scenes';

// A build of its own for each test (empty unless the test prerenders into it).
const buildDirBefore = process.env.BUILD_DIR;
beforeEach(() => {
  process.env.BUILD_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'scenes-build-'));
});
afterEach(() => {
  fs.rmSync(process.env.BUILD_DIR!, { recursive: true, force: true });
  if (buildDirBefore === undefined) delete process.env.BUILD_DIR;
  else process.env.BUILD_DIR = buildDirBefore;
});
afterAll(() => stopImageWorker());

it("reads the build's picture of the very same drawing without a child, and has the image worker render any other", async () => {
  const prerendered = { kind: 'pool', seed: 'room-1-0' } as const;
  const marker = Buffer.from('the build rendered this one');
  fs.mkdirSync(prerenderedScenesDir(), { recursive: true });
  fs.writeFileSync(path.join(prerenderedScenesDir(), prerenderedSceneFile(sceneSvg(prerendered))), marker);

  expect(await renderScenes([prerendered])).toEqual([marker]);
  expect(imageWorkerPid(), 'no child started to read a file').toBeNull();

  // Another seed is another drawing, so another file: rendered by the worker's child.
  const [other] = await renderScenes([{ ...prerendered, seed: 'room-1-1' }]);
  expect(imageWorkerPid()).not.toBeNull();
  expect(await sharp(other!).metadata()).toMatchObject({ format: 'jpeg', width: SCENE_WIDTH, height: SCENE_HEIGHT });
});
