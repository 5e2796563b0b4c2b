import { Icon } from './icon';
import type { IconName } from '~/lib/icons/icon-names';
import { useTranslation } from '~/lib/i18n-react';

const ICONS: Record<string, IconName> = {
  wifi: 'wifi',
  wifi_haut_debit: 'wifi',
  parking: 'circle-parking',
  parking_prive_gratuit: 'circle-parking',
  bathroom: 'bath',
  tv: 'tv',
  coffee: 'coffee',
  kitchen: 'cooking-pot',
  mountain_view: 'mountain',
  balcony: 'fence',
  garden: 'flower-2',
  jardin_provencal: 'trees',
  pool: 'waves',
  grande_piscine: 'waves',
  city_center: 'building-2',
  double_bed: 'bed-double',
  air_conditioning: 'air-vent',
  proche_route: 'map-pin',
  petit_dejeuner: 'croissant',
  terrace: 'sun',
  safe: 'lock',
  hairdryer: 'wind',
  towels: 'shirt',
  linens: 'bed-single',
  heating: 'heater',
  minibar: 'refrigerator',
  shower: 'shower-head',
  bathtub: 'bath',
};

/** Amenities with their icon and translated label; unknown keys get a plain dot. */
export function AmenityList({ amenities, className = '' }: { amenities: string[]; className?: string }) {
  const { t } = useTranslation();
  if (amenities.length === 0) return null;
  return (
    <ul className={`grid grid-cols-1 gap-2 sm:grid-cols-2 ${className}`}>
      {amenities.map((id) => {
        const icon = ICONS[id];
        return (
          <li key={id} className="flex items-center gap-2 text-sm" data-amenity={id}>
            {icon ? (
              <Icon name={icon} className="size-4 shrink-0 text-primary" />
            ) : (
              <span aria-hidden className="mx-1 size-2 shrink-0 rounded-full bg-primary" data-testid="amenity-dot" />
            )}
            {t(`amenities.${id}`, { defaultValue: id.replace(/_/g, ' ') })}
          </li>
        );
      })}
    </ul>
  );
}
