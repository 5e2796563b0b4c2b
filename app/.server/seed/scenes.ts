// Provençal illustrations for the demo guesthouse, drawn as SVG (rasterised to JPEG by
// media/image-tasks.ts: render-scenes.ts). There is no network at first start, so the
// demo's photos are generated: flat "travel poster" scenes (lavender, stone houses,
// cypresses, a pool, Grasse at dusk, bedrooms) whose randomness is seeded, so the same
// seed always gives the same picture and each room's pictures differ from each other.

export const SCENE_WIDTH = 1600;
export const SCENE_HEIGHT = 1000;
const W = SCENE_WIDTH;
const H = SCENE_HEIGHT;

export type SceneKind = 'lavender' | 'mas' | 'pool' | 'olives' | 'village' | 'bedroom' | 'window';
export type TimeOfDay = 'day' | 'golden' | 'sunset';

export interface Scene {
  kind: SceneKind;
  /** Same seed, same picture. */
  seed: string;
  /** The room's colour: shutters, linen, cushions. */
  accent?: string;
  time?: TimeOfDay;
  /** Draws the scene mirrored left-right (a cheap, convincing variant). */
  mirror?: boolean;
  /** Bedrooms: what stands in the near corner (by default the seed decides). */
  corner?: 'olive' | 'chest';
}

/* ───────────── deterministic randomness ───────────── */

type Rng = () => number;

function hashSeed(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** mulberry32: tiny, fast, good enough for picking shapes. */
function createRng(seed: string): Rng {
  let state = hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/* ───────────── colours ───────────── */

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Linear blend of two #rrggbb colours (t = 0 → a, 1 → b). */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`;
}

const shade = (c: string, t: number) => mix(c, '#1d1a24', t);
const light = (c: string, t: number) => mix(c, '#fffaf0', t);

interface Sky {
  top: string;
  mid: string;
  horizon: string;
  sun: string;
  sunX: number;
  sunY: number;
  /** Tint laid over distant things (atmospheric perspective). */
  haze: string;
  /** Warm light that washes the whole scene. */
  wash: string;
  washOpacity: number;
}

const SKIES: Record<TimeOfDay, Omit<Sky, 'sunX' | 'sunY'>> = {
  day: {
    top: '#6fa8d8',
    mid: '#a9cfe6',
    horizon: '#f3e7c9',
    sun: '#fff8e1',
    haze: '#cfdbe6',
    wash: '#fff1c9',
    washOpacity: 0.22,
  },
  golden: {
    top: '#7fa3cc',
    mid: '#e7c9a0',
    horizon: '#f8cf8a',
    sun: '#fff3cf',
    haze: '#ecd2b4',
    wash: '#ffd89a',
    washOpacity: 0.3,
  },
  sunset: {
    top: '#46588f',
    mid: '#c98289',
    horizon: '#f6b56e',
    sun: '#ffe7ad',
    haze: '#d9a7a0',
    wash: '#ffb47a',
    washOpacity: 0.32,
  },
};

const STONES = ['#ead7b2', '#e4cb9e', '#efdfc0', '#dfc697'];
const ROOFS = ['#c4673f', '#b95c37', '#cc7650'];
const SHUTTERS = ['#7d9fbf', '#8ea78a', '#6e8fb3', '#a295c6', '#6f9a9a'];
const CYPRESS = '#2f4a2c';
const OLIVE_LEAVES = ['#8f9d6b', '#a1ab7f', '#7f8f5e', '#b3b98f'];

/* ───────────── the SVG document ───────────── */

class Drawing {
  private readonly defs: string[] = [];
  private readonly parts: string[] = [];
  private counter = 0;
  /** Off while painting a small nested view: fine texture there costs time and shows nothing. */
  detailed = true;

  constructor(private readonly prefix: string) {}

  id(name: string) {
    return `${this.prefix}${name}${++this.counter}`;
  }

  add(...svg: string[]) {
    this.parts.push(...svg);
  }

  /** Vertical (by default) gradient; `space` 'user' spans canvas coordinates. */
  linear(stops: Array<[number, string, number?]>, options: { x1?: number; y1?: number; x2?: number; y2?: number; user?: boolean } = {}) {
    const id = this.id('lg');
    const { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false } = options;
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${user ? ' gradientUnits="userSpaceOnUse"' : ''}>` +
        stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join('') +
        `</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: Array<[number, string, number?]>, cx: number, cy: number, r: number) {
    const id = this.id('rg');
    this.defs.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" gradientUnits="userSpaceOnUse">` +
        stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join('') +
        `</radialGradient>`,
    );
    return `url(#${id})`;
  }

  clip(shape: string) {
    const id = this.id('cp');
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }

  /** Everything drawn since `mark` (for nesting a sub-scene into a group). */
  mark() {
    return this.parts.length;
  }

  takeFrom(mark: number) {
    return this.parts.splice(mark).join('');
  }

  toString() {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
      `<defs>${this.defs.join('')}</defs>${this.parts.join('')}</svg>`
    );
  }
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();
const points = (list: Array<[number, number]>) => list.map(([x, y]) => `${f(x)},${f(y)}`).join(' ');

/* ───────────── landscape pieces ───────────── */

function drawSky(d: Drawing, rng: Rng, sky: Sky, horizonY: number, clouds = true) {
  d.add(
    `<rect x="0" y="0" width="${W}" height="${f(horizonY + 40)}" fill="${d.linear([
      [0, sky.top],
      [0.6, sky.mid],
      [1, sky.horizon],
    ])}"/>`,
  );
  const glow = d.radial(
    [
      [0, sky.sun, 0.95],
      [0.3, sky.sun, 0.4],
      [1, sky.sun, 0],
    ],
    sky.sunX,
    sky.sunY,
    330,
  );
  d.add(`<circle cx="${f(sky.sunX)}" cy="${f(sky.sunY)}" r="330" fill="${glow}"/>`);
  d.add(`<circle cx="${f(sky.sunX)}" cy="${f(sky.sunY)}" r="62" fill="${sky.sun}"/>`);
  if (!clouds) return;
  const count = 2 + Math.floor(rng() * 3);
  for (let i = 0; i < count; i++) {
    const cx = between(rng, 80, W - 80);
    const cy = between(rng, 70, horizonY * 0.55);
    const scale = between(rng, 0.6, 1.3);
    // Opaque colours (no group opacity) so overlapping puffs read as one cloud.
    const colour = mix(sky.mid, light(sky.horizon, 0.55), between(rng, 0.6, 0.85));
    const puffs: string[] = [];
    const n = 4 + Math.floor(rng() * 3);
    for (let p = 0; p < n; p++) {
      const px = cx + (p - n / 2) * 46 * scale + between(rng, -10, 10);
      const r = (30 + rng() * 34) * scale * (p === 0 || p === n - 1 ? 0.7 : 1);
      puffs.push(`<circle cx="${f(px)}" cy="${f(cy - r * 0.35)}" r="${f(r)}"/>`);
    }
    const width = n * 46 * scale + 40 * scale;
    d.add(
      `<g fill="${colour}">${puffs.join('')}` +
        `<rect x="${f(cx - width / 2)}" y="${f(cy - 14 * scale)}" width="${f(width)}" height="${f(26 * scale)}" rx="${f(13 * scale)}"/></g>`,
    );
  }
}

/** A hill line: a few summed sines, closed down to `bottom`. */
function ridgePath(rng: Rng, baseY: number, amplitude: number, bottom = H, x0 = -20, x1 = W + 20) {
  const f1 = between(rng, 0.6, 1.8);
  const f2 = between(rng, 2.5, 4.5);
  const f3 = between(rng, 7, 11);
  const p1 = rng() * Math.PI * 2;
  const p2 = rng() * Math.PI * 2;
  const p3 = rng() * Math.PI * 2;
  const list: Array<[number, number]> = [[x0, bottom]];
  for (let x = x0; x <= x1 + 16; x += 16) {
    const u = (x / W) * Math.PI * 2;
    const y = baseY - amplitude * (0.62 * Math.sin(u * f1 + p1) + 0.28 * Math.sin(u * f2 + p2) + 0.1 * Math.sin(u * f3 + p3));
    list.push([x, y]);
  }
  list.push([x1 + 16, bottom]);
  return `M${points(list).replaceAll(' ', 'L')}Z`;
}

function drawHills(d: Drawing, rng: Rng, sky: Sky, horizonY: number, layers = 3) {
  const far = mix('#7f8db0', sky.haze, 0.45);
  const near = '#75894f';
  for (let i = 0; i < layers; i++) {
    const t = layers === 1 ? 1 : i / (layers - 1);
    const colour = mix(far, near, t * 0.85);
    const baseY = horizonY - 120 + i * 55;
    const fill = d.linear([
      [0, light(colour, 0.12)],
      [1, mix(colour, sky.haze, 0.25 * (1 - t))],
    ]);
    d.add(`<path d="${ridgePath(rng, baseY, 70 - i * 14)}" fill="${fill}"/>`);
  }
}

function drawCypress(d: Drawing, x: number, baseY: number, height: number, tone = CYPRESS) {
  const w = height * 0.17;
  const outline =
    `M${f(x - w * 0.22)},${f(baseY)} C${f(x - w * 0.62)},${f(baseY - height * 0.3)} ${f(x - w * 0.5)},${f(baseY - height * 0.72)} ${f(x)},${f(baseY - height)}` +
    ` C${f(x + w * 0.5)},${f(baseY - height * 0.72)} ${f(x + w * 0.62)},${f(baseY - height * 0.3)} ${f(x + w * 0.22)},${f(baseY)}Z`;
  const lit =
    `M${f(x - w * 0.2)},${f(baseY - height * 0.04)} C${f(x - w * 0.56)},${f(baseY - height * 0.3)} ${f(x - w * 0.45)},${f(baseY - height * 0.7)} ${f(x - w * 0.02)},${f(baseY - height * 0.97)}` +
    ` C${f(x - w * 0.12)},${f(baseY - height * 0.6)} ${f(x - w * 0.1)},${f(baseY - height * 0.3)} ${f(x - w * 0.05)},${f(baseY - height * 0.04)}Z`;
  d.add(
    `<ellipse cx="${f(x + w * 0.5)}" cy="${f(baseY)}" rx="${f(w * 0.9)}" ry="${f(w * 0.16)}" fill="#1d1a24" fill-opacity="0.18"/>`,
    `<path d="${outline}" fill="${tone}"/>`,
    `<path d="${lit}" fill="${light(tone, 0.22)}"/>`,
  );
}

function drawOlive(d: Drawing, rng: Rng, x: number, baseY: number, size: number) {
  // Gnarled trunk forking into two or three limbs, under a wide, feathery, silvery crown.
  const trunk = '#6b5a45';
  const crownY = baseY - size * 0.78;
  d.add(
    `<ellipse cx="${f(x + size * 0.12)}" cy="${f(baseY)}" rx="${f(size * 0.72)}" ry="${f(size * 0.09)}" fill="#1d1a24" fill-opacity="0.16"/>`,
    `<path d="M${f(x - size * 0.16)},${f(baseY)} C${f(x - size * 0.04)},${f(baseY - size * 0.12)} ${f(x - size * 0.14)},${f(baseY - size * 0.3)} ${f(x - size * 0.02)},${f(baseY - size * 0.42)}` +
      ` L${f(x + size * 0.08)},${f(baseY - size * 0.42)} C${f(x + size * 0.16)},${f(baseY - size * 0.28)} ${f(x + size * 0.06)},${f(baseY - size * 0.12)} ${f(x + size * 0.18)},${f(baseY)}Z" fill="${trunk}"/>`,
    `<path d="M${f(x - size * 0.02)},${f(baseY - size * 0.1)} C${f(x - size * 0.06)},${f(baseY - size * 0.22)} ${f(x + size * 0.04)},${f(baseY - size * 0.3)} ${f(x)},${f(baseY - size * 0.4)}" fill="none" stroke="${shade(trunk, 0.3)}" stroke-width="${f(size * 0.02)}"/>`,
  );
  const limbs = 2 + Math.floor(rng() * 2);
  for (let i = 0; i < limbs; i++) {
    const tx = x + (i - (limbs - 1) / 2) * size * 0.42 + between(rng, -0.06, 0.06) * size;
    const ty = crownY + between(rng, -0.05, 0.12) * size;
    d.add(
      `<path d="M${f(x + size * 0.03)},${f(baseY - size * 0.38)} Q${f((x + tx) / 2 + between(rng, -0.1, 0.1) * size)},${f(baseY - size * 0.55)} ${f(tx)},${f(ty)}" fill="none" stroke="${trunk}" stroke-width="${f(size * 0.055)}" stroke-linecap="round"/>`,
    );
  }
  const clusters = 18 + Math.floor(rng() * 8);
  const spread = size * 0.72;
  const leaves: string[] = [];
  for (let i = 0; i < clusters; i++) {
    const u = rng() * 2 - 1;
    const v = rng();
    const cx = x + u * spread;
    // A dome: clusters sit higher in the middle than at the edges.
    const cy = crownY + size * 0.1 - v * size * 0.42 * Math.sqrt(1 - u * u);
    const r = size * between(rng, 0.1, 0.17);
    const up = (crownY - cy) / (size * 0.4);
    const base = pick(rng, OLIVE_LEAVES);
    const colour = up > 0.1 ? light(base, 0.12 + up * 0.12) : shade(base, 0.1);
    leaves.push(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r * 1.25)}" ry="${f(r * 0.78)}" fill="${colour}"/>`);
  }
  d.add(`<g>${leaves.join('')}</g>`);
  for (let i = 0; i < 8; i++) {
    const u = rng() * 1.6 - 0.8;
    d.add(
      `<ellipse cx="${f(x + u * spread * 0.9)}" cy="${f(crownY - size * (0.05 + rng() * 0.3) * Math.sqrt(1 - (u * u) / 1.2))}" rx="${f(size * 0.07)}" ry="${f(size * 0.035)}" fill="#d9dcc0" fill-opacity="0.55"/>`,
    );
  }
}

/** A field of lavender rows converging to a vanishing point above the field. */
function drawLavender(d: Drawing, rng: Rng, sky: Sky, top: number, vx: number, options: { flowering?: boolean } = {}) {
  const vpY = top - 70;
  const depth = H - vpY;
  const soil = d.linear(
    [
      [0, mix('#b7a27f', sky.haze, 0.35)],
      [1, '#9c7b4f'],
    ],
    { y1: top, y2: H, user: true },
  );
  d.add(`<rect x="0" y="${f(top)}" width="${W}" height="${f(H - top)}" fill="${soil}"/>`);
  const far = mix(options.flowering === false ? '#8fa071' : '#a996cf', sky.haze, 0.35);
  const near = options.flowering === false ? '#5b6e3f' : '#5d3b98';
  const lit = d.linear(
    [
      [0, light(far, 0.1)],
      [1, light(near, 0.12)],
    ],
    { y1: top, y2: H, user: true },
  );
  const dark = d.linear(
    [
      [0, shade(far, 0.05)],
      [1, shade(near, 0.25)],
    ],
    { y1: top, y2: H, user: true },
  );
  const spacing = between(rng, 230, 290);
  const t0 = (top - vpY) / depth;
  const xAt = (xb: number, t: number) => vx + (xb - vx) * t;
  const rows: number[] = [];
  for (let i = -Math.ceil(vx / (spacing * t0)) - 1; i <= Math.ceil((W - vx) / (spacing * t0)) + 1; i++) {
    rows.push(vx + i * spacing - spacing * 0.36);
  }
  for (const xb of rows) {
    const l = xb;
    const m = xb + spacing * 0.4;
    const r = xb + spacing * 0.74;
    d.add(
      `<polygon points="${points([
        [xAt(l, t0), top],
        [xAt(m, t0), top],
        [m, H],
        [l, H],
      ])}" fill="${lit}"/>`,
      `<polygon points="${points([
        [xAt(m, t0), top],
        [xAt(r, t0), top],
        [r, H],
        [m, H],
      ])}" fill="${dark}"/>`,
    );
  }
  // Tufts on the nearer half, drawn far to near so the front ones overlap.
  const tufts: Array<{ x: number; y: number; w: number; t: number }> = [];
  for (const xb of rows) {
    const centre = xb + spacing * 0.37;
    for (let k = 0; k < 30; k++) {
      const t = 1 / (1 + k * 0.11);
      if (t < 0.42) break;
      const x = xAt(centre, t) + between(rng, -4, 4) * t;
      const w = spacing * 0.76 * t;
      if (x < -w || x > W + w) continue;
      tufts.push({ x, y: vpY + t * depth, w, t });
    }
  }
  tufts.sort((a, b) => a.y - b.y);
  const bloom = options.flowering === false ? '#9fb07a' : '#8e6ad0';
  for (const tuft of tufts) {
    const colour = mix(far, near, (tuft.t - 0.42) / 0.58);
    const h = tuft.w * 0.42;
    d.add(
      `<ellipse cx="${f(tuft.x)}" cy="${f(tuft.y - h * 0.35)}" rx="${f(tuft.w / 2)}" ry="${f(h / 2)}" fill="${shade(colour, 0.12)}"/>`,
      `<ellipse cx="${f(tuft.x - tuft.w * 0.08)}" cy="${f(tuft.y - h * 0.5)}" rx="${f(tuft.w * 0.36)}" ry="${f(h * 0.36)}" fill="${light(colour, 0.08)}"/>`,
    );
    if (tuft.t > 0.55 && d.detailed) {
      const spikes = Math.floor(tuft.t * 13);
      for (let s = 0; s < spikes; s++) {
        const sx = tuft.x + (s / (spikes - 1) - 0.5) * tuft.w * 0.78;
        const sy = tuft.y - h * 0.62 - Math.cos((s / (spikes - 1) - 0.5) * Math.PI) * h * 0.3;
        d.add(`<ellipse cx="${f(sx)}" cy="${f(sy)}" rx="${f(tuft.w * 0.018)}" ry="${f(tuft.w * 0.055)}" fill="${s % 2 ? shade(bloom, 0.15) : bloom}"/>`);
      }
    }
  }
}

/** A Provençal mas: ochre stone, low terracotta roof with génoise, painted shutters. */
function drawMas(d: Drawing, rng: Rng, x: number, groundY: number, s: number, options: { shutter?: string; plant?: boolean; wing?: boolean } = {}) {
  const stone = pick(rng, STONES);
  const roof = pick(rng, ROOFS);
  const shutter = options.shutter ?? pick(rng, SHUTTERS);
  const bodyW = 430 * s;
  const bodyH = 250 * s;
  const wing = options.wing ?? rng() > 0.35;
  const wingW = 220 * s;
  const wingH = 170 * s;

  const block = (bx: number, bw: number, bh: number, wall: string, windows: number, storeys: number, roofRise: number) => {
    const top = groundY - bh;
    d.add(
      `<rect x="${f(bx)}" y="${f(top)}" width="${f(bw)}" height="${f(bh)}" fill="${d.linear([
        [0, light(wall, 0.08)],
        [1, shade(wall, 0.06)],
      ])}"/>`,
    );
    // Stones showing through the render.
    for (let i = 0; i < Math.round((bw * bh * 0.0016) / s); i++) {
      const sx = bx + rng() * (bw - 26 * s);
      const sy = top + rng() * (bh - 12 * s);
      d.add(
        `<rect x="${f(sx)}" y="${f(sy)}" width="${f(between(rng, 14, 30) * s)}" height="${f(between(rng, 7, 12) * s)}" rx="${f(3 * s)}" fill="${rng() > 0.5 ? shade(wall, 0.18) : light(wall, 0.3)}" fill-opacity="0.35"/>`,
      );
    }
    // Corner quoins.
    for (let y = groundY - 22 * s; y > top + 4 * s; y -= 22 * s) {
      const wide = Math.round((groundY - y) / (22 * s)) % 2 === 0;
      d.add(
        `<rect x="${f(bx)}" y="${f(y)}" width="${f((wide ? 34 : 22) * s)}" height="${f(20 * s)}" fill="${light(wall, 0.35)}" fill-opacity="0.7"/>`,
        `<rect x="${f(bx + bw - (wide ? 34 : 22) * s)}" y="${f(y)}" width="${f((wide ? 34 : 22) * s)}" height="${f(20 * s)}" fill="${light(wall, 0.35)}" fill-opacity="0.7"/>`,
      );
    }
    // Roof: low pitch, canal tiles, génoise under the eaves.
    const over = 18 * s;
    const rise = roofRise * s;
    d.add(
      `<polygon points="${points([
        [bx - over, top],
        [bx + bw + over, top],
        [bx + bw - bw * 0.12, top - rise],
        [bx + bw * 0.12, top - rise],
      ])}" fill="${d.linear([
        [0, light(roof, 0.1)],
        [1, shade(roof, 0.1)],
      ])}"/>`,
    );
    for (let tx = bx - over + 9 * s; tx < bx + bw + over; tx += 13 * s) {
      const u = (tx - bx) / bw;
      const topX = bx + bw * 0.12 + u * bw * 0.76;
      d.add(
        `<line x1="${f(tx)}" y1="${f(top)}" x2="${f(topX)}" y2="${f(top - rise)}" stroke="${shade(roof, 0.25)}" stroke-width="${f(2.2 * s)}" stroke-opacity="0.55"/>`,
      );
    }
    for (let row = 0; row < 2; row++) {
      const gy = top + row * 9 * s;
      const inset = row * 6 * s;
      for (let gx = bx - over * 0.6 + inset; gx < bx + bw + over * 0.6 - inset; gx += 12 * s) {
        d.add(`<path d="M${f(gx)},${f(gy)} a${f(6 * s)},${f(6 * s)} 0 0 0 ${f(12 * s)},0Z" fill="${shade(roof, 0.05 + row * 0.1)}"/>`);
      }
    }
    d.add(
      `<rect x="${f(bx)}" y="${f(top + 17 * s)}" width="${f(bw)}" height="${f(26 * s)}" fill="${d.linear([
        [0, '#1d1a24', 0.22],
        [1, '#1d1a24', 0],
      ])}"/>`,
    );
    // Windows with open shutters; a door on the ground floor.
    const ww = 40 * s;
    const wh = 62 * s;
    const slots = windows;
    const doorSlot = storeys === 2 ? Math.floor(rng() * slots) : -1;
    for (let storey = 0; storey < storeys; storey++) {
      const wy = storey === 0 ? groundY - wh - 26 * s : top + 44 * s;
      for (let i = 0; i < slots; i++) {
        const cx = bx + (bw / slots) * (i + 0.5);
        if (storey === 0 && i === doorSlot) {
          const dw = 56 * s;
          const dh = 104 * s;
          d.add(
            `<path d="M${f(cx - dw / 2)},${f(groundY)} V${f(groundY - dh + dw / 2)} a${f(dw / 2)},${f(dw / 2)} 0 0 1 ${f(dw)},0 V${f(groundY)}Z" fill="${shade(shutter, 0.25)}"/>`,
            `<path d="M${f(cx - dw / 2 - 6 * s)},${f(groundY)} V${f(groundY - dh + dw / 2)} a${f(dw / 2 + 6 * s)},${f(dw / 2 + 6 * s)} 0 0 1 ${f(dw + 12 * s)},0 V${f(groundY)}" fill="none" stroke="${light(stone, 0.4)}" stroke-width="${f(6 * s)}"/>`,
          );
          for (let p = 1; p < 4; p++) {
            d.add(
              `<line x1="${f(cx - dw / 2 + (dw / 4) * p)}" y1="${f(groundY - dh + dw / 2)}" x2="${f(cx - dw / 2 + (dw / 4) * p)}" y2="${f(groundY)}" stroke="${shade(shutter, 0.4)}" stroke-width="${f(1.6 * s)}"/>`,
            );
          }
          continue;
        }
        const closed = rng() < 0.3;
        d.add(`<rect x="${f(cx - ww / 2 - 4 * s)}" y="${f(wy - 4 * s)}" width="${f(ww + 8 * s)}" height="${f(wh + 8 * s)}" fill="${light(stone, 0.45)}"/>`);
        if (closed) {
          d.add(`<rect x="${f(cx - ww / 2)}" y="${f(wy)}" width="${f(ww)}" height="${f(wh)}" fill="${shutter}"/>`);
          for (let sl = wy + 7 * s; sl < wy + wh; sl += 7 * s) {
            d.add(
              `<line x1="${f(cx - ww / 2)}" y1="${f(sl)}" x2="${f(cx + ww / 2)}" y2="${f(sl)}" stroke="${shade(shutter, 0.25)}" stroke-width="${f(1.4 * s)}"/>`,
            );
          }
          d.add(`<line x1="${f(cx)}" y1="${f(wy)}" x2="${f(cx)}" y2="${f(wy + wh)}" stroke="${shade(shutter, 0.35)}" stroke-width="${f(1.6 * s)}"/>`);
        } else {
          d.add(
            `<rect x="${f(cx - ww / 2)}" y="${f(wy)}" width="${f(ww)}" height="${f(wh)}" fill="#3a3944"/>`,
            `<polygon points="${points([
              [cx - ww / 2, wy + wh * 0.55],
              [cx - ww / 2 + ww * 0.55, wy],
              [cx - ww / 2 + ww * 0.8, wy],
              [cx - ww / 2, wy + wh * 0.9],
            ])}" fill="#ffffff" fill-opacity="0.12"/>`,
            `<line x1="${f(cx)}" y1="${f(wy)}" x2="${f(cx)}" y2="${f(wy + wh)}" stroke="${light(stone, 0.6)}" stroke-width="${f(2.4 * s)}"/>`,
          );
          for (const side of [-1, 1]) {
            const sx = side < 0 ? cx - ww / 2 - ww / 2 - 4 * s : cx + ww / 2 + 4 * s;
            d.add(`<rect x="${f(sx)}" y="${f(wy)}" width="${f(ww / 2)}" height="${f(wh)}" fill="${shutter}"/>`);
            for (let sl = wy + 7 * s; sl < wy + wh; sl += 7 * s) {
              d.add(`<line x1="${f(sx)}" y1="${f(sl)}" x2="${f(sx + ww / 2)}" y2="${f(sl)}" stroke="${shade(shutter, 0.25)}" stroke-width="${f(1.4 * s)}"/>`);
            }
          }
        }
      }
    }
  };

  if (wing) block(x + bodyW - 10 * s, wingW, wingH, shade(stone, 0.07), 2, 1, 34);
  block(x, bodyW, bodyH, stone, 4, 2, 46);

  if (options.plant ?? true) {
    // Bougainvillea climbing the corner.
    const px = x + bodyW * (rng() > 0.5 ? 0.04 : 0.9);
    for (let i = 0; i < 26; i++) {
      const by = groundY - rng() * bodyH * 0.9;
      const bx = px + between(rng, -34, 34) * s * (1 - (groundY - by) / bodyH / 2);
      d.add(`<circle cx="${f(bx)}" cy="${f(by)}" r="${f(between(rng, 8, 16) * s)}" fill="${pick(rng, ['#4f6b35', '#5f7c3f', '#46602f'])}"/>`);
      if (rng() > 0.35) {
        d.add(
          `<circle cx="${f(bx + between(rng, -6, 6) * s)}" cy="${f(by + between(rng, -6, 6) * s)}" r="${f(between(rng, 4, 8) * s)}" fill="${pick(rng, ['#c8367a', '#d9508f', '#b52d6b'])}"/>`,
        );
      }
    }
  }
}

/**
 * Warm light from the sun's side and darkened edges, like a photograph. Linear
 * gradients only: full-canvas radial gradients cost ~50 ms each in librsvg.
 */
function drawWash(d: Drawing, sky: Sky) {
  const fromLeft = sky.sunX < W / 2;
  const wash = d.linear(
    [
      [0, sky.wash, sky.washOpacity],
      [1, sky.wash, 0],
    ],
    { x1: fromLeft ? 0 : 1, y1: 0, x2: fromLeft ? 0.8 : 0.2, y2: 1 },
  );
  const edge = (x1: number, y1: number, x2: number, y2: number) =>
    d.linear(
      [
        [0, '#1d1a24', 0.26],
        [1, '#1d1a24', 0],
      ],
      { x1, y1, x2, y2 },
    );
  d.add(
    `<rect width="${W}" height="${H}" fill="${wash}"/>`,
    `<rect width="${W}" height="200" fill="${edge(0, 0, 0, 1)}"/>`,
    `<rect y="${H - 220}" width="${W}" height="220" fill="${edge(0, 1, 0, 0)}"/>`,
    `<rect width="260" height="${H}" fill="${edge(0, 0, 1, 0)}"/>`,
    `<rect x="${W - 260}" width="260" height="${H}" fill="${edge(1, 0, 0, 0)}"/>`,
  );
}

function skyFor(rng: Rng, time: TimeOfDay): Sky {
  const base = SKIES[time];
  return {
    ...base,
    sunX: between(rng, 250, W - 250),
    sunY: time === 'day' ? between(rng, 90, 200) : between(rng, 300, 380),
  };
}

/* ───────────── scenes ───────────── */

function lavenderScene(d: Drawing, rng: Rng, time: TimeOfDay, accent?: string) {
  const sky = skyFor(rng, time);
  const horizon = between(rng, 470, 520);
  drawSky(d, rng, sky, horizon);
  drawHills(d, rng, sky, horizon, 3);
  const top = horizon + 40;
  // A mas and its cypresses on the far edge of the field.
  const masX = between(rng, 140, 1000);
  const masScale = between(rng, 0.34, 0.44);
  d.add(`<rect x="0" y="${f(top - 20)}" width="${W}" height="40" fill="${mix('#7d8c4f', sky.haze, 0.3)}"/>`);
  for (let x = 10; x < W; x += between(rng, 28, 50)) {
    const r = between(rng, 14, 24);
    d.add(`<circle cx="${f(x)}" cy="${f(top - 6)}" r="${f(r)}" fill="${mix(pick(rng, ['#5f7040', '#6d7d48', '#56683a', '#7a8a52']), sky.haze, 0.22)}"/>`);
  }
  drawMas(d, rng, masX, top + 4, masScale, { shutter: accent, plant: false });
  const cypressX = masX + (rng() > 0.5 ? -50 : 430 * masScale + 70);
  for (let i = 0; i < 3; i++) drawCypress(d, cypressX + i * 34, top + 6, between(rng, 120, 165));
  drawLavender(d, rng, sky, top + 6, between(rng, 500, 1100));
  drawWash(d, sky);
}

function masScene(d: Drawing, rng: Rng, time: TimeOfDay, accent?: string) {
  const sky = skyFor(rng, time);
  const horizon = 470;
  drawSky(d, rng, sky, horizon);
  drawHills(d, rng, sky, horizon, 2);
  const ground = 770;
  d.add(
    `<rect x="0" y="${f(ground - 60)}" width="${W}" height="${f(H - ground + 60)}" fill="${d.linear([
      [0, '#94a05c'],
      [1, '#6f7d3e'],
    ])}"/>`,
  );
  const masX = between(rng, 280, 520);
  drawCypress(d, masX - 90, ground - 20, 420);
  drawCypress(d, masX - 30, ground - 10, 360);
  drawMas(d, rng, masX, ground, 1.45, { shutter: accent, wing: true });
  // Gravel courtyard and a plane-tree shadow.
  d.add(
    `<polygon points="${points([
      [masX - 60, ground],
      [masX + 960, ground],
      [W + 40, H],
      [masX - 300, H],
    ])}" fill="${d.linear([
      [0, '#e1cda4'],
      [1, '#cdb182'],
    ])}"/>`,
    `<ellipse cx="${f(masX + 420)}" cy="${f(ground + 110)}" rx="380" ry="60" fill="#1d1a24" fill-opacity="0.14"/>`,
  );
  for (let i = 0; i < 4; i++) {
    drawLavenderPot(d, rng, masX + 40 + i * 170 + between(rng, -10, 10), ground + 150 + (i % 2) * 20, 1.3);
  }
  drawOlive(d, rng, between(rng, 1320, 1460), H - 40, 330);
  drawWash(d, sky);
}

function drawLavenderPot(d: Drawing, rng: Rng, x: number, y: number, s: number) {
  const pot = '#b96a42';
  d.add(
    `<ellipse cx="${f(x + 6 * s)}" cy="${f(y + 2)}" rx="${f(38 * s)}" ry="${f(7 * s)}" fill="#1d1a24" fill-opacity="0.2"/>`,
    `<polygon points="${points([
      [x - 30 * s, y - 52 * s],
      [x + 30 * s, y - 52 * s],
      [x + 22 * s, y],
      [x - 22 * s, y],
    ])}" fill="${pot}"/>`,
    `<rect x="${f(x - 34 * s)}" y="${f(y - 60 * s)}" width="${f(68 * s)}" height="${f(12 * s)}" rx="${f(3 * s)}" fill="${light(pot, 0.15)}"/>`,
  );
  // A grey-green mound bristling with flower spikes.
  const top = y - 60 * s;
  d.add(
    `<ellipse cx="${f(x)}" cy="${f(top - 4 * s)}" rx="${f(42 * s)}" ry="${f(20 * s)}" fill="#6f7f56"/>`,
    `<ellipse cx="${f(x - 8 * s)}" cy="${f(top - 10 * s)}" rx="${f(28 * s)}" ry="${f(12 * s)}" fill="#8a9a6c"/>`,
  );
  for (let i = 0; i < 30; i++) {
    const a = -Math.PI / 2 + between(rng, -1.05, 1.05);
    const len = between(rng, 38, 66) * s;
    const x1 = x + Math.cos(a) * 18 * s;
    const y1 = top - 6 * s + Math.sin(a) * 8 * s;
    const x2 = x + Math.cos(a) * len * 1.1;
    const y2 = top + Math.sin(a) * len;
    d.add(
      `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="#7b8a5a" stroke-width="${f(1.6 * s)}"/>`,
      `<ellipse cx="${f(x2)}" cy="${f(y2)}" rx="${f(3.4 * s)}" ry="${f(9 * s)}" transform="rotate(${f((a * 180) / Math.PI + 90)} ${f(x2)} ${f(y2)})" fill="${pick(rng, ['#7d5fb8', '#8d6fc6', '#6c4fa5', '#9a7fd0'])}"/>`,
    );
  }
}

function poolScene(d: Drawing, rng: Rng, time: TimeOfDay, accent?: string) {
  const sky = skyFor(rng, time);
  const horizon = 420;
  drawSky(d, rng, sky, horizon);
  drawHills(d, rng, sky, horizon, 2);
  const lawnTop = 560;
  d.add(
    `<rect x="0" y="${lawnTop - 30}" width="${W}" height="${H - lawnTop + 30}" fill="${d.linear([
      [0, '#8f9e55'],
      [1, '#6d7f3b'],
    ])}"/>`,
  );
  const masX = between(rng, 160, 760);
  drawMas(d, rng, masX, lawnTop, 0.78, { shutter: accent });
  for (let i = 0; i < 4; i++) drawCypress(d, masX > 600 ? 120 + i * 60 : 1180 + i * 62, lawnTop + 8, between(rng, 220, 280));
  drawOlive(d, rng, masX > 600 ? 430 : 1000, lawnTop + 40, 150);
  // The pool in one-point perspective, its stone coping and the deck.
  const vx = 800 + between(rng, -160, 160);
  const vy = 430;
  const at = (xBottom: number, y: number) => vx + (xBottom - vx) * ((y - vy) / (H - vy));
  const deckTop = 640;
  d.add(
    `<polygon points="${points([
      [at(-1600, deckTop), deckTop],
      [at(3200, deckTop), deckTop],
      [3200, H],
      [-1600, H],
    ])}" fill="${d.linear([
      [0, '#e6d3ad'],
      [1, '#d4bb8d'],
    ])}"/>`,
  );
  for (let xb = -1600; xb <= 3200; xb += 200) {
    d.add(`<line x1="${f(at(xb, deckTop))}" y1="${deckTop}" x2="${f(xb)}" y2="${H}" stroke="#b99d6e" stroke-width="2" stroke-opacity="0.5"/>`);
  }
  for (let k = 0; k < 8; k++) {
    const y = vy + (deckTop - vy) * (1 + k * 0.35) ** 1.6;
    if (y > H) break;
    d.add(`<line x1="0" y1="${f(y)}" x2="${W}" y2="${f(y)}" stroke="#b99d6e" stroke-width="2" stroke-opacity="0.45"/>`);
  }
  const poolTop = 680;
  const left = -450;
  const right = 1750;
  const coping = 70;
  d.add(
    `<polygon points="${points([
      [at(left - coping, poolTop - 14), poolTop - 14],
      [at(right + coping, poolTop - 14), poolTop - 14],
      [right + coping, H],
      [left - coping, H],
    ])}" fill="#f1e6cf"/>`,
  );
  const water = d.linear(
    [
      [0, '#9fe0e4'],
      [0.25, '#5cc3d3'],
      [1, '#1d8bb0'],
    ],
    { y1: poolTop, y2: H, user: true },
  );
  d.add(
    `<polygon points="${points([
      [at(left, poolTop), poolTop],
      [at(right, poolTop), poolTop],
      [right, H + 10],
      [left, H + 10],
    ])}" fill="${water}"/>`,
    `<polygon points="${points([
      [at(left, poolTop), poolTop],
      [at(right, poolTop), poolTop],
      [at(right, poolTop + 16), poolTop + 16],
      [at(left, poolTop + 16), poolTop + 16],
    ])}" fill="#15607e" fill-opacity="0.35"/>`,
  );
  const poolClip = d.clip(
    `<polygon points="${points([
      [at(left, poolTop), poolTop],
      [at(right, poolTop), poolTop],
      [right, H + 10],
      [left, H + 10],
    ])}"/>`,
  );
  const ripples: string[] = [];
  for (let k = 0; k < 16; k++) {
    const y = poolTop + 24 + (H - poolTop) * (k / 16) ** 1.5 + rng() * 6;
    const amp = 3 + k * 0.8;
    const len = 60 + k * 12;
    let path = `M-20,${f(y)}`;
    for (let x = -20; x < W + 40; x += len) {
      path += ` q${f(len / 4)},${f(-amp)} ${f(len / 2)},0 t${f(len / 2)},0`;
    }
    ripples.push(`<path d="${path}" fill="none" stroke="#ffffff" stroke-width="${f(1.5 + k * 0.35)}" stroke-opacity="${f(0.16 + rng() * 0.16)}"/>`);
  }
  d.add(`<g clip-path="${poolClip}">${ripples.join('')}</g>`);
  // Sun loungers and a parasol in the room colour.
  const canvas = accent ?? pick(rng, SHUTTERS);
  const side = rng() > 0.5 ? 1 : -1;
  const px = side > 0 ? between(rng, 1180, 1320) : between(rng, 260, 420);
  for (let i = 0; i < 2; i++) {
    const lx = px - 150 + i * 150;
    const ly = 655;
    d.add(
      `<polygon points="${points([
        [lx, ly],
        [lx + 110, ly],
        [lx + 104, ly + 8],
        [lx + 4, ly + 8],
      ])}" fill="#fbf7ef"/>`,
      `<polygon points="${points([
        [lx + 80, ly],
        [lx + 110, ly],
        [lx + 122, ly - 34],
        [lx + 100, ly - 36],
      ])}" fill="#f4ede0"/>`,
      `<line x1="${f(lx + 8)}" y1="${f(ly + 8)}" x2="${f(lx + 8)}" y2="${f(ly + 16)}" stroke="#9b8b72" stroke-width="3"/>`,
      `<line x1="${f(lx + 100)}" y1="${f(ly + 8)}" x2="${f(lx + 100)}" y2="${f(ly + 16)}" stroke="#9b8b72" stroke-width="3"/>`,
    );
  }
  d.add(
    `<line x1="${f(px)}" y1="672" x2="${f(px)}" y2="530" stroke="#7a6a55" stroke-width="5"/>`,
    `<path d="M${f(px - 130)},560 Q${f(px)},490 ${f(px + 130)},560 q-21.7,10 -43.3,0 q-21.7,10 -43.3,0 q-21.7,10 -43.3,0 q-21.7,10 -43.3,0 q-21.7,10 -43.3,0 q-21.7,10 -43.3,0Z" fill="${canvas}"/>`,
    `<path d="M${f(px - 130)},560 Q${f(px)},490 ${f(px + 130)},560" fill="none" stroke="${light(canvas, 0.35)}" stroke-width="3"/>`,
    `<ellipse cx="${f(px + 40)}" cy="680" rx="150" ry="18" fill="#1d1a24" fill-opacity="0.12"/>`,
  );
  drawLavenderPot(d, rng, side > 0 ? 200 : 1400, 700, 1.1);
  drawWash(d, sky);
}

function olivesScene(d: Drawing, rng: Rng, time: TimeOfDay) {
  const sky = skyFor(rng, time);
  const horizon = 500;
  drawSky(d, rng, sky, horizon);
  drawHills(d, rng, sky, horizon, 3);
  const top = 560;
  d.add(
    `<rect x="0" y="${top - 20}" width="${W}" height="${H - top + 20}" fill="${d.linear([
      [0, mix('#c7b26b', sky.haze, 0.3)],
      [1, '#a58f4a'],
    ])}"/>`,
  );
  // Grass strokes for texture.
  for (let i = 0; i < (d.detailed ? 260 : 0); i++) {
    const y = between(rng, top, H);
    const x = rng() * W;
    const len = 6 + ((y - top) / (H - top)) * 26;
    d.add(
      `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + between(rng, -4, 4))}" y2="${f(y - len)}" stroke="${pick(rng, ['#8a7a3c', '#d3c07e', '#9b8c46'])}" stroke-width="${f(1 + ((y - top) / (H - top)) * 2)}" stroke-opacity="0.6"/>`,
    );
  }
  // A dry-stone terrace wall (restanque) across the middle.
  const wallY = 700;
  d.add(`<rect x="0" y="${wallY - 40}" width="${W}" height="44" fill="#cbb68e"/>`);
  for (let row = 0; row < 3; row++) {
    for (let x = -20 + row * 17; x < W; x += between(rng, 36, 58)) {
      const w = between(rng, 30, 52);
      d.add(
        `<rect x="${f(x)}" y="${f(wallY - 40 + row * 14)}" width="${f(w)}" height="12" rx="4" fill="${pick(rng, ['#d8c59f', '#bfa77b', '#e4d5b4', '#b39a6f'])}"/>`,
      );
    }
  }
  const trees: Array<{ x: number; y: number; s: number }> = [];
  for (const [y, s, n] of [
    [top + 10, 70, 9],
    [top + 60, 110, 6],
    [wallY + 170, 250, 3],
  ] as const) {
    for (let i = 0; i < n; i++) {
      trees.push({ x: ((i + 0.5) / n) * W + between(rng, -40, 40), y: y + between(rng, -8, 8), s: s * between(rng, 0.85, 1.15) });
    }
  }
  for (const tree of trees) drawOlive(d, rng, tree.x, tree.y, tree.s);
  drawCypress(d, between(rng, 80, 300), top + 20, 260);
  drawWash(d, sky);
}

function villageScene(d: Drawing, rng: Rng, time: TimeOfDay) {
  const sky = skyFor(rng, time);
  sky.sunX = between(rng, 1100, 1400);
  sky.sunY = between(rng, 380, 440);
  const horizon = 560;
  drawSky(d, rng, sky, horizon);
  drawHills(d, rng, sky, horizon, 2);
  // The hill of Grasse, its old town stacked on the slope.
  const hill = `M-20,${H} L-20,640 C200,600 380,430 720,400 C1040,380 1250,470 1620,560 L1620,${H}Z`;
  d.add(`<path d="${hill}" fill="${mix('#7b7f52', sky.haze, 0.25)}"/>`);
  const walls = ['#e8c9a0', '#f0d8b4', '#e2b58c', '#f2e0c4', '#d9a47c', '#ecc7a8'];
  const houses: Array<{ x: number; base: number; w: number; h: number }> = [];
  for (let row = 0; row < 7; row++) {
    const y = 430 + row * 34;
    const from = 340 - row * 60;
    const to = 1160 + row * 50;
    for (let x = from; x < to; x += between(rng, 46, 80)) {
      const slope = Math.abs(x - 720) / 900;
      houses.push({ x, base: y + slope * 120 + 40, w: between(rng, 46, 82), h: between(rng, 46, 96) });
    }
  }
  houses.sort((a, b) => a.base - b.base);
  let towerDone = false;
  for (const house of houses) {
    if (!towerDone && house.base > 480) {
      // Cathedral tower and bell tower, behind the front rows.
      d.add(
        `<rect x="650" y="300" width="70" height="220" fill="#dcc19a"/>`,
        `<polygon points="640,300 730,300 685,250" fill="#b85c37"/>`,
        `<rect x="672" y="320" width="26" height="40" rx="13" fill="#4a4450"/>`,
        `<rect x="820" y="340" width="46" height="160" fill="#e8cfa8"/>`,
        `<rect x="832" y="356" width="22" height="30" rx="11" fill="#4a4450"/>`,
      );
      towerDone = true;
    }
    const wall = pick(rng, walls);
    const top = house.base - house.h;
    d.add(
      `<rect x="${f(house.x)}" y="${f(top)}" width="${f(house.w)}" height="${f(house.h + 30)}" fill="${wall}"/>`,
      `<rect x="${f(house.x + house.w * 0.7)}" y="${f(top)}" width="${f(house.w * 0.3)}" height="${f(house.h + 30)}" fill="${shade(wall, 0.12)}"/>`,
      `<polygon points="${points([
        [house.x - 4, top],
        [house.x + house.w + 4, top],
        [house.x + house.w - 8, top - 12],
        [house.x + 8, top - 12],
      ])}" fill="${pick(rng, ROOFS)}"/>`,
    );
    const cols = Math.max(1, Math.floor(house.w / 26));
    for (let r = 0; r < Math.floor(house.h / 30); r++) {
      for (let c = 0; c < cols; c++) {
        if (rng() < 0.3) continue;
        d.add(`<rect x="${f(house.x + 8 + c * 24)}" y="${f(top + 10 + r * 30)}" width="9" height="14" fill="${rng() < 0.2 ? '#ffd98a' : '#4f4a55'}"/>`);
      }
    }
  }
  // Dark foreground: terrace edge, olive trees and cypresses against the dusk.
  const fg = shade('#4b5530', 0.25);
  d.add(`<path d="${ridgePath(rng, 880, 30)}" fill="${fg}"/>`);
  drawCypress(d, between(rng, 80, 160), 900, 420, shade(CYPRESS, 0.3));
  drawCypress(d, between(rng, 200, 260), 910, 330, shade(CYPRESS, 0.3));
  drawOlive(d, rng, between(rng, 1320, 1450), 930, 300);
  drawWash(d, sky);
}

/** A landscape painted into a rectangle (window views, pictures on walls). */
function nestedLandscape(d: Drawing, rng: Rng, kind: 'lavender' | 'olives', time: TimeOfDay, box: { x: number; y: number; w: number; h: number }) {
  const mark = d.mark();
  d.detailed = box.w >= W / 2;
  if (kind === 'lavender') lavenderScene(d, rng, time);
  else olivesScene(d, rng, time);
  d.detailed = true;
  const inner = d.takeFrom(mark);
  d.add(
    `<svg x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">${inner}</svg>`,
  );
}

function bedroomScene(d: Drawing, rng: Rng, time: TimeOfDay, accent: string, corner?: 'olive' | 'chest') {
  // One-point perspective: back wall, side walls, beamed ceiling, terracotta floor.
  const vp = { x: 800, y: 470 };
  const back = { l: 330, r: 1270, t: 150, b: 700 };
  const toward = (x: number, y: number, targetY: number) => vp.x + (x - vp.x) * ((targetY - vp.y) / (y - vp.y));
  const plaster = mix('#f3e8d6', accent, 0.1);
  d.add(`<rect width="${W}" height="${H}" fill="${plaster}"/>`);
  // Side walls a touch darker, ceiling lighter.
  d.add(
    `<polygon points="${points([
      [0, 0],
      [toward(back.l, back.t, 0), 0],
      [back.l, back.t],
      [back.l, back.b],
      [toward(back.l, back.b, H), H],
      [0, H],
    ])}" fill="${shade(plaster, 0.08)}"/>`,
    `<polygon points="${points([
      [W, 0],
      [toward(back.r, back.t, 0), 0],
      [back.r, back.t],
      [back.r, back.b],
      [toward(back.r, back.b, H), H],
      [W, H],
    ])}" fill="${shade(plaster, 0.14)}"/>`,
    `<polygon points="${points([
      [toward(back.l, back.t, 0), 0],
      [toward(back.r, back.t, 0), 0],
      [back.r, back.t],
      [back.l, back.t],
    ])}" fill="${light(plaster, 0.3)}"/>`,
  );
  // Beams, or a plain ceiling with a pendant lamp.
  const beam = pick(rng, ['#6b4a32', '#7a5a3c', '#5e4330']);
  const beamed = rng() > 0.3;
  if (!beamed) {
    d.add(`<line x1="800" y1="0" x2="800" y2="110" stroke="#5a4a3a" stroke-width="3"/>`, `<path d="M752,150 Q800,96 848,150Z" fill="${light(accent, 0.15)}"/>`);
  }
  for (let bx = back.l + 60; beamed && bx < back.r - 40; bx += 155) {
    d.add(
      `<polygon points="${points([
        [bx, back.t],
        [bx + 30, back.t],
        [toward(bx + 30, back.t, 0), 0],
        [toward(bx, back.t, 0), 0],
      ])}" fill="${beam}"/>`,
      `<polygon points="${points([
        [bx, back.t],
        [bx + 30, back.t],
        [bx + 30, back.t + 16],
        [bx, back.t + 16],
      ])}" fill="${shade(beam, 0.2)}"/>`,
    );
  }
  // Floor tiles.
  const floor = '#c47a52';
  const floorShape = `<polygon points="${points([
    [back.l, back.b],
    [back.r, back.b],
    [toward(back.r, back.b, H), H],
    [toward(back.l, back.b, H), H],
  ])}"/>`;
  d.add(
    floorShape.replace(
      '/>',
      ` fill="${d.linear(
        [
          [0, shade(floor, 0.1)],
          [1, floor],
        ],
        { y1: back.b, y2: H, user: true },
      )}"/>`,
    ),
  );
  const joints: string[] = [];
  const tile = 94;
  for (let x = back.l - tile * 12; x <= back.r + tile * 12; x += tile) {
    joints.push(`<line x1="${f(x)}" y1="${back.b}" x2="${f(toward(x, back.b, H))}" y2="${H}"/>`);
  }
  for (let depth = 5; depth > 2; depth -= 0.4) {
    const y = vp.y + 1150 / depth;
    joints.push(`<line x1="0" y1="${f(y)}" x2="${W}" y2="${f(y)}"/>`);
  }
  d.add(`<g clip-path="${d.clip(floorShape)}" stroke="${shade(floor, 0.3)}" stroke-width="2" stroke-opacity="0.5">${joints.join('')}</g>`);
  // Window with its deep reveal, a view and a linen curtain.
  const win = { l: 400, r: 640, t: 250, b: 560 };
  nestedLandscape(d, rng, rng() > 0.4 ? 'lavender' : 'olives', time, { x: win.l, y: win.t, w: win.r - win.l, h: win.b - win.t });
  d.add(
    `<rect x="${win.l - 18}" y="${win.t - 18}" width="${win.r - win.l + 36}" height="${win.b - win.t + 36}" fill="none" stroke="${light(plaster, 0.5)}" stroke-width="36"/>`,
    `<rect x="${win.l}" y="${win.t}" width="${win.r - win.l}" height="${win.b - win.t}" fill="none" stroke="#f7f3ea" stroke-width="10"/>`,
    `<line x1="${(win.l + win.r) / 2}" y1="${win.t}" x2="${(win.l + win.r) / 2}" y2="${win.b}" stroke="#f7f3ea" stroke-width="8"/>`,
    `<rect x="${win.l - 30}" y="${win.b + 18}" width="${win.r - win.l + 60}" height="14" fill="${shade(plaster, 0.2)}"/>`,
  );
  const curtain = light(accent, 0.55);
  d.add(
    `<path d="M${win.l - 60},${win.t - 40} L${win.l + 40},${win.t - 40} C${win.l + 30},${win.t + 120} ${win.l + 10},${win.b - 60} ${win.l + 60},${win.b + 90} L${win.l - 60},${win.b + 90}Z" fill="${curtain}" fill-opacity="0.92"/>`,
    `<path d="M${win.l - 20},${win.t - 40} C${win.l - 16},${win.t + 140} ${win.l - 24},${win.b - 40} ${win.l},${win.b + 90}" fill="none" stroke="${shade(curtain, 0.12)}" stroke-width="4"/>`,
    `<line x1="${win.l - 80}" y1="${win.t - 42}" x2="${win.r + 70}" y2="${win.t - 42}" stroke="${beam}" stroke-width="6"/>`,
  );
  // Sunlight falling on the floor.
  d.add(
    `<polygon points="${points([
      [win.l + 150, 760],
      [win.r + 260, 760],
      [win.r + 150, 930],
      [win.l - 20, 930],
    ])}" fill="#fff1c4" fill-opacity="0.28"/>`,
  );
  // Picture over the bed.
  const pic = { x: 860, y: 320, w: 190, h: 130 };
  nestedLandscape(d, rng, rng() > 0.5 ? 'olives' : 'lavender', rng() > 0.5 ? 'golden' : 'day', pic);
  d.add(`<rect x="${pic.x - 8}" y="${pic.y - 8}" width="${pic.w + 16}" height="${pic.h + 16}" fill="none" stroke="${beam}" stroke-width="12"/>`);
  // Bedside table and a lit lamp.
  d.add(
    `<rect x="1170" y="600" width="86" height="112" fill="${beam}"/>`,
    `<rect x="1170" y="600" width="86" height="12" fill="${light(beam, 0.2)}"/>`,
    `<rect x="1182" y="640" width="62" height="4" fill="${shade(beam, 0.3)}"/>`,
  );
  const glow = d.radial(
    [
      [0, '#ffe6a8', 0.75],
      [1, '#ffe6a8', 0],
    ],
    1213,
    520,
    160,
  );
  d.add(
    `<circle cx="1213" cy="520" r="160" fill="${glow}"/>`,
    `<rect x="1208" y="540" width="10" height="60" fill="#8a7a66"/>`,
    `<ellipse cx="1213" cy="598" rx="26" ry="6" fill="#8a7a66"/>`,
    `<polygon points="1180,540 1246,540 1232,488 1194,488" fill="#fbf1d9"/>`,
  );
  // Bed: headboard on the wall, then the mattress in perspective.
  const headboard = rng() > 0.5 ? accent : beam;
  d.add(
    `<path d="M740,700 V560 Q740,520 780,520 H1116 Q1156,520 1156,560 V700Z" fill="${shade(headboard, 0.05)}"/>`,
    `<path d="M756,700 V566 Q756,536 786,536 H1110 Q1140,536 1140,566 V700Z" fill="${light(headboard, 0.08)}"/>`,
  );
  const topBack = 571;
  const topFront = 660;
  d.add(
    `<polygon points="${points([
      [752, topBack],
      [1144, topBack],
      [1372, topFront],
      [722, topFront],
    ])}" fill="#fbf8f2"/>`,
    `<polygon points="${points([
      [722, topFront],
      [1372, topFront],
      [1372, 820],
      [722, 820],
    ])}" fill="${d.linear([
      [0, '#f2ede4'],
      [1, '#ddd5c8'],
    ])}"/>`,
    `<rect x="730" y="820" width="634" height="34" fill="${shade(beam, 0.1)}"/>`,
  );
  // Folded throw at the foot, pillows and a cushion at the head.
  d.add(
    `<polygon points="${points([
      [734, 630],
      [1330, 630],
      [1372, topFront],
      [722, topFront],
    ])}" fill="${accent}"/>`,
    `<rect x="722" y="${topFront}" width="650" height="86" fill="${shade(accent, 0.12)}"/>`,
    `<line x1="722" y1="${topFront + 30}" x2="1372" y2="${topFront + 30}" stroke="${light(accent, 0.35)}" stroke-width="5"/>`,
  );
  for (const px of [774, 956]) {
    d.add(
      `<rect x="${px}" y="538" width="168" height="58" rx="24" fill="#ffffff"/>`,
      `<rect x="${px + 6}" y="578" width="156" height="14" rx="7" fill="#e9e3d8"/>`,
    );
  }
  d.add(
    `<rect x="890" y="566" width="110" height="52" rx="16" fill="${light(accent, 0.2)}"/>`,
    `<rect x="902" y="578" width="86" height="28" rx="10" fill="none" stroke="${shade(accent, 0.1)}" stroke-width="3"/>`,
  );
  // A rug and an olive tree in a terracotta pot in the near corner.
  const rug = light(accent, 0.3);
  d.add(
    `<polygon points="${points([
      [620, 870],
      [1460, 870],
      [1560, 990],
      [520, 990],
    ])}" fill="${rug}" fill-opacity="0.9"/>`,
    `<polygon points="${points([
      [650, 884],
      [1430, 884],
      [1520, 976],
      [560, 976],
    ])}" fill="none" stroke="${shade(rug, 0.2)}" stroke-width="6"/>`,
  );
  if ((corner ?? (rng() > 0.45 ? 'olive' : 'chest')) === 'olive') {
    d.add(`<polygon points="150,820 290,820 270,990 170,990" fill="#b96a42"/>`, `<rect x="140" y="806" width="160" height="26" rx="6" fill="#c97c52"/>`);
    drawOlive(d, rng, 220, 806, 300);
  } else {
    // A painted Provençal chest of drawers with a jug of lavender.
    const chest = light(accent, 0.5);
    d.add(
      `<rect x="40" y="730" width="290" height="210" rx="8" fill="${chest}"/>`,
      `<rect x="28" y="716" width="314" height="20" rx="6" fill="${beam}"/>`,
      `<rect x="52" y="940" width="16" height="30" fill="${beam}"/><rect x="302" y="940" width="16" height="30" fill="${beam}"/>`,
    );
    for (let i = 0; i < 3; i++) {
      const y = 748 + i * 64;
      d.add(
        `<rect x="60" y="${y}" width="250" height="52" rx="6" fill="none" stroke="${shade(chest, 0.18)}" stroke-width="4"/>`,
        `<circle cx="185" cy="${y + 26}" r="7" fill="${beam}"/>`,
      );
    }
    d.add(
      `<path d="M150,716 C120,690 128,640 160,630 L200,630 C232,640 240,690 210,716Z" fill="#f2ead8"/>`,
      `<path d="M142,668 H218" stroke="${accent}" stroke-width="6"/>`,
    );
    for (let i = 0; i < 22; i++) {
      const a = -Math.PI / 2 + between(rng, -0.55, 0.55);
      const len = between(rng, 110, 170);
      const x2 = 180 + Math.cos(a) * len;
      const y2 = 632 + Math.sin(a) * len;
      d.add(
        `<line x1="180" y1="636" x2="${f(x2)}" y2="${f(y2)}" stroke="#7b8a5a" stroke-width="2.5"/>`,
        `<ellipse cx="${f(x2)}" cy="${f(y2)}" rx="5" ry="16" transform="rotate(${f((a * 180) / Math.PI + 90)} ${f(x2)} ${f(y2)})" fill="${pick(rng, ['#7d5fb8', '#8d6fc6', '#6c4fa5'])}"/>`,
      );
    }
  }
  drawWash(d, { ...skyFor(rng, time), sunX: 520, sunY: 400, wash: '#ffe1a8', washOpacity: 0.2 });
}

function windowScene(d: Drawing, rng: Rng, time: TimeOfDay, accent: string) {
  // The view from a bedroom window: thick stone reveal, open shutters, flowers on the sill.
  const opening = { l: 360, r: 1240, t: 90, b: 800 };
  nestedLandscape(d, rng, rng() > 0.35 ? 'lavender' : 'olives', time, {
    x: opening.l - 200,
    y: opening.t,
    w: opening.r - opening.l + 400,
    h: opening.b - opening.t,
  });
  const wall = mix('#ecdcc0', accent, 0.08);
  d.add(`<path fill-rule="evenodd" fill="${wall}" d="M0,0 H${W} V${H} H0Z M${opening.l},${opening.t} H${opening.r} V${opening.b} H${opening.l}Z"/>`);
  // Plaster texture, kept off the opening.
  const plaster = d.clip(`<path clip-rule="evenodd" d="M0,0 H${W} V${H} H0Z M${opening.l},${opening.t} H${opening.r} V${opening.b} H${opening.l}Z"/>`);
  const texture: string[] = [];
  for (let i = 0; i < 90; i++) {
    texture.push(
      `<ellipse cx="${f(rng() * W)}" cy="${f(rng() * H)}" rx="${f(between(rng, 10, 50))}" ry="${f(between(rng, 6, 20))}" fill="${rng() > 0.5 ? shade(wall, 0.08) : light(wall, 0.3)}" fill-opacity="0.35"/>`,
    );
  }
  d.add(`<g clip-path="${plaster}">${texture.join('')}</g>`);
  // Reveal (the wall's thickness) in perspective.
  const depth = 60;
  d.add(
    `<polygon points="${points([
      [opening.l, opening.t],
      [opening.l + depth, opening.t + depth * 0.6],
      [opening.l + depth, opening.b - depth * 0.3],
      [opening.l, opening.b],
    ])}" fill="${shade(wall, 0.12)}"/>`,
    `<polygon points="${points([
      [opening.r, opening.t],
      [opening.r - depth, opening.t + depth * 0.6],
      [opening.r - depth, opening.b - depth * 0.3],
      [opening.r, opening.b],
    ])}" fill="${shade(wall, 0.2)}"/>`,
    `<polygon points="${points([
      [opening.l, opening.t],
      [opening.r, opening.t],
      [opening.r - depth, opening.t + depth * 0.6],
      [opening.l + depth, opening.t + depth * 0.6],
    ])}" fill="${shade(wall, 0.25)}"/>`,
  );
  // Open casements, hinged inside.
  for (const side of [-1, 1]) {
    const hinge = side < 0 ? opening.l + 8 : opening.r - 8;
    const out = side < 0 ? hinge - 150 : hinge + 150;
    d.add(
      `<polygon points="${points([
        [hinge, opening.t + 30],
        [out, opening.t - 20],
        [out, opening.b + 40],
        [hinge, opening.b - 20],
      ])}" fill="none" stroke="#f6f1e6" stroke-width="16"/>`,
      `<polygon points="${points([
        [hinge, opening.t + 30],
        [out, opening.t - 20],
        [out, opening.b + 40],
        [hinge, opening.b - 20],
      ])}" fill="#dfeef2" fill-opacity="0.25"/>`,
      `<line x1="${f((hinge + out) / 2)}" y1="${f(opening.t + 5)}" x2="${f((hinge + out) / 2)}" y2="${f(opening.b + 10)}" stroke="#f6f1e6" stroke-width="8"/>`,
    );
  }
  // Stone sill with pots.
  d.add(
    `<polygon points="${points([
      [opening.l - 40, opening.b],
      [opening.r + 40, opening.b],
      [opening.r + 80, opening.b + 60],
      [opening.l - 80, opening.b + 60],
    ])}" fill="#e7d6b6"/>`,
    `<rect x="${opening.l - 80}" y="${opening.b + 60}" width="${opening.r - opening.l + 160}" height="26" fill="#cdb792"/>`,
  );
  const pots = 2 + Math.floor(rng() * 2);
  for (let i = 0; i < pots; i++) {
    const x = opening.l + 130 + i * ((opening.r - opening.l - 260) / Math.max(1, pots - 1));
    if (rng() > 0.45) drawLavenderPot(d, rng, x, opening.b + 40, 1.25);
    else drawGeraniumPot(d, rng, x, opening.b + 40, 1.25);
  }
  // A linen curtain in the room colour, drawn back to one side.
  const curtain = light(accent, 0.45);
  const left = rng() > 0.5;
  const cx = left ? 0 : W;
  const dir = left ? 1 : -1;
  d.add(
    `<path d="M${cx},0 L${cx + dir * 330},0 C${cx + dir * 300},260 ${cx + dir * 200},520 ${cx + dir * 250},${H} L${cx},${H}Z" fill="${curtain}" fill-opacity="0.95"/>`,
    `<path d="M${cx + dir * 120},0 C${cx + dir * 110},300 ${cx + dir * 80},600 ${cx + dir * 110},${H}" fill="none" stroke="${shade(curtain, 0.12)}" stroke-width="5"/>`,
    `<path d="M${cx + dir * 230},0 C${cx + dir * 210},300 ${cx + dir * 160},600 ${cx + dir * 190},${H}" fill="none" stroke="${shade(curtain, 0.1)}" stroke-width="4"/>`,
  );
  const sky = skyFor(rng, time);
  drawWash(d, { ...sky, sunX: 800, sunY: 300, washOpacity: sky.washOpacity * 0.6 });
}

function drawGeraniumPot(d: Drawing, rng: Rng, x: number, y: number, s: number) {
  const pot = '#c0714a';
  d.add(
    `<polygon points="${points([
      [x - 32 * s, y - 50 * s],
      [x + 32 * s, y - 50 * s],
      [x + 24 * s, y],
      [x - 24 * s, y],
    ])}" fill="${pot}"/>`,
    `<rect x="${f(x - 36 * s)}" y="${f(y - 58 * s)}" width="${f(72 * s)}" height="${f(12 * s)}" rx="${f(3 * s)}" fill="${light(pot, 0.15)}"/>`,
  );
  for (let i = 0; i < 9; i++) {
    d.add(
      `<circle cx="${f(x + between(rng, -40, 40) * s)}" cy="${f(y - 66 * s - rng() * 30 * s)}" r="${f(between(rng, 12, 18) * s)}" fill="${pick(rng, ['#5a7a3a', '#4d6c31', '#66863f'])}"/>`,
    );
  }
  for (let i = 0; i < 5; i++) {
    const fx = x + between(rng, -34, 34) * s;
    const fy = y - 90 * s - rng() * 30 * s;
    for (let p = 0; p < 5; p++) {
      d.add(
        `<circle cx="${f(fx + between(rng, -8, 8) * s)}" cy="${f(fy + between(rng, -8, 8) * s)}" r="${f(6 * s)}" fill="${pick(rng, ['#d8323f', '#e4475a', '#c42838'])}"/>`,
      );
    }
  }
}

/* ───────────── entry points ───────────── */

export function sceneSvg(scene: Scene): string {
  const rng = createRng(`${scene.kind}:${scene.seed}`);
  const d = new Drawing(`s${hashSeed(scene.seed).toString(36)}`);
  const time = scene.time ?? 'day';
  const accent = scene.accent ?? pick(rng, SHUTTERS);
  const mark = d.mark();
  switch (scene.kind) {
    case 'lavender':
      lavenderScene(d, rng, time, accent);
      break;
    case 'mas':
      masScene(d, rng, time, accent);
      break;
    case 'pool':
      poolScene(d, rng, time, accent);
      break;
    case 'olives':
      olivesScene(d, rng, time);
      break;
    case 'village':
      villageScene(d, rng, time);
      break;
    case 'bedroom':
      bedroomScene(d, rng, time, accent, scene.corner);
      break;
    case 'window':
      windowScene(d, rng, time, accent);
      break;
  }
  if (scene.mirror) {
    const drawn = d.takeFrom(mark);
    d.add(`<g transform="translate(${W},0) scale(-1,1)">${drawn}</g>`);
  }
  return d.toString();
}
