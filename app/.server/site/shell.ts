// What every public page shows around its content (header, footer) and the home
// page's site-wide fields: only the site_config columns that are public.
import { loadTexts, pickText } from '../content/multilingual-content';
import { siteTextKey } from '../content/content-keys';
import { db } from '../db/client';
import { cachePublicData } from '../public-content/invalidation';
import { siteConfig } from '../db/schema';
import type { Segment } from '~/lib/autolink';
import { cleanRichText } from '../content/sanitize';
import { linkText } from '../content/phones';

export interface SiteShell {
  /** Address, phones and email cut into text and links for the page's language. */
  links: { address: Segment[]; phones: Segment[][]; email: Segment[] };
  name: string;
  tagline: string;
  address: string;
  phones: string[];
  email: string;
  instagram: string;
  booking: string;
  airbnb: string;
  tripadvisor: string;
}

/** Shown when the owners have not configured a value yet. */
export const SITE_FALLBACKS = {
  name: 'Mas de Grasse',
  tagline: 'Chambres d’hôtes en Provence',
  address: 'Grasse, 06130, France',
};

async function readConfig() {
  const [row] = await db
    .select({
      name: siteConfig.name,
      tagline: siteConfig.tagline,
      heroImages: siteConfig.heroImages,
      contactEmail: siteConfig.contactEmail,
      phones: siteConfig.phones,
      phone: siteConfig.phone,
      address: siteConfig.address,
      instagramLink: siteConfig.instagramLink,
      bookingLink: siteConfig.bookingLink,
      airbnbLink: siteConfig.airbnbLink,
      tripadvisorLink: siteConfig.tripadvisorLink,
    })
    .from(siteConfig)
    .limit(1);
  return row ?? null;
}

/** Read once per language chain until a write changes the site's configuration (public-content/invalidation.ts). */
export function loadSiteShell(chain: string[]) {
  return cachePublicData(`shell:${chain.join(',')}`, () => readSiteShell(chain));
}

async function readSiteShell(chain: string[]) {
  const [row, texts] = await Promise.all([readConfig(), loadTexts('site_config', null)]);
  const phones = (row?.phones ?? []).filter((p) => p.trim() !== '');
  const language = chain[0] ?? 'fr';
  const address = row?.address?.trim() || SITE_FALLBACKS.address;
  const shownPhones = phones.length ? phones : row?.phone ? [row.phone] : [];
  const shell: SiteShell = {
    links: {
      address: linkText(address, language),
      phones: shownPhones.map((phone) => linkText(phone, language)),
      email: linkText(row?.contactEmail ?? '', language),
    },
    name: pickText(texts.get(siteTextKey('name')), chain, row?.name) || SITE_FALLBACKS.name,
    tagline: pickText(texts.get(siteTextKey('tagline')), chain, row?.tagline) || SITE_FALLBACKS.tagline,
    address,
    phones: shownPhones,
    email: row?.contactEmail ?? '',
    instagram: row?.instagramLink ?? '',
    booking: row?.bookingLink ?? '',
    airbnb: row?.airbnbLink ?? '',
    tripadvisor: row?.tripadvisorLink ?? '',
  };
  return {
    shell,
    heroImages: row?.heroImages ?? [],
    modalites: cleanRichText(pickText(texts.get(siteTextKey('modalites')), chain)),
  };
}
