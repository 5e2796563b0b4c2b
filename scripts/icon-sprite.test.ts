import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_ICONS } from '../app/lib/icons/icon-names';
import { renderIconSprite, SPRITE_FILE } from './icon-sprite';

describe('public icon sprite', () => {
  it('is the one lucide-react draws today for every listed icon (else run `npx tsx scripts/icon-sprite.ts`)', async () => {
    const sprite = await renderIconSprite();
    expect(fs.readFileSync(SPRITE_FILE, 'utf8')).toBe(sprite);
    for (const name of SITE_ICONS)
      expect(sprite).toMatch(new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><(path|circle|rect|line|polyline|polygon|ellipse) `));
  });
});
