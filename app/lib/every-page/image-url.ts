// URLs of image variants served by the media endpoint (/media/…?w=&h=&q=&fit=).
// Foreign URLs (http…) are returned unchanged. The endpoint serves only the sizes
// this module can produce (`isAllowedVariant`, shared with the server), so that
// nobody can make the server resize an image to arbitrary sizes.
export interface Variant {
  w: number;
  h?: number;
  q?: number;
  fit?: 'cover' | 'inside';
}

/** SPEC §9 sizes. */
export const VARIANTS = {
  galleryMain: { w: 800, h: 400, q: 80 },
  galleryThumb: { w: 150, h: 80, q: 70 },
  adminThumb: { w: 200, h: 128, q: 75 },
} satisfies Record<string, Variant>;

/**
 * Widths offered in srcset for responsive images. None under 640: a phone's screen is
 * 360–430 px wide at 1.5× to 3× density, so it needs 640 at least (only a 1× screen
 * under 480 px would have taken a smaller one), and every width listed weighs on every
 * responsive image of the page's HTML.
 */
export const SRCSET_WIDTHS = [640, 800, 1200, 1600] as const;

/**
 * Aspect ratios (height / width) a srcset may crop to: 2:1 (gallery main, hero),
 * 16:10 (room cards), 4:3. Without a ratio the image keeps its own proportions.
 */
export const SRCSET_RATIOS = [0.5, 0.625, 0.75] as const;

/** Qualities a srcset may ask for (the SPEC's 70, 75 and 80). */
export const SRCSET_QUALITIES = [70, 75, 80] as const;

export const DEFAULT_QUALITY = 75;

/** Ready-made srcset options for the public components. */
export const SRCSET_PRESETS = {
  // The hero is the page's largest paint: at 70 its phone-sized AVIF fits one round trip.
  hero: { q: 70 },
  // Room cards show the gallery's 2:1 crop at the gallery's quality (SPEC §9: 800x400 q80).
  card: { ratio: 0.5, q: 80 },
  galleryMain: { ratio: 0.5, q: 80 },
} satisfies Record<string, { ratio?: number; q?: number }>;

export function isMediaUrl(src: string) {
  return src.startsWith('/media/');
}

// Built by hand (numbers and a fit keyword need no escaping): a page makes ~100 of these per render.
export function imageUrl(src: string, variant: Variant): string {
  if (!isMediaUrl(src)) return src;
  const query = [`w=${variant.w}`];
  if (variant.h) query.push(`h=${variant.h}`);
  if (variant.q) query.push(`q=${variant.q}`);
  if (variant.fit) query.push(`fit=${variant.fit}`);
  return `${src.split('?')[0]}?${query.join('&')}`;
}

const nearest = <T extends number>(values: readonly T[], target: number): T =>
  values.reduce((best, v) => (Math.abs(v - target) < Math.abs(best - target) ? v : best));

/**
 * srcset over SRCSET_WIDTHS. `ratio` (height / width) and `q` snap to the nearest
 * allowed value (SRCSET_RATIOS, SRCSET_QUALITIES) so every URL is one the server serves.
 */
export function imageSrcSet(src: string, options: { ratio?: number; q?: number } = {}): string | undefined {
  if (!isMediaUrl(src)) return undefined;
  const ratio = options.ratio ? nearest(SRCSET_RATIOS, options.ratio) : undefined;
  const q = nearest(SRCSET_QUALITIES, options.q ?? DEFAULT_QUALITY);
  return SRCSET_WIDTHS.map((w) => {
    const h = ratio ? Math.round(w * ratio) : undefined;
    return `${imageUrl(src, { w, h, q })} ${w}w`;
  }).join(', ');
}

function variantId(w: number, h: number | undefined, q: number) {
  return `${w}x${h ?? 0}q${q}`;
}

let allowed: Set<string> | undefined;

/** The sizes the media endpoint serves, made on first use: only the server asks, and the browser's bundle leaves it out. */
function allowedVariants(): Set<string> {
  allowed ??= new Set<string>([
    ...Object.values(VARIANTS).map((v) => variantId(v.w, v.h, v.q)),
    ...SRCSET_WIDTHS.flatMap((w) =>
      [undefined, ...SRCSET_RATIOS].flatMap((ratio) => SRCSET_QUALITIES.map((q) => variantId(w, ratio ? Math.round(w * ratio) : undefined, q))),
    ),
  ]);
  return allowed;
}

/** Whether the media endpoint serves this size (quality defaults to DEFAULT_QUALITY). */
export function isAllowedVariant(variant: Variant): boolean {
  return allowedVariants().has(variantId(variant.w, variant.h, variant.q ?? DEFAULT_QUALITY));
}
