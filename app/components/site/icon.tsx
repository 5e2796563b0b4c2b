import type { IconName } from './icon-names';

/**
 * A lucide icon of the public site drawn from the sprite every page carries inline
 * (app/.server/icon-sprite.ts): a few bytes of HTML per icon, no icon code in the page's
 * JavaScript and no request beside the page's own. Decorative (aria-hidden): the text
 * beside it, or an sr-only label, carries the meaning.
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
      <use href={`#icon-${name}`} />
    </svg>
  );
}
