import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n-react';
import { imageSrcSet, imageUrl } from '~/lib/every-page/image-url';
import { Icon } from './icon';

export const SWIPE_THRESHOLD_PX = 50;

/** Index after moving `step` from `index` among `total`, wrapping around both ends. */
export const wrapIndex = (index: number, step: number, total: number) => (((index + step) % total) + total) % total;

/**
 * Full-screen viewer on a native modal <dialog>: the rest of the page is inert,
 * focus stays inside, Escape closes it. Arrows and swipes move with wrap-around.
 */
export default function GalleryViewer(props: { images: string[]; name: string; start: number; onClose: (index: number) => void }) {
  const { images, name, onClose } = props;
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(props.start);
  const indexRef = useRef(index);
  indexRef.current = index;
  const touchStart = useRef<number | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const total = images.length;
  const go = (step: number) => setIndex((i) => wrapIndex(i, step, total));

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!element.open) element.showModal();
    const closed = () => onCloseRef.current(indexRef.current);
    element.addEventListener('close', closed);
    return () => {
      element.removeEventListener('close', closed);
      opener?.focus();
    };
  }, []);

  const src = images[index]!;
  return (
    <dialog
      ref={dialog}
      aria-label={t('room.viewer')}
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none bg-black p-0 text-white backdrop:bg-black"
      onKeyDown={(event) => {
        if (event.key === 'Tab') {
          // A modal dialog still lets Tab leave for the browser's own UI: keep it inside.
          const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>('button') ?? [])];
          const first = focusable[0];
          const last = focusable[focusable.length - 1];
          if (event.shiftKey && document.activeElement === first) {
            event.preventDefault();
            last?.focus();
          } else if (!event.shiftKey && document.activeElement === last) {
            event.preventDefault();
            first?.focus();
          }
        } else if (event.key === 'ArrowRight') {
          event.preventDefault();
          go(1);
        } else if (event.key === 'ArrowLeft') {
          event.preventDefault();
          go(-1);
        }
      }}
      onTouchStart={(event) => {
        touchStart.current = event.changedTouches[0]?.clientX ?? null;
      }}
      onTouchEnd={(event) => {
        const start = touchStart.current;
        const end = event.changedTouches[0]?.clientX;
        touchStart.current = null;
        if (start === null || end === undefined) return;
        const delta = end - start;
        if (Math.abs(delta) > SWIPE_THRESHOLD_PX) go(delta < 0 ? 1 : -1);
      }}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between p-3">
          <p aria-live="polite" className="text-sm" data-testid="viewer-counter">
            {t('room.counter', { current: index + 1, total })}
          </p>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="inline-flex items-center gap-2 rounded-md bg-white/10 px-3 py-2 text-sm font-medium hover:bg-white/20"
          >
            <Icon name="x" className="size-5" />
            <span className="md:sr-only">{t('common.close')}</span>
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-2">
          <img
            key={src}
            src={imageUrl(src, { w: 1600, q: 80 })}
            srcSet={imageSrcSet(src, { q: 80 })}
            sizes="100vw"
            alt={t('room.imageAlt', { name, n: index + 1 })}
            className="max-h-full max-w-full select-none object-contain"
            draggable={false}
          />
          {total > 1 ? (
            <>
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label={t('room.previous')}
                className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/15 p-2 hover:bg-white/30"
              >
                <Icon name="chevron-left" className="size-7" />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                aria-label={t('room.next')}
                className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-white/15 p-2 hover:bg-white/30"
              >
                <Icon name="chevron-right" className="size-7" />
              </button>
            </>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
