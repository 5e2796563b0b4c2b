import { ArrowLeft } from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import { getRequestLanguage } from '~/.server/i18n';
import { publicAccess } from '~/.server/permissions';
import { buildSeo } from '~/.server/site/seo';
import { loadSiteShell } from '~/.server/site/shell';
import { AutoLink } from '~/components/site/auto-link';
import { SiteLayout } from '~/components/site/site-layout';
import { formatDateFr } from '~/lib/format';
import { createTranslator, resolveCatalog } from '~/lib/i18n';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/legal';

export const LEGAL_SECTIONS = [
  'editor',
  'hosting',
  'intellectualProperty',
  'liability',
  'personalData',
  'cookies',
  'law',
] as const;

/** SPEC §9: the legal notice exists in French and English; other languages read the French text. */
const LEGAL_LANGUAGES = new Set(['fr', 'en']);

export async function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  const { chain, language, languages, t } = await getRequestLanguage(request);
  const { shell, legalPhone } = await loadSiteShell(chain);
  const seo = buildSeo({
    request,
    path: '/mentions-legales',
    title: `${t('meta.legalTitle')} – ${shell.name}`,
    description: t('meta.legalDescription'),
    language,
    languages,
  });
  const textLanguage = LEGAL_LANGUAGES.has(language) ? language : 'fr';
  const legal = createTranslator(textLanguage, resolveCatalog(textLanguage, 'fr'));
  const values = {
    name: shell.name,
    address: shell.address.replace(/\s*\n\s*/g, ', '),
    phone: legalPhone || '—',
    email: shell.email || '—',
  };
  return {
    shell,
    seo,
    textLanguage,
    title: legal('legal.title'),
    // The date is computed here so that the page and its hydration agree.
    lastUpdate: legal('legal.lastUpdate', { date: formatDateFr(new Date()) }),
    back: legal('legal.back'),
    sections: LEGAL_SECTIONS.map((id) => ({
      id,
      title: legal(`legal.${id}.title`),
      paragraphs: legal(`legal.${id}.body`, values).split('\n\n'),
    })),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export default function Legal() {
  const data = useLoaderData<typeof loader>();
  return (
    <SiteLayout shell={data.shell}>
      <article className="mx-auto max-w-3xl px-4 py-12" lang={data.textLanguage}>
        <h1 className="font-serif text-4xl font-semibold">{data.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{data.lastUpdate}</p>
        <div className="mt-8 space-y-8">
          {data.sections.map((section) => (
            <section key={section.id} aria-labelledby={`legal-${section.id}`}>
              <h2 id={`legal-${section.id}`} className="mb-3 font-serif text-2xl font-semibold">
                {section.title}
              </h2>
              {section.paragraphs.map((paragraph, i) => (
                <p key={i} className="mb-3 leading-relaxed">
                  <AutoLink text={paragraph} />
                </p>
              ))}
            </section>
          ))}
        </div>
        <Link
          to="/"
          className="mt-10 inline-flex items-center gap-2 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:bg-primary/90"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {data.back}
        </Link>
      </article>
    </SiteLayout>
  );
}
