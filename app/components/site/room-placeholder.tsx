import { BedDouble } from 'lucide-react';
import { useTranslation } from '~/lib/i18n-react';
import { cn } from '~/lib/utils';

/** Stands in for the photos of a room that has none yet (a designed frame, not a bare grey box). */
export function RoomImagePlaceholder({ name, className }: { name: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-accent via-secondary to-muted p-4 text-center text-primary',
        className,
      )}
      data-testid="room-image-placeholder"
    >
      <BedDouble aria-hidden className="size-12 opacity-80" strokeWidth={1.25} />
      <p className="font-serif text-lg font-semibold text-foreground">{name}</p>
      <p className="text-sm text-muted-foreground">{t('room.photosSoon')}</p>
    </div>
  );
}
