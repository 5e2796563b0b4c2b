// The data the configuration screen's cards receive from its loader.
import type { TransportType } from '~/lib/schemas/transport';

export interface SiteConfigForEditing {
  exists: boolean;
  name: string;
  tagline: string;
  modalites: string;
  contactEmail: string;
  phones: string[];
  address: string;
  instagramLink: string;
  bookingLink: string;
  airbnbLink: string;
  tripadvisorLink: string;
  heroImages: string[];
}
export interface ContactEmail {
  id: string;
  email: string;
}
export interface TransportOption {
  id: string;
  type: TransportType;
  enabled: boolean;
  description: string;
}
export interface Distance {
  id: string;
  city: string;
  durationMinutes: number;
  /** The name in each language that has one. */
  names: Record<string, string>;
}
