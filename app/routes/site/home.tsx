import { decimalEuros, formatMoney } from '~/lib/money';
import { priceMentionText } from '~/lib/price-mentions';
import { getPriceMentions } from '~/.server/content/site-settings';
import { listRoomFromPrices } from '~/.server/booking/views/room-booking';
import { data, useLoaderData } from 'react-router';
import { submitContactMessage } from '~/.server/content/contact-messages';
import { getRequestLanguage } from '~/.server/languages/request-language';
import { publicAccess } from '~/.server/auth/permissions';
import { listDistancesFor } from '~/.server/content/distances';
import { listTransportOptions } from '~/.server/content/transport-options';
import { listRoomCards } from '~/.server/content/rooms';
import { listActiveSections } from '~/.server/content/sections';
import { linkPhone } from '~/.server/content/phones';
import { runPublicForm, takeSentFlag } from '~/.server/site/public-form';
import { buildSeo } from '~/.server/site/seo-links';
import { loadSiteShell } from '~/.server/site/shell';
import { countPublishedTestimonials, listFeaturedTestimonials } from '~/.server/content/testimonials';
import { ContactSection } from '~/components/site/contact-form';
import { Hero } from '~/components/site/hero';
import { AccessSection, FeaturedTestimonials, HomeSection, RoomsSection, TermsSection } from '~/components/site/home-blocks';
import { SiteLayout } from '~/components/site/shell/site-layout';
import { ContactSchema } from '~/lib/schemas/contact';
import { seoMeta } from '~/components/site/shell/seo';
import type { Route } from './+types/home';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

export const handle = { delivery: { kind: 'document', page: 'public' } } satisfies DeliveryHandle;

export async function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  const { chain, language, languages, t } = await getRequestLanguage(request);
  const [site, sections, rooms, featured, publishedCount, transport, distances] = await Promise.all([
    loadSiteShell(chain),
    listActiveSections(chain),
    listRoomCards(chain),
    listFeaturedTestimonials(),
    countPublishedTestimonials(),
    listTransportOptions(chain),
    listDistancesFor(chain),
  ]);
  const { shell } = site;
  // « à partir de »: the lowest price of a night one may book in the next twelve months, from the price engine (its JSON-LD says the same).
  const [fromPrices, mentions] = await Promise.all([listRoomFromPrices(rooms.map((r) => r.id)), getPriceMentions()]);
  const cards = rooms.map((room) => ({ ...room, fromPriceCents: fromPrices.get(room.id)?.fromCents ?? null }));
  const seo = buildSeo({
    request,
    path: '/',
    title: `${shell.name} – ${shell.tagline}`,
    description: t('meta.homeDescription', {
      name: shell.name,
      tagline: shell.tagline,
    }),
    language,
    languages,
  });
  const telephone = shell.phones[0] ? (linkPhone(shell.phones[0], language)?.international ?? shell.phones[0]) : '';
  const lowest = [...fromPrices.values()].map((p) => p.fromCents);
  const highest = [...fromPrices.values()].map((p) => p.toCents);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'LodgingBusiness',
    name: shell.name,
    description: shell.tagline,
    url: seo.canonical,
    address: shell.address.replace(/\s*\n\s*/g, ', '),
    ...(telephone ? { telephone } : {}),
    ...(shell.email ? { email: shell.email } : {}),
    image: site.heroImages.map((src) => new URL(src, seo.origin).toString()),
    ...(lowest.length ? { priceRange: `${formatMoney(Math.min(...lowest), language)} – ${formatMoney(Math.max(...highest), language)}` } : {}),
    ...(cards.some((c) => c.fromPriceCents !== null)
      ? {
          makesOffer: cards.flatMap((card) =>
            card.fromPriceCents === null
              ? []
              : [
                  {
                    '@type': 'Offer',
                    itemOffered: { '@type': 'HotelRoom', name: card.name, url: new URL(`/room/${card.id}`, seo.origin).toString() },
                    priceSpecification: {
                      '@type': 'UnitPriceSpecification',
                      minPrice: decimalEuros(card.fromPriceCents),
                      priceCurrency: 'EUR',
                      unitText: 'NIGHT',
                    },
                  },
                ],
          ),
        }
      : {}),
  };
  const contactSent = takeSentFlag(request, 'contact');
  return data(
    {
      seo,
      jsonLd,
      shell,
      heroImages: site.heroImages,
      modalites: site.modalites,
      sections,
      rooms: cards,
      priceIncludes: priceMentionText(mentions, t, language),
      featured,
      publishedCount,
      access: { address: shell.address, addressLinks: shell.links.address, transport, distances },
      contactSent: contactSent.sent,
    },
    { headers: contactSent.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  publicAccess(request);
  return runPublicForm({ request, context }, ContactSchema, ({ t, language }) => ({
    form: 'contact',
    intent: 'contact',
    anchor: () => '/#contact',
    success: { type: 'success', title: t('contact.successTitle'), description: t('contact.successDescription') },
    failure: { type: 'error', title: t('common.error'), description: t('contact.error') },
    perform: (value) => submitContactMessage(value, language),
  }));
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo, data?.jsonLd);
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <SiteLayout shell={data.shell}>
      <Hero name={data.shell.name} tagline={data.shell.tagline} images={data.heroImages} />
      {data.sections.before.map((section) => (
        <HomeSection key={section.id} section={section} />
      ))}
      <RoomsSection rooms={data.rooms} priceIncludes={data.priceIncludes} />
      {data.sections.after.map((section) => (
        <HomeSection key={section.id} section={section} />
      ))}
      <TermsSection html={data.modalites} />
      <FeaturedTestimonials testimonials={data.featured} publishedCount={data.publishedCount} />
      <AccessSection access={data.access} />
      <ContactSection
        sentBeforeLoad={data.contactSent}
        links={{
          booking: data.shell.booking,
          airbnb: data.shell.airbnb,
          tripadvisor: data.shell.tripadvisor,
        }}
      />
    </SiteLayout>
  );
}
