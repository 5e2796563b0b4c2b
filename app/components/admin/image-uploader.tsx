// The back office's image uploader (room, section and site-config editors): file
// picker and drag-and-drop, per-file progress, thumbnails with delete and (rooms,
// sections) set-primary, and Monter / Descendre to reorder. It talks to POST /api/media with fetch/XHR and renders no
// <form> of its own, so editors may place it anywhere, even inside their forms.
// After each change it revalidates: the editor's loader returns the new list and
// the root loader shows the toast the endpoint queued.
import { ArrowDownIcon, ArrowUpIcon, ImageIcon, ImageOffIcon, StarIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { useCallback, useId, useRef, useState, type DragEvent } from 'react';
import { useRevalidator } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { Button, buttonVariants } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { imageUrl, VARIANTS } from '~/lib/every-page/image-url';
import { useTranslation } from '~/lib/i18n-react';
import { useHydrated } from '~/lib/use-hydrated';
import {
  MAX_FILES_PER_UPLOAD,
  MAX_IMAGE_BYTES,
  MAX_UPLOAD_REQUEST_BYTES,
  MEDIA_ENDPOINT,
  type ImageTarget,
  type MediaActionResult,
} from '~/lib/schemas/media-action';
import { cn } from '~/lib/utils';

export type { ImageTarget } from '~/lib/schemas/media-action';

export interface ImageUploaderProps {
  target: ImageTarget;
  images: string[];
  /** Rooms and sections only; omit for hero images. */
  primaryImage?: string | null;
}

interface UploadItem {
  id: string;
  name: string;
  size: number;
  /** 0 to 1. */
  progress: number;
  status: 'uploading' | 'done' | 'error';
}

function targetFields(target: ImageTarget, form: FormData) {
  form.set('kind', target.kind);
  if (target.kind !== 'hero') form.set('id', target.id);
}

async function readResult(response: Response): Promise<MediaActionResult | null> {
  try {
    return (await response.json()) as MediaActionResult;
  } catch {
    return null;
  }
}

export function ImageUploader({ target, images, primaryImage }: ImageUploaderProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [pendingUrl, setPendingUrl] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [broken, setBroken] = useState<Set<string>>(() => new Set());
  const withPrimary = target.kind !== 'hero';
  const uploading = uploads.some((u) => u.status === 'uploading');

  const upload = useCallback(
    (selected: File[]) => {
      if (selected.length === 0) return;
      setError(null);
      // Comfort checks only: the server checks every file again, by content.
      const tooLarge = selected.filter((f) => f.size > MAX_IMAGE_BYTES);
      if (tooLarge.length > 0) {
        setError(t('imageUploader.tooLarge', { name: tooLarge[0]!.name }));
        return;
      }
      if (selected.length > MAX_FILES_PER_UPLOAD) {
        setError(t('imageUploader.tooMany', { max: MAX_FILES_PER_UPLOAD }));
        return;
      }
      if (selected.reduce((sum, f) => sum + f.size, 0) > MAX_UPLOAD_REQUEST_BYTES) {
        setError(t('imageUploader.tooMuch', { max: Math.floor(MAX_UPLOAD_REQUEST_BYTES / 1024 / 1024) }));
        return;
      }
      const batch = selected.map((file, i) => ({
        id: `${Date.now()}-${i}`,
        name: file.name,
        size: file.size,
        progress: 0,
        status: 'uploading' as const,
      }));
      setUploads(batch);

      const form = new FormData();
      form.set('intent', 'upload');
      targetFields(target, form);
      for (const file of selected) form.append('files', file);

      const xhr = new XMLHttpRequest();
      xhr.open('POST', MEDIA_ENDPOINT);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.responseType = 'json';
      // One request keeps the batch all-or-nothing; the files travel in order, so
      // each file's share of the bytes sent gives its own progress.
      const totalBytes = batch.reduce((sum, f) => sum + f.size, 0) || 1;
      xhr.upload.onprogress = (event) => {
        if (!event.lengthComputable) return;
        const sent = (event.loaded / event.total) * totalBytes;
        let start = 0;
        setUploads(
          batch.map((item) => {
            const progress = Math.min(1, Math.max(0, (sent - start) / (item.size || 1)));
            start += item.size;
            return { ...item, progress };
          }),
        );
      };
      const finish = (result: MediaActionResult | null) => {
        if (result?.ok) {
          setUploads([]);
        } else {
          setUploads(batch.map((item) => ({ ...item, status: 'error' })));
          setError(result?.error ?? t('imageUploader.uploadFailed'));
        }
        revalidator.revalidate();
        if (inputRef.current) inputRef.current.value = '';
      };
      xhr.onload = () => finish(xhr.response as MediaActionResult | null);
      xhr.onerror = () => finish(null);
      xhr.send(form);
    },
    [revalidator, t, target],
  );

  async function change(intent: 'delete' | 'set-primary' | 'move', url: string, direction?: 'up' | 'down') {
    setError(null);
    setPendingUrl(url);
    const form = new FormData();
    form.set('intent', intent);
    targetFields(target, form);
    form.set('url', url);
    if (direction) form.set('direction', direction);
    try {
      const response = await fetch(MEDIA_ENDPOINT, { method: 'POST', body: form, headers: { Accept: 'application/json' } });
      const result = await readResult(response);
      if (!result?.ok) setError(result?.error ?? result?.message ?? t('imageUploader.changeFailed'));
    } catch {
      setError(t('imageUploader.changeFailed'));
    } finally {
      await revalidator.revalidate();
      setPendingUrl(null);
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!hydrated || uploading) return;
    upload(Array.from(event.dataTransfer.files));
  }

  return (
    <div className="space-y-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors',
          dragging ? 'border-primary bg-primary/5' : 'border-muted-foreground/25',
        )}
      >
        <UploadIcon aria-hidden="true" className="size-8 text-muted-foreground" />
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className="peer sr-only"
          aria-describedby={hintId}
          disabled={!hydrated || uploading}
          onChange={(event) => upload(Array.from(event.currentTarget.files ?? []))}
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonVariants({ variant: 'outline' }),
            'cursor-pointer peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
            (!hydrated || uploading) && 'pointer-events-none opacity-50',
          )}
        >
          {uploading ? <Spinner /> : <ImageIcon aria-hidden="true" />}
          {uploading ? t('imageUploader.uploading') : t('imageUploader.select')}
        </label>
        <p id={hintId} className="text-sm text-muted-foreground">
          {t('imageUploader.hint')}
        </p>
      </div>

      {uploads.length > 0 && (
        <ul className="space-y-2" aria-label={t('imageUploader.uploading')}>
          {uploads.map((item) => (
            <li key={item.id} className="space-y-1 text-sm">
              <div className="flex justify-between gap-2">
                <span className="truncate">{item.name}</span>
                <span className="text-muted-foreground">{item.status === 'error' ? t('common.error') : `${Math.round(item.progress * 100)} %`}</span>
              </div>
              <progress className="h-2 w-full accent-primary" max={100} value={Math.round(item.progress * 100)} aria-label={item.name} />
            </li>
          ))}
        </ul>
      )}

      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}

      {revalidator.state === 'loading' && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('imageUploader.loading')}
        </p>
      )}

      {images.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('imageUploader.empty')}</p>
      ) : (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(200px,1fr))] gap-4">
          {images.map((url, index) => {
            const number = index + 1;
            const isPrimary = withPrimary && url === primaryImage;
            const busy = pendingUrl === url;
            return (
              <li key={url} className="overflow-hidden rounded-lg border bg-card">
                <div className="relative">
                  {broken.has(url) ? (
                    <div className="flex h-32 w-full flex-col items-center justify-center gap-1 bg-muted text-sm text-muted-foreground">
                      <ImageOffIcon aria-hidden="true" />
                      {t('imageUploader.noImage')}
                    </div>
                  ) : (
                    <img
                      src={imageUrl(url, VARIANTS.adminThumb)}
                      alt={t('imageUploader.imageAlt', { number })}
                      width={VARIANTS.adminThumb.w}
                      height={VARIANTS.adminThumb.h}
                      loading="lazy"
                      decoding="async"
                      className="h-32 w-full object-cover"
                      onError={() => setBroken((set) => new Set(set).add(url))}
                    />
                  )}
                  {isPrimary && (
                    <Badge className="absolute top-2 left-2">
                      <StarIcon aria-hidden="true" />
                      {t('imageUploader.primary')}
                    </Badge>
                  )}
                </div>
                <div className="flex items-center justify-end gap-2 p-2">
                  {/* Order of the slider / gallery: the same Monter / Descendre pair as the ordered lists. */}
                  <div className="mr-auto flex gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      disabled={!hydrated || pendingUrl !== null || index === 0}
                      aria-label={t('imageUploader.moveUpLabel', { number })}
                      title={t('imageUploader.moveUpLabel', { number })}
                      onClick={() => change('move', url, 'up')}
                    >
                      <ArrowUpIcon aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      disabled={!hydrated || pendingUrl !== null || index === images.length - 1}
                      aria-label={t('imageUploader.moveDownLabel', { number })}
                      title={t('imageUploader.moveDownLabel', { number })}
                      onClick={() => change('move', url, 'down')}
                    >
                      <ArrowDownIcon aria-hidden="true" />
                    </Button>
                  </div>
                  {withPrimary && !isPrimary && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={!hydrated || pendingUrl !== null}
                      aria-label={t('imageUploader.setPrimaryLabel', { number })}
                      onClick={() => change('set-primary', url)}
                    >
                      <StarIcon aria-hidden="true" />
                      {t('imageUploader.setPrimary')}
                    </Button>
                  )}
                  <Button
                    type="button"
                    variant="destructive"
                    size="sm"
                    disabled={!hydrated || pendingUrl !== null}
                    aria-label={t('imageUploader.deleteLabel', { number })}
                    onClick={() => change('delete', url)}
                  >
                    {busy ? <Spinner /> : <Trash2Icon aria-hidden="true" />}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
