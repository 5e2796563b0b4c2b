// The single site_config row (SPEC §3) and its multilingual texts.
import { db } from './db/client';
import { siteConfig } from './db/schema';
import { loadTexts, pickText } from './content';

export async function getSiteConfigRow() {
  const [row] = await db.select().from(siteConfig).limit(1);
  return row ?? null;
}

/** Name, tagline and stay terms in the request's language chain. */
export async function getSiteTexts(chain: string[]) {
  const [row, texts] = await Promise.all([getSiteConfigRow(), loadTexts('site_config')]);
  return {
    name: pickText(texts.get('site_config_name'), chain, row?.name),
    tagline: pickText(texts.get('site_config_tagline'), chain, row?.tagline),
    modalites: pickText(texts.get('site_config_modalites'), chain),
  };
}
