// Guest-book countries of SPEC §3, with their French names.
export const COUNTRIES = [
  { code: 'FR', name: 'France' },
  { code: 'BE', name: 'Belgique' },
  { code: 'CH', name: 'Suisse' },
  { code: 'CA', name: 'Canada' },
  { code: 'DE', name: 'Allemagne' },
  { code: 'IT', name: 'Italie' },
  { code: 'ES', name: 'Espagne' },
  { code: 'UK', name: 'Royaume-Uni' },
  { code: 'US', name: 'États-Unis' },
  { code: 'NL', name: 'Pays-Bas' },
  { code: 'AT', name: 'Autriche' },
  { code: 'PT', name: 'Portugal' },
  { code: 'LU', name: 'Luxembourg' },
  { code: 'MC', name: 'Monaco' },
  { code: 'AD', name: 'Andorre' },
  { code: 'AU', name: 'Australie' },
  { code: 'BR', name: 'Brésil' },
  { code: 'JP', name: 'Japon' },
  { code: 'CN', name: 'Chine' },
  { code: 'RU', name: 'Russie' },
  { code: 'OTHER', name: 'Autre' },
] as const;

export type CountryCode = (typeof COUNTRIES)[number]['code'];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];
const NAMES = new Map<string, string>(COUNTRIES.map((c) => [c.code, c.name]));

/** French name of a country code; unknown or legacy free-text values are shown as stored. */
export const countryName = (code: string | null | undefined) => (code ? (NAMES.get(code) ?? code) : '');
