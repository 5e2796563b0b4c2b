import { ownerTime } from '~/.server/guesthouse-time';
import { useLoaderData } from 'react-router';
import { getRequestLanguage } from '~/.server/languages/request-language';
import { publicAccess } from '~/.server/auth/permissions';
import { buildSeo } from '~/.server/site/seo-links';
import { getLegalSettings } from '~/.server/content/site-settings';
import { config } from '~/.server/environment';
import { stripeConfigured } from '~/.server/payments/stripe-client';
import { CNIL_WEBSITE, LEGAL_SECTIONS, legalParagraphs, linkWebsites } from '~/.server/site/legal-paragraphs';
import { linkText } from '~/.server/content/phones';
import { loadSiteShell } from '~/.server/site/shell';
import { AutoLink } from '~/components/site/auto-link';
import { SiteLayout } from '~/components/site/shell/site-layout';
import { createTranslator, resolveCatalog } from '~/lib/i18n';
import { seoMeta } from '~/components/site/shell/seo';
import type { Route } from './+types/legal';
import { Icon } from '~/components/site/icon';
import { siteLink } from '~/page-delivery/site-link';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

export const handle = { delivery: { kind: 'document', page: 'public' } } satisfies DeliveryHandle;

/**
 * SPEC §9: the legal notice exists in French and English. Visitors of any other
 * language read the English text (marked lang="en"), closer to them than French.
 */
const legalTextLanguage = (language: string) => (language === 'fr' ? 'fr' : 'en');

export async function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  const { chain, language, languages, t } = await getRequestLanguage(request);
  const [{ shell }, settings] = await Promise.all([loadSiteShell(chain), getLegalSettings()]);
  const seo = buildSeo({
    request,
    path: '/mentions-legales',
    title: `${t('meta.legalTitle')} – ${shell.name}`,
    description: t('meta.legalDescription'),
    language,
    languages,
  });
  const textLanguage = legalTextLanguage(language);
  const legal = createTranslator(textLanguage, resolveCatalog(textLanguage, 'fr'));
  const facts = {
    name: shell.name,
    settings,
    cardPayments: stripeConfigured() && settings.privacy.onlineDeposit,
    mailRelay: Boolean(config().SMTP_URL),
    language: textLanguage,
  };
  const websites = [settings.notice.mediatorUrl, CNIL_WEBSITE];
  // A section with nothing set says nothing (never a stand-in); the others are numbered in order.
  const sections = LEGAL_SECTIONS.map((id) => ({
    id,
    // Phone numbers link in international form (and read so on non-French pages).
    paragraphs: legalParagraphs(id, legal, facts).map((paragraph) => linkWebsites(linkText(paragraph, language), websites)),
  })).filter((section) => section.paragraphs.length > 0);
  return {
    shell,
    seo,
    textLanguage,
    language,
    title: legal('legal.title'),
    // Readers of another language are told, in theirs, why the notice is in English.
    languageNote: textLanguage === language ? null : t('legalNote.languages', { defaultValue: '' }) || null,
    // The date is computed here so that the page and its hydration agree.
    lastUpdate: legal('legal.lastUpdate', { date: ownerTime(new Date(), 'date') }),
    back: legal('legal.back'),
    sections: sections.map((section, i) => ({ ...section, title: `${i + 1}. ${legal(`legal.${section.id}.title`)}` })),
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
        {data.languageNote ? (
          <p lang={data.language} className="mt-3 rounded-md border bg-muted/40 p-3 text-sm">
            {data.languageNote}
          </p>
        ) : null}
        <p className="mt-2 text-sm text-muted-foreground">{data.lastUpdate}</p>
        <div className="mt-8 space-y-8">
          {data.sections.map((section) => (
            <section key={section.id} aria-labelledby={`legal-${section.id}`}>
              <h2 id={`legal-${section.id}`} className="mb-3 font-serif text-2xl font-semibold">
                {section.title}
              </h2>
              {section.paragraphs.map((paragraph, i) => (
                <p key={i} className="mb-3 leading-relaxed">
                  <AutoLink segments={paragraph} />
                </p>
              ))}
            </section>
          ))}
        </div>
        <a {...siteLink('/')} className="btn-primary mt-10 inline-flex items-center gap-2">
          <Icon name="arrow-left" className="size-4" />
          {data.back}
        </a>
      </article>
    </SiteLayout>
  );
}
