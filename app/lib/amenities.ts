// Amenity ids of SPEC §3: the 19 an admin can tick (`label` is the French text of
// the back office). The public display translates `amenities.<id>` and also knows a
// few more keys (components/site/amenity-list.tsx); unknown keys get a plain dot.
export const EDITABLE_AMENITIES = [
  { id: 'wifi', label: 'WiFi' },
  { id: 'wifi_haut_debit', label: 'WiFi haut débit' },
  { id: 'parking', label: 'Parking' },
  { id: 'parking_prive_gratuit', label: 'Parking privé gratuit' },
  { id: 'bathroom', label: 'Salle de bain privée' },
  { id: 'tv', label: 'Télévision' },
  { id: 'coffee', label: 'Machine à café' },
  { id: 'kitchen', label: 'Kitchenette' },
  { id: 'mountain_view', label: 'Vue sur la montagne' },
  { id: 'balcony', label: 'Balcon' },
  { id: 'garden', label: 'Jardin' },
  { id: 'jardin_provencal', label: 'Jardin provençal 4000 m²' },
  { id: 'pool', label: 'Piscine' },
  { id: 'grande_piscine', label: 'Grande piscine' },
  { id: 'city_center', label: 'Centre-ville' },
  { id: 'double_bed', label: 'Lit double' },
  { id: 'air_conditioning', label: 'Climatisation' },
  { id: 'proche_route', label: 'À 200 m de la route' },
  { id: 'petit_dejeuner', label: 'Petit-déjeuner inclus' },
] as const;

export type AmenityId = (typeof EDITABLE_AMENITIES)[number]['id'];
export const AMENITY_IDS: readonly string[] = EDITABLE_AMENITIES.map((a) => a.id);
