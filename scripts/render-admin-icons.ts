// `npm run build`: draws the back office's app icons (app/back-office-app/head.ts) from
// public/favicon.svg with sharp into build/client/admin/icons/, served as static files.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BACK_OFFICE_ICONS, THEME_COLOURS, type IconShape } from '../app/back-office-app/head';

const favicon = fs.readFileSync(path.resolve('public/favicon.svg'), 'utf8');
const viewBox = /viewBox="([^"]+)"/.exec(favicon)?.[1];
const drawing = favicon.match(/<path\b[^>]*\/>/g)?.join('');
if (!viewBox || !drawing) throw new Error('public/favicon.svg no longer has the shape this script reads (a viewBox and <path/> drawings)');
const [, , width] = viewBox.split(/\s+/).map(Number);

/** The drawing alone (its light paths), scaled about the centre, over `background` when given. */
function framed(scale: number, background: string | null, white = false) {
  const size = width!;
  const offset = (size * (1 - scale)) / 2;
  const paths = white ? drawing!.replace(/fill="[^"]*"/g, 'fill="#ffffff"') : drawing!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">` +
    (background ? `<rect width="${size}" height="${size}" fill="${background}"/>` : '') +
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${paths}</g></svg>`
  );
}

const SOURCES: Record<IconShape, string> = {
  any: favicon,
  // Launchers cut the icon to a circle or a squircle: the drawing stays within the central 80 %.
  maskable: framed(0.75, THEME_COLOURS.primary),
  apple: framed(0.85, THEME_COLOURS.primary),
  badge: framed(1.1, null, true),
};

const dir = path.resolve(process.env.BUILD_DIR ?? 'build', 'client', 'admin', 'icons');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
for (const icon of BACK_OFFICE_ICONS) {
  const png = await sharp(Buffer.from(SOURCES[icon.shape]), { density: 72 * Math.ceil(icon.size / width!) })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  fs.writeFileSync(path.join(dir, icon.file), png);
}
