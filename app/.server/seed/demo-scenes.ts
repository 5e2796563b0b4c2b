// The demo's pictures as scenes. A seed names the picture's owner and place (`room-0-1`:
// the first room's second picture), so the same demo always draws the same pictures and
// no two of them repeat. seed-demo.ts stores them; the build prerenders them
// (prerendered-scenes.ts). Both take them from here, so they name them alike.
import { DEMO_ROOMS, DEMO_SECTIONS, DEMO_SITE, type DemoPicture } from './demo-content';
import type { Scene } from './scenes';

const scenesOf = (pictures: DemoPicture[], owner: string): Scene[] => pictures.map((picture, index) => ({ ...picture, seed: `${owner}-${index}` }));

/** The pictures of the `index`th demo room. */
export const roomScenes = (index: number) => scenesOf(DEMO_ROOMS[index]!.pictures, `room-${index}`);
/** The pictures of the `index`th demo section. */
export const sectionScenes = (index: number) => scenesOf(DEMO_SECTIONS[index]!.pictures, `section-${index}`);
/** The home page's slideshow. */
export const heroScenes = () => scenesOf(DEMO_SITE.heroPictures, 'hero');

/** Every scene the demo seed draws: the rooms', the sections' and the hero's. */
export function demoScenes(): Scene[] {
  return [...DEMO_ROOMS.flatMap((_, i) => roomScenes(i)), ...DEMO_SECTIONS.flatMap((_, i) => sectionScenes(i)), ...heroScenes()];
}
