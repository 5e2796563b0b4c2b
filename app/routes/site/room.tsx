import { useEffect, useRef } from 'react';
import { useTranslation } from '~/lib/i18n-react';
import { data, useLoaderData } from 'react-router';
import { NOT_FOUND } from '~/.server/rule-refusal';
import { createBookingRequest } from '~/.server/booking/stays/requests';
import { loadRoomBooking } from '~/.server/booking/views/room-booking';
import { getRequestLanguage } from '~/.server/languages/request-language';
import { publicAccess } from '~/.server/auth/permissions';
import { getRoomDetail } from '~/.server/content/rooms';
import { getPriceMentions } from '~/.server/content/site-settings';
import { priceMentionText } from '~/lib/price-mentions';
import { buildSeo } from '~/.server/site/seo-links';
import { loadSiteShell } from '~/.server/site/shell';
import { runPublicForm, takeSentFlag } from '~/.server/site/public-form';
import { BookingPanel } from '~/components/site/booking-panel';
import { AmenityList } from '~/components/site/amenity-list';
import { Gallery } from '~/components/site/gallery';
import { RichText } from '~/components/site/rich-text';
import { SiteLayout } from '~/components/site/shell/site-layout';
import { formatMoney } from '~/lib/money';
import { BOOKING_QUERY_PARAMS } from '~/lib/booking-query';
import { isIsoDate } from '~/lib/nights';
import { BookingRequestSchema } from '~/lib/schemas/booking';
import { seoMeta } from '~/components/site/shell/seo';
import { useToast } from '~/lib/toast';
import { isUuid } from '~/lib/uuid';
import type { Route } from './+types/room';
import { Icon } from '~/components/site/icon';
import { siteLink } from '~/page-delivery/site-link';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

/** The booking panel's views (a stay's quote, the calendar's month): rendered every time, never kept, so they cannot evict `/`. */
export const handle = { delivery: { kind: 'document', page: 'public', variants: BOOKING_QUERY_PARAMS } } satisfies DeliveryHandle;

export async function loader({ request, params }: Route.LoaderArgs) {
  publicAccess(request);
  const { chain, language, languages, t } = await getRequestLanguage(request);
  const [{ shell }, room] = await Promise.all([loadSiteShell(chain), getRoomDetail(params.roomId, chain)]);
  const path = `/room/${encodeURIComponent(params.roomId)}`;
  if (!room) {
    const seo = buildSeo({ request, path, title: `${t('room.notFound')} – ${shell.name}`, description: t('room.notFound'), language, languages });
    return data(
      { shell, room: null, seo, jsonLd: null, robots: 'noindex', booking: null, selection: null, priceIncludes: '', fromPrice: null, sentBeforeLoad: false },
      { status: 404 },
    );
  }
  const seo = buildSeo({
    request,
    path,
    title: `${room.name} – ${shell.name}`,
    description: room.summary || t('meta.roomDescription', { name: room.name, count: room.maxGuests }),
    language,
    languages,
  });
  const query = new URL(request.url).searchParams;
  const [{ booking, offers, fromCents }, mentions] = await Promise.all([
    loadRoomBooking(
      { id: room.id, maxGuests: room.maxGuests, pricePerNightCents: room.pricePerNightCents, hasSeasonPrice: room.seasonPrices.length > 0 },
      query,
      language,
      chain,
    ),
    getPriceMentions(),
  ]);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'HotelRoom',
    name: room.name,
    description: room.summary,
    url: seo.canonical,
    image: room.images.map((src) => new URL(src, seo.origin).toString()),
    occupancy: { '@type': 'QuantitativeValue', maxValue: room.maxGuests },
    containedInPlace: { '@type': 'LodgingBusiness', name: shell.name, address: shell.address.replace(/\s*\n\s*/g, ', ') },
    ...(offers.length ? { offers } : {}),
  };
  const count = (name: string, min: number, fallback: number) => {
    const n = Number.parseInt(query.get(name) ?? '', 10);
    return Number.isInteger(n) && n >= min && n <= room.maxGuests ? n : fallback;
  };
  const selection = {
    arrival: isIsoDate(query.get('arrival')) ? query.get('arrival') : null,
    departure: isIsoDate(query.get('departure')) ? query.get('departure') : null,
    adults: count('adults', 1, count('guests', 1, Math.min(2, room.maxGuests))),
    children: count('children', 0, 0),
    code: (query.get('code') ?? '').slice(0, 40),
  };
  const sent = takeSentFlag(request, 'booking');
  // A stay or a month of the calendar is a view of the room page, not a page of its own:
  // not indexed, its canonical the room's (robots.txt disallows them too).
  const robots = BOOKING_QUERY_PARAMS.some((name) => query.has(name)) ? 'noindex' : null;
  const priceIncludes = priceMentionText(mentions, t, language);
  const fromPrice = fromCents === null ? null : formatMoney(fromCents, language);
  return data({ shell, room, seo, jsonLd, robots, booking, selection, priceIncludes, fromPrice, sentBeforeLoad: sent.sent }, { headers: sent.headers });
}

/**
 * The guest's booking request: the contact form's validation, spam protection and
 * answers (public-form.ts: field errors only for invalid input, the failure toast only
 * when it could not be stored, post → 303 → the panel's confirmation without
 * JavaScript), then the price engine's verdict.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  publicAccess(request);
  const { roomId } = params;
  return runPublicForm({ request, context }, BookingRequestSchema, ({ t, language, chain }) => ({
    form: 'booking',
    intent: 'book',
    // Back to this stay's panel, from the validated values only.
    anchor: (stay) =>
      `/room/${encodeURIComponent(roomId)}${
        stay
          ? `?arrival=${stay.arrival}&departure=${stay.departure}&adults=${stay.adults}&children=${stay.children}${stay.code ? `&code=${encodeURIComponent(stay.code)}` : ''}`
          : ''
      }#reserver`,
    success: { type: 'success', title: t('booking.sentTitle'), description: t('booking.sentDescription') },
    failure: { type: 'error', title: t('common.error'), description: t('booking.error') },
    notFound: t('room.notFound'),
    perform: async ({ website: _honeypot, ...input }) => (isUuid(roomId) ? createBookingRequest({ ...input, roomId, language, chain, t }) : NOT_FOUND),
  }));
}

export function meta({ data }: Route.MetaArgs) {
  const tags = seoMeta(data?.seo, data?.jsonLd);
  return data?.robots ? [...tags, { name: 'robots', content: data.robots }] : tags;
}

function RoomNotFound() {
  const { t } = useTranslation();
  const raise = useToast();
  const raised = useRef(false);
  useEffect(() => {
    if (raised.current) return;
    raised.current = true;
    raise({ type: 'error', title: t('common.error'), description: t('room.notFoundToast') });
  }, [raise, t]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <h1 className="font-serif text-3xl font-semibold">{t('room.notFound')}</h1>
      <a {...siteLink('/#chambres')} className="inline-flex items-center gap-2 text-primary underline underline-offset-4">
        <Icon name="arrow-left" className="size-4" />
        {t('room.back')}
      </a>
    </div>
  );
}

export default function RoomPage() {
  const { t, i18n } = useTranslation();
  const { shell, room, booking, selection, priceIncludes, fromPrice, sentBeforeLoad } = useLoaderData<typeof loader>();
  return (
    <SiteLayout shell={shell}>
      {room ? (
        <article className="mx-auto max-w-5xl px-4 py-8">
          <a {...siteLink('/#chambres')} className="mb-6 inline-flex items-center gap-2 text-sm text-primary hover:underline">
            <Icon name="arrow-left" className="size-4" />
            {t('room.back')}
          </a>
          <Gallery images={room.images} name={room.name} />
          {/* On phones the price and the call to action follow the title; from md they sit in the right column. */}
          <div className="mt-8 grid gap-8 md:grid-cols-3 md:grid-rows-[auto_1fr]">
            <header className="md:col-span-2">
              <h1 className="font-serif text-3xl font-semibold md:text-4xl">{room.name}</h1>
              <p className="mt-2 inline-flex items-center gap-2 text-muted-foreground">
                <Icon name="users" className="size-4" />
                {t('room.capacity', { count: room.maxGuests })}
              </p>
            </header>
            <section aria-labelledby="room-prices" className="h-fit space-y-4 md:col-start-3 md:row-span-2 md:row-start-1 card p-6">
              <h2 id="room-prices" className="text-lg font-semibold">
                {t('room.prices')}
              </h2>
              {fromPrice ? (
                <p className="font-medium text-primary" data-testid="from-price">
                  {t('rooms.fromPerNight', { price: fromPrice })}
                </p>
              ) : null}
              {booking?.rates.length ? (
                <dl className="space-y-3" data-testid="season-prices">
                  {booking.rates.map((rate) => (
                    <div key={rate.key} className="grid grid-cols-[1fr_auto] gap-x-4">
                      <dt>{rate.name}</dt>
                      <dd className="text-right font-semibold">
                        {rate.price} <span className="text-sm font-normal text-muted-foreground">{t('room.perNight')}</span>
                      </dd>
                      {rate.periods.length ? <dd className="col-span-2 text-sm text-muted-foreground">{rate.periods.join(' · ')}</dd> : null}
                    </div>
                  ))}
                </dl>
              ) : room.pricePerNightCents ? (
                <p data-testid="base-price">
                  <span className="text-2xl font-semibold">{formatMoney(room.pricePerNightCents, i18n.language)}</span>{' '}
                  <span className="text-muted-foreground">{t('room.perNight')}</span>
                </p>
              ) : null}
              {booking?.reductions.length ? (
                <ul className="space-y-1 text-sm text-green-800" data-testid="length-discounts">
                  {booking.reductions.map((reduction) => (
                    <li key={reduction}>{reduction}</li>
                  ))}
                </ul>
              ) : null}
              {fromPrice || room.pricePerNightCents ? (
                <p className="text-sm text-muted-foreground" data-testid="price-includes">
                  {priceIncludes}
                </p>
              ) : null}
              {/* The main action leads to the calendar and quote below (a fragment of this page,
                  followed by the browser with or without the script); SPEC §2's button to the
                  contact form stays beside it, for a question rather than a stay. */}
              {booking ? (
                <a href="#reserver" className="btn-primary inline-flex w-full justify-center py-2.5">
                  {t('room.seeAvailability')}
                </a>
              ) : null}
              <a
                {...siteLink('/#contact')}
                className="inline-flex w-full justify-center rounded-md border border-primary py-2.5 font-medium text-primary hover:bg-primary/10"
              >
                {t('room.ask')}
              </a>
            </section>
            <div className="space-y-6 md:col-span-2">
              <RichText html={room.description} className="leading-relaxed" />
              {room.tags.length ? (
                <div>
                  <h2 className="mb-2 text-lg font-semibold">{t('room.tags')}</h2>
                  <ul className="flex flex-wrap gap-2">
                    {room.tags.map((tag) => (
                      <li key={tag} className="chip px-3 py-1 text-sm">
                        {tag}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {room.amenities.length ? (
                <div>
                  <h2 className="mb-3 text-lg font-semibold">{t('room.amenities')}</h2>
                  <AmenityList amenities={room.amenities} />
                </div>
              ) : null}
            </div>
          </div>
          {booking && selection ? (
            <BookingPanel booking={booking} selection={selection} maxGuests={room.maxGuests} priceIncludes={priceIncludes} sentBeforeLoad={sentBeforeLoad} />
          ) : null}
        </article>
      ) : (
        <RoomNotFound />
      )}
    </SiteLayout>
  );
}
