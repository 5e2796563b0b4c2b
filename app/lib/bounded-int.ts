// Numbers from a URL (`?page=`, `?w=`) are parsed here and nowhere else: only plain
// decimal integers, bounded, so `1e308`, `Infinity`, `-1` or `0x10` never reach a query.

const PLAIN_INTEGER = /^-?\d{1,15}$/;

/** The integer `raw` spells, if it is a plain decimal integer within [min, max]; else null. */
export function parseBoundedInt(raw: string | null | undefined, bounds: { min: number; max: number }): number | null {
  if (raw == null || !PLAIN_INTEGER.test(raw)) return null;
  const value = Number(raw);
  return value >= bounds.min && value <= bounds.max ? value : null;
}

/**
 * For parameters with a sensible default (a page number): a readable integer is clamped
 * into [min, max] (the nearest valid value); anything unreadable gives the fallback.
 */
export function clampedIntParam(raw: string | null | undefined, bounds: { min: number; max: number; fallback: number }): number {
  if (raw == null) return bounds.fallback;
  const text = raw.trim();
  if (/^[-+]?\d+$/.test(text)) {
    const value = Number(text); // may be huge: clamped below
    return Math.min(bounds.max, Math.max(bounds.min, value));
  }
  return bounds.fallback;
}
