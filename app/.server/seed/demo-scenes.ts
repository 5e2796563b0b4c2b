// The demo's pictures as scenes. A seed names the picture's owner and place (`room-0-1`:
// the first room's second picture), so the same demo always draws the same pictures and
// no two of them repeat. seed-demo.ts stores them; the build prerenders them
// (prerendered-scenes.ts).
import { DEMO_ROOMS, DEMO_SECTIONS, DEMO_SITE, type DemoPicture } from './demo-content';
import type { Scene } from './scenes';

/** The scene of the `index`th picture of the owner whose seeds start with `seedPrefix`. */
export function demoScene(picture: DemoPicture, seedPrefix: string, index: number): Scene {
  return { ...picture, seed: `${seedPrefix}-${index}` };
}

/** Every scene the demo seed draws: the rooms', the sections' and the hero's. */
export function demoScenes(): Scene[] {
  return [
    ...DEMO_ROOMS.flatMap((room, i) => room.pictures.map((picture, j) => demoScene(picture, `room-${i}`, j))),
    ...DEMO_SECTIONS.flatMap((section, i) => section.pictures.map((picture, j) => demoScene(picture, `section-${i}`, j))),
    ...DEMO_SITE.heroPictures.map((picture, j) => demoScene(picture, 'hero', j)),
  ];
}
