import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '~/lib/i18n-react';
import { imageUrl, VARIANTS } from '~/lib/every-page/image-url';
import { RoomImagePlaceholder } from './room-placeholder';

// The full-screen viewer is only downloaded when a visitor opens it.
const GalleryViewer = lazy(() => import('./gallery-viewer'));

export function Gallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  const [viewerAt, setViewerAt] = useState<number | null>(null);
  const total = images.length;
  if (total === 0) {
    return <RoomImagePlaceholder name={name} className="aspect-[2/1] rounded-xl" />;
  }
  const alt = (i: number) => t('room.imageAlt', { name, n: i + 1 });
  return (
    <div aria-label={t('room.gallery')} role="group" className="space-y-3">
      <button
        type="button"
        className="block w-full overflow-hidden rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        onClick={() => setViewerAt(selected)}
        aria-label={t('room.open', { n: selected + 1, total })}
        aria-haspopup="dialog"
      >
        <img
          src={imageUrl(images[selected]!, VARIANTS.galleryMain)}
          alt={alt(selected)}
          width={800}
          height={400}
          fetchPriority="high"
          className="aspect-[2/1] w-full cursor-zoom-in object-cover"
          data-testid="gallery-main"
        />
      </button>
      {total > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {images.map((src, i) => (
            <li key={src} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(i)}
                onDoubleClick={() => setViewerAt(i)}
                aria-pressed={i === selected}
                aria-label={alt(i)}
                className={`block overflow-hidden rounded-md border-2 ${i === selected ? 'border-primary' : 'border-transparent'}`}
              >
                <img src={imageUrl(src, VARIANTS.galleryThumb)} alt="" width={150} height={80} loading="lazy" className="h-20 w-[150px] object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {viewerAt !== null ? (
        <Suspense fallback={null}>
          <GalleryViewer
            images={images}
            name={name}
            start={viewerAt}
            onClose={(last) => {
              setSelected(last);
              setViewerAt(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
