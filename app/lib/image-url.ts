// URLs of image variants served by the media endpoint (/media/…?w=&h=&q=&fit=).
// Foreign URLs (http…) are returned unchanged. The endpoint serves only an
// allow-list of sizes (see app/.server/media), so callers use these presets.
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

/** Widths offered in srcset for responsive images. */
export const SRCSET_WIDTHS = [320, 480, 640, 800, 1200, 1600] as const;

export function isMediaUrl(src: string) {
  return src.startsWith('/media/');
}

export function imageUrl(src: string, variant: Variant): string {
  if (!isMediaUrl(src)) return src;
  const params = new URLSearchParams({ w: String(variant.w) });
  if (variant.h) params.set('h', String(variant.h));
  if (variant.q) params.set('q', String(variant.q));
  if (variant.fit) params.set('fit', variant.fit);
  return `${src.split('?')[0]}?${params}`;
}

/** srcset over SRCSET_WIDTHS keeping the aspect ratio `ratio` (height / width), when given. */
export function imageSrcSet(src: string, options: { ratio?: number; q?: number } = {}): string | undefined {
  if (!isMediaUrl(src)) return undefined;
  return SRCSET_WIDTHS.map((w) => {
    const h = options.ratio ? Math.round(w * options.ratio) : undefined;
    return `${imageUrl(src, { w, h, q: options.q ?? 75 })} ${w}w`;
  }).join(', ');
}
