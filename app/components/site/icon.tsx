import type { IconName } from '~/lib/icons/icon-names';

/**
 * A lucide icon of the public site drawn from the symbols its document carries inline
 * (app/page-delivery/icon-sprite-rewrite.server.ts): a few bytes of HTML per icon, no icon code in the page's
 * JavaScript and no request beside the page's own. Its size is the caller's class; its
 * stroke is lucide's, from the `.icon` rule of site.css rather than seven attributes on
 * each of the ~40 icons of a page. Decorative (aria-hidden): the text beside it, or an
 * sr-only label, carries the meaning.
 */
export function Icon({ name, className, strokeWidth }: { name: IconName; className?: string; strokeWidth?: number }) {
  return (
    <svg aria-hidden className={className ? `icon ${className}` : 'icon'} style={strokeWidth ? { strokeWidth } : undefined} ref={symbolCheck(name)}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}

let loadingSymbols: Promise<void> | null = null;
const checks = new Map<IconName, (svg: SVGSVGElement | null) => void>();

/**
 * A document holds the symbols of the icons its server drew; one drawn in the browser
 * afterwards (the phone menu's close button, another page reached in the app) may find
 * none: then every symbol is fetched, once, and the sprite filled (its <use> elements
 * draw as soon as their symbol exists). One ref per icon name, so that an icon whose
 * name changes in place (menu → x) is checked again.
 */
function symbolCheck(name: IconName) {
  let check = checks.get(name);
  if (!check) {
    check = (svg) => {
      if (svg && !loadingSymbols && !document.getElementById(`icon-${name}`)) loadingSymbols = loadSymbols();
    };
    checks.set(name, check);
  }
  return check;
}

function loadSymbols(): Promise<void> {
  return import('~/lib/icons/icon-symbols')
    .then(({ ICON_SYMBOLS, SPRITE_ID, spriteMarkup }) => {
      const symbols = [...ICON_SYMBOLS.values()].join('');
      const sprite = document.getElementById(SPRITE_ID);
      // A page whose server drew no icon (reached from the back office) has no sprite yet.
      if (sprite) sprite.innerHTML = symbols;
      else document.body.insertAdjacentHTML('afterbegin', spriteMarkup(symbols));
    })
    .catch(() => {
      loadingSymbols = null; // offline for a moment: the next icon drawn tries again
    });
}
