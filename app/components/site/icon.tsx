import type { IconName } from './icon-names';
// A hashed file of its own (never inlined as a data: URL, which <use> cannot reference).
import spriteUrl from './site-icons.svg?url&no-inline';

/**
 * A lucide icon of the public site drawn from the shared sprite: a few bytes of HTML
 * per icon and no icon code in the page's JavaScript. Decorative (aria-hidden): the
 * text beside it, or an sr-only label, carries the meaning.
 */
export function Icon({ name, className, strokeWidth = 2 }: { name: IconName; className?: string; strokeWidth?: number }) {
  return (
    <svg
      aria-hidden
      className={className}
      width={24}
      height={24}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
