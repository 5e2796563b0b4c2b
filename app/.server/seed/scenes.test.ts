import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoScenes } from './demo-scenes';
import { rasteriseDrawing } from '../media/image-tasks';
import { mix, sceneSvg, SCENE_HEIGHT, SCENE_WIDTH, type SceneKind } from './scenes';

const KINDS: SceneKind[] = ['lavender', 'mas', 'pool', 'olives', 'village', 'bedroom', 'window'];

describe('demo scenes', () => {
  it('draws the same picture for the same seed and a different one for another seed', () => {
    for (const kind of KINDS) {
      const a = sceneSvg({ kind, seed: 'room-0-1', accent: '#8c7bbd' });
      expect(sceneSvg({ kind, seed: 'room-0-1', accent: '#8c7bbd' })).toBe(a);
      expect(sceneSvg({ kind, seed: 'room-0-2', accent: '#8c7bbd' })).not.toBe(a);
    }
  });

  it('produces well-formed SVG with unique gradient ids, even with nested views', () => {
    const svg = sceneSvg({ kind: 'bedroom', seed: 'x', accent: '#d88f98', mirror: true });
    expect(svg.startsWith('<svg ')).toBe(true);
    expect(svg).not.toMatch(/NaN|undefined/);
    const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(ref);
  });

  it('renders a 1600×1000 JPEG', async () => {
    const jpeg = await rasteriseDrawing(sceneSvg({ kind: 'lavender', seed: 'hero-0', time: 'golden' }));
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: SCENE_WIDTH, height: SCENE_HEIGHT });
    // A real picture, not a flat fill: the channels vary.
    const stats = await sharp(jpeg).stats();
    expect(stats.channels.every((c) => c.stdev > 20)).toBe(true);
  });

  it('lists every demo picture once, each with a seed of its own', () => {
    const seeds = demoScenes().map((scene) => scene.seed);
    expect(seeds.length).toBeGreaterThan(10);
    expect(new Set(seeds).size).toBe(seeds.length);
    expect(seeds).toContain('hero-0');
  });

  it('blends colours', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#8c7bbd', '#8c7bbd', 0.3)).toBe('#8c7bbd');
  });
});
