// Meta tags of a public page from the `seo` object its loader returns
// (see app/.server/site/seo-links.ts): title, description, canonical, hreflang, JSON-LD.
import type { MetaDescriptor } from 'react-router';

export interface SeoData {
  title: string;
  description: string;
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
}

export function seoMeta(seo: SeoData | undefined, jsonLd?: Record<string, unknown> | null): MetaDescriptor[] {
  if (!seo) return [];
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonical },
    { tagName: 'link', rel: 'canonical', href: seo.canonical },
    ...seo.alternates.map((a) => ({ tagName: 'link', rel: 'alternate', hrefLang: a.hreflang, href: a.href })),
  ];
  // React Router escapes '<' in JSON-LD, so stored text cannot close the script element.
  if (jsonLd) tags.push({ 'script:ld+json': jsonLd });
  return tags;
}
