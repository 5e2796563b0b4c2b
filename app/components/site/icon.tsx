import type { IconName } from './icon-names';

/**
 * A lucide icon of the public site drawn from the sprite every page carries inline
 * (app/.server/icon-sprite.ts): a few bytes of HTML per icon, no icon code in the page's
 * JavaScript and no request beside the page's own. Its size is the caller's class; its
 * stroke is lucide's, from the `.icon` rule of site.css rather than seven attributes on
 * each of the ~40 icons of a page. Decorative (aria-hidden): the text beside it, or an
 * sr-only label, carries the meaning.
 */
export function Icon({ name, className, strokeWidth }: { name: IconName; className?: string; strokeWidth?: number }) {
  return (
    <svg aria-hidden className={className ? `icon ${className}` : 'icon'} style={strokeWidth ? { strokeWidth } : undefined}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
