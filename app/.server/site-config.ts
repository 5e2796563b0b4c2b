// The single site_config row (SPEC §3) and its multilingual texts.
import { db } from './db/client';
import { siteConfig } from './db/schema';
import { loadTexts, upsertTexts } from './content';
import { siteTextKey } from './content-keys';
import { cleanRichText } from './sanitize';
import type { SiteConfigInput } from '~/lib/schemas/site-config';

export async function getSiteConfigRow() {
  const [row] = await db.select().from(siteConfig).limit(1);
  return row ?? null;
}

/** The configuration screen's values: columns plus the texts of the editing language. */
export async function getSiteConfigForEditing(language: string) {
  const [row, texts] = await Promise.all([getSiteConfigRow(), loadTexts('site_config', null)]);
  const text = (key: string) => texts.get(key)?.[language] ?? '';
  return {
    exists: row !== null,
    name: text(siteTextKey('name')) || (row?.name ?? ''),
    tagline: text(siteTextKey('tagline')) || (row?.tagline ?? ''),
    modalites: text(siteTextKey('modalites')),
    contactEmail: row?.contactEmail ?? '',
    phones: row?.phones ?? [],
    address: row?.address ?? '',
    instagramLink: row?.instagramLink ?? '',
    bookingLink: row?.bookingLink ?? '',
    airbnbLink: row?.airbnbLink ?? '',
    tripadvisorLink: row?.tripadvisorLink ?? '',
    heroImages: row?.heroImages ?? [],
  };
}

/**
 * Saves the general card in one transaction: the single row (created on first
 * save) and the name, tagline and stay terms of the editing language. The French
 * or default-language name and tagline also go to the row's columns, which other
 * readers use as the last fallback. Hero images are left to the image uploader.
 */
export async function saveSiteConfig(input: SiteConfigInput, language: string, defaultLanguage: string) {
  const columns = {
    contactEmail: input.contactEmail,
    phones: input.phones,
    address: input.address,
    instagramLink: input.instagramLink,
    bookingLink: input.bookingLink,
    airbnbLink: input.airbnbLink,
    tripadvisorLink: input.tripadvisorLink,
    ...(language === 'fr' || language === defaultLanguage
      ? { ...(input.name ? { name: input.name } : {}), ...(input.tagline ? { tagline: input.tagline } : {}) }
      : {}),
  };
  const modalites = cleanRichText(input.modalites);
  await db.transaction(async (tx) => {
    await tx
      .insert(siteConfig)
      .values({ singleton: true, ...columns })
      .onConflictDoUpdate({ target: siteConfig.singleton, set: { ...columns, updatedAt: new Date() } });
    await upsertTexts(tx, { contentType: 'site_config', entityId: null, language }, [
      { key: siteTextKey('name'), value: input.name },
      { key: siteTextKey('tagline'), value: input.tagline },
      { key: siteTextKey('modalites'), value: modalites },
    ]);
  });
}
