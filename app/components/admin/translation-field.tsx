// The editors' side of the Traductions screen (issue 16): a link
// `?editing=xx&tab=…&field=…` opens the right tab and focuses the field (the editing
// language itself is read by the server), and a translation whose French text changed
// after it was saved is flagged "à revoir" next to its field.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Opens `?tab=` (when the editor has tabs) and focuses the block marked `data-text-field="<field>"`. */
export function useLinkedField(openTab?: (tab: string) => void) {
  // useLocation, not useSearchParams: the latter would grow the framework chunk every public page loads.
  const { key, search } = useLocation();
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  const field = params.get('field');

  useEffect(() => {
    if (tab && openTab) openTab(tab);
  }, [tab, openTab, key]);

  useEffect(() => {
    if (!field) return;
    let frame = 0;
    let tries = 0;
    // Rich-text areas mount after hydration: look again for a moment.
    const focus = () => {
      const block = document.querySelector<HTMLElement>(`[data-text-field="${CSS.escape(field)}"]`);
      const control = block?.querySelector<HTMLElement>('[contenteditable="true"], input:not([type="hidden"]), textarea');
      if (block && control) {
        block.scrollIntoView({ block: 'center' });
        control.focus({ preventScroll: true });
      } else if (++tries < 60) {
        frame = requestAnimationFrame(focus);
      }
    };
    frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [field, tab, key]);
}

/** "à revoir" under a field whose translation was made from an older French text. */
export function ReviewNote({ field, review }: { field: string; review: readonly string[] }) {
  if (!review.includes(field)) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-amber-900 dark:text-amber-200">
      <span className="rounded-md border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">à revoir</span>
      Le texte français a changé depuis cette traduction : relisez-la puis enregistrez.
    </p>
  );
}

/** A translatable field's block: the target of a Traductions link, flagged "à revoir" when its translation is stale. */
export function TranslatableField({
  field,
  review,
  className,
  children,
}: {
  /** The name links use (`?field=`), from the catalogue (app/.server/content/content-keys.ts). */
  field: string;
  review: readonly string[];
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className ?? 'space-y-2'} data-text-field={field}>
      {children}
      <ReviewNote field={field} review={review} />
    </div>
  );
}
