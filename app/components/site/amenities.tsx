import {
  AirVent,
  Bath,
  BedDouble,
  BedSingle,
  Building2,
  CircleParking,
  Coffee,
  CookingPot,
  Croissant,
  Fence,
  Flower2,
  Heater,
  Lock,
  MapPin,
  Mountain,
  Refrigerator,
  Shirt,
  ShowerHead,
  Sun,
  Trees,
  Tv,
  Waves,
  Wifi,
  Wind,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '~/lib/i18n-react';

const ICONS: Record<string, LucideIcon> = {
  wifi: Wifi,
  wifi_haut_debit: Wifi,
  parking: CircleParking,
  parking_prive_gratuit: CircleParking,
  bathroom: Bath,
  tv: Tv,
  coffee: Coffee,
  kitchen: CookingPot,
  mountain_view: Mountain,
  balcony: Fence,
  garden: Flower2,
  jardin_provencal: Trees,
  pool: Waves,
  grande_piscine: Waves,
  city_center: Building2,
  double_bed: BedDouble,
  air_conditioning: AirVent,
  proche_route: MapPin,
  petit_dejeuner: Croissant,
  terrace: Sun,
  safe: Lock,
  hairdryer: Wind,
  towels: Shirt,
  linens: BedSingle,
  heating: Heater,
  minibar: Refrigerator,
  shower: ShowerHead,
  bathtub: Bath,
};

/** Amenities with their icon and translated label; unknown keys get a plain dot. */
export function AmenityList({ amenities, className = '' }: { amenities: string[]; className?: string }) {
  const { t } = useTranslation();
  if (amenities.length === 0) return null;
  return (
    <ul className={`grid grid-cols-1 gap-2 sm:grid-cols-2 ${className}`}>
      {amenities.map((id) => {
        const Icon = ICONS[id];
        return (
          <li key={id} className="flex items-center gap-2 text-sm" data-amenity={id}>
            {Icon ? (
              <Icon aria-hidden className="size-4 shrink-0 text-primary" />
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
