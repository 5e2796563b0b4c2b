import { useTranslation } from '~/lib/i18n-react';
import { clsx } from 'clsx';
import { Icon } from './icon';

// clsx, not cn: tailwind-merge stays out of the public JavaScript (no conflicting classes here).
/** Stands in for the photos of a room that has none yet (a designed frame, not a bare grey box). */
export function RoomImagePlaceholder({ name, className }: { name: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={clsx('flex flex-col items-center justify-center gap-2 placeholder-gradient p-4 text-center text-primary', className)}
      data-testid="room-image-placeholder"
    >
      <Icon name="bed-double" className="size-12 opacity-80" strokeWidth={1.25} />
      <p className="font-serif text-lg font-semibold text-foreground">{name}</p>
      <p className="text-sm text-muted-foreground">{t('room.photosSoon')}</p>
    </div>
  );
}
