// Writes app/lib/icons/site-icons.svg: one <symbol> per public icon, from the
// lucide-react version installed. Run `npx tsx scripts/icon-sprite.ts` after changing
// SITE_ICONS or upgrading lucide-react (icon-sprite.test.ts fails until then).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SITE_ICONS } from '../app/lib/icons/icon-names';

export const SPRITE_FILE = path.resolve(import.meta.dirname, '../app/lib/icons/site-icons.svg');

type IconNode = Array<[string, Record<string, string | number>]>;

const escape = (value: string | number) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The sprite's text: lucide's shapes without its per-element React keys; stroke and fill come from the <svg> that uses them. */
export async function renderIconSprite(): Promise<string> {
  const require = createRequire(import.meta.url);
  const iconsDir = path.join(path.dirname(require.resolve('lucide-react')), '..', 'esm', 'icons');
  const symbols: string[] = [];
  for (const name of SITE_ICONS) {
    const { __iconNode } = (await import(pathToFileURL(path.join(iconsDir, `${name}.js`)).href)) as { __iconNode: IconNode };
    const shapes = __iconNode.map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([key]) => key !== 'key')
        .map(([key, value]) => ` ${key}="${escape(value)}"`)
        .join('');
      return `<${tag}${attrs}/>`;
    });
    symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${shapes.join('')}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  fs.writeFileSync(SPRITE_FILE, await renderIconSprite());
  console.log(`Wrote ${path.relative(process.cwd(), SPRITE_FILE)}`);
}
