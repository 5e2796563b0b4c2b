// The legal notice's fields of the single site_config row (LCEN art. 6).
import { LEGAL_MANDATORY_FIELDS, type LegalNoticeInput } from '~/lib/schemas/legal-notice';
import { db } from './db/client';
import { siteConfig } from './db/schema';
import { cachePublicData } from './page-cache';

export type LegalNotice = { [K in keyof LegalNoticeInput]: string };

/** Kept in memory until the site's configuration changes (page-cache.ts). */
export function getLegalNotice(): Promise<LegalNotice> {
  return cachePublicData('legal-notice', readLegalNotice);
}

async function readLegalNotice(): Promise<LegalNotice> {
  const [row] = await db
    .select({
      legalOwner: siteConfig.legalOwner,
      legalSiret: siteConfig.legalSiret,
      publicationDirector: siteConfig.publicationDirector,
      hostName: siteConfig.hostName,
      hostAddress: siteConfig.hostAddress,
      hostPhone: siteConfig.hostPhone,
    })
    .from(siteConfig)
    .limit(1);
  return {
    legalOwner: row?.legalOwner ?? '',
    legalSiret: row?.legalSiret ?? '',
    publicationDirector: row?.publicationDirector ?? '',
    hostName: row?.hostName ?? '',
    hostAddress: row?.hostAddress ?? '',
    hostPhone: row?.hostPhone ?? '',
  };
}

/** The mandatory fields still empty: the back office flags them, the public notice never makes them up. */
export function listMissingLegalFields(notice: LegalNotice) {
  return LEGAL_MANDATORY_FIELDS.filter((field) => notice[field].trim() === '');
}

/** Saves the legal fields (creating the single row on first save). */
export async function saveLegalNotice(input: LegalNoticeInput) {
  await db
    .insert(siteConfig)
    .values({ singleton: true, ...input })
    .onConflictDoUpdate({ target: siteConfig.singleton, set: { ...input, updatedAt: new Date() } });
}
