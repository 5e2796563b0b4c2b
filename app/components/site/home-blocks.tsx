import { useTranslation } from '~/lib/i18n-react';
import { formatDuration } from '~/lib/every-page/format';
import { formatMoney } from '~/lib/money';
import { imageSrcSet, imageUrl, SRCSET_PRESETS, VARIANTS } from '~/lib/every-page/image-url';
import { roomCardImageSizes, roomGridClass } from '~/lib/room-grid';
import { AmenityList } from './amenity-list';
import type { Segment } from '~/lib/autolink';
import { AutoLink } from './auto-link';
import { MapWithConsent } from './map-consent';
import { RoomImagePlaceholder } from './room-placeholder';
import { RichText } from './rich-text';
import { Icon } from './icon';
import type { IconName } from '~/lib/icons/icon-names';
import { siteLink } from '~/page-delivery/site-link';

export interface RoomCardData {
  id: string;
  name: string;
  shortDescription: string;
  tags: string[];
  image: string | null;
  maxGuests: number;
  /** The lowest price of a night one may book in the next twelve months (null: price on request). */
  fromPriceCents: number | null;
}

export function SectionHeading({ title, subtitle, id }: { title: string; subtitle?: string; id?: string }) {
  return (
    <div className="mb-8 text-center">
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {subtitle ? <p className="mt-2 text-muted-foreground">{subtitle}</p> : null}
    </div>
  );
}

function RoomCard({ room, imageSizes, priceIncludes }: { room: RoomCardData; imageSizes: string; priceIncludes: string }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="card flex flex-col overflow-hidden" data-testid="room-card">
      <div className="relative aspect-[2/1] bg-muted">
        {room.image ? (
          <img
            src={imageUrl(room.image, VARIANTS.galleryMain)}
            srcSet={imageSrcSet(room.image, SRCSET_PRESETS.card)}
            sizes={imageSizes}
            alt={room.name}
            width={800}
            height={400}
            loading="lazy"
            fetchPriority="low"
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <RoomImagePlaceholder name={room.name} className="h-full w-full" />
        )}
        <span className="absolute right-3 top-3 inline-flex items-center gap-1 rounded-full bg-background/95 px-2.5 py-1 text-xs font-medium">
          <Icon name="users" className="size-3.5" />
          {t('rooms.guests', { count: room.maxGuests })}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="font-serif text-xl font-semibold">{room.name}</h3>
        {room.fromPriceCents !== null ? (
          <p className="text-sm" data-testid="room-card-price">
            <span className="font-medium text-primary">{t('rooms.fromPerNight', { price: formatMoney(room.fromPriceCents, i18n.language) })}</span>
            <span className="block text-xs text-muted-foreground">{priceIncludes}</span>
          </p>
        ) : null}
        {room.shortDescription ? <RichText html={room.shortDescription} className="line-clamp-4 text-sm text-muted-foreground" /> : null}
        {room.tags.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={room.name}>
            {room.tags.map((tag) => (
              <li key={tag} className="chip">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <a {...siteLink(`/room/${room.id}`)} className="btn-primary mt-auto inline-flex justify-center text-sm">
          {t('rooms.details')}
          <span className="sr-only"> : {room.name}</span>
        </a>
      </div>
    </article>
  );
}

export function RoomsSection({ rooms, priceIncludes }: { rooms: RoomCardData[]; priceIncludes: string }) {
  const { t } = useTranslation();
  return (
    <section id="chambres" aria-labelledby="chambres-title" className="scroll-mt-20 bg-muted/40 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="chambres-title" title={t('rooms.title')} subtitle={t('rooms.subtitle')} />
        {rooms.length === 0 ? (
          <p className="text-center text-muted-foreground">{t('rooms.empty')}</p>
        ) : (
          <div className={`grid gap-6 ${roomGridClass(rooms.length)}`} data-testid="room-grid">
            {rooms.map((room) => (
              <RoomCard key={room.id} room={room} imageSizes={roomCardImageSizes(rooms.length)} priceIncludes={priceIncludes} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

export interface HomeSectionData {
  id: string;
  title: string;
  content: string;
  images: string[];
  amenities: string[];
}

export function HomeSection({ section }: { section: HomeSectionData }) {
  const headingId = `section-${section.id}`;
  const [first, ...others] = section.images;
  return (
    <section aria-labelledby={headingId} className="px-4 py-16" data-testid="home-section">
      <div className={`mx-auto grid max-w-6xl items-center gap-8 ${first ? 'md:grid-cols-2' : ''}`}>
        <div>
          <h2 id={headingId} className="mb-4 font-serif text-3xl font-semibold">
            {section.title}
          </h2>
          <RichText html={section.content} />
          <AmenityList amenities={section.amenities} className="mt-6" />
        </div>
        {first ? (
          <div className="space-y-2">
            <img
              src={imageUrl(first, VARIANTS.galleryMain)}
              alt={section.title}
              width={800}
              height={400}
              loading="lazy"
              fetchPriority="low"
              decoding="async"
              className="aspect-[2/1] w-full rounded-xl object-cover"
            />
            {others.length ? (
              <div className="grid grid-cols-3 gap-2">
                {others.slice(0, 3).map((src, i) => (
                  <img
                    key={src}
                    src={imageUrl(src, VARIANTS.galleryThumb)}
                    alt={`${section.title} (${i + 2})`}
                    width={150}
                    height={80}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[15/8] w-full rounded-md object-cover"
                  />
                ))}
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

export function TermsSection({ html }: { html: string }) {
  const { t } = useTranslation();
  if (!html) return null;
  return (
    <section id="modalites" aria-labelledby="modalites-title" className="scroll-mt-20 px-4 py-16">
      <div className="mx-auto max-w-3xl rounded-xl border bg-card p-6 md:p-8">
        <h2 id="modalites-title" className="mb-4 font-serif text-2xl font-semibold">
          {t('terms.title')}
        </h2>
        <RichText html={html} />
      </div>
    </section>
  );
}

export interface TestimonialData {
  id: string;
  name: string;
  country: string | null;
  message: string;
  rating: number;
}

export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-0.5" role="img" aria-label={t('testimonials.rating', { count: rating })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon key={n} name="star" className={`size-4 ${n <= rating ? 'star-on' : 'text-muted-foreground/40'}`} />
      ))}
    </div>
  );
}

export function TestimonialCard({ testimonial }: { testimonial: TestimonialData }) {
  const { t } = useTranslation();
  // Every code of lib/countries.ts is in the French catalog, which fills every language's gaps; a legacy free-text value is shown as stored.
  const country = testimonial.country ? t(`countries.${testimonial.country}`, { defaultValue: testimonial.country }) : '';
  return (
    <figure className="card flex flex-col gap-3 p-6" data-testid="testimonial">
      <Stars rating={testimonial.rating} />
      <blockquote className="flex-1 italic text-foreground">
        <p className="whitespace-pre-line">« {testimonial.message} »</p>
      </blockquote>
      <figcaption className="text-sm">
        <span className="font-semibold">{testimonial.name}</span>
        {country ? <span className="text-muted-foreground"> — {country}</span> : null}
      </figcaption>
    </figure>
  );
}

export function FeaturedTestimonials({ testimonials, publishedCount }: { testimonials: TestimonialData[]; publishedCount: number }) {
  const { t } = useTranslation();
  if (testimonials.length === 0) return null;
  return (
    <section id="temoignages" aria-labelledby="temoignages-title" className="scroll-mt-20 bg-muted/40 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="temoignages-title" title={t('testimonials.title')} />
        <div className="grid gap-6 md:grid-cols-3">
          {testimonials.map((item) => (
            <TestimonialCard key={item.id} testimonial={item} />
          ))}
        </div>
        <p className="mt-8 text-center">
          <a {...siteLink('/livre-dor')} className="inline-flex rounded-md border border-primary px-5 py-2 font-medium text-primary hover:bg-primary/10">
            {t('testimonials.seeAll', { count: publishedCount })}
          </a>
        </p>
      </div>
    </section>
  );
}

const TRANSPORT_ICONS: Record<string, IconName> = { car: 'car', train: 'train-front', plane: 'plane' };

export interface AccessData {
  address: string;
  addressLinks: Segment[];
  transport: Array<{ id: string; type: 'car' | 'train' | 'plane'; description: string; descriptionLinks: Segment[]; descriptionHtml: string }>;
  distances: Array<{ id: string; city: string; durationMinutes: number }>;
}

export function AccessSection({ access }: { access: AccessData }) {
  const { t } = useTranslation();
  return (
    <section id="acces" aria-labelledby="acces-title" className="scroll-mt-20 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="acces-title" title={t('access.title')} subtitle={t('access.subtitle')} />
        <div className="grid gap-8 md:grid-cols-2">
          <div className="space-y-6">
            <div>
              <h3 className="mb-2 font-semibold">{t('access.address')}</h3>
              <address className="not-italic">
                <AutoLink segments={access.addressLinks} className="whitespace-pre-line" />
              </address>
            </div>
            {access.transport.length ? (
              <ul className="space-y-4">
                {access.transport.map((option) => {
                  const icon = TRANSPORT_ICONS[option.type] ?? 'car';
                  return (
                    <li key={option.id} className="flex gap-3" data-transport={option.type}>
                      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
                        <Icon name={icon} className="size-5" />
                      </span>
                      <div>
                        <h3 className="font-semibold">{t(`access.${option.type}`)}</h3>
                        {option.description ? (
                          <p className="whitespace-pre-line text-sm text-muted-foreground">
                            <AutoLink segments={option.descriptionLinks} />
                          </p>
                        ) : null}
                        <RichText html={option.descriptionHtml} className="text-sm text-muted-foreground" />
                      </div>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            {access.distances.length ? (
              <div>
                <h3 className="mb-2 font-semibold">{t('access.distances')}</h3>
                <ul className="divide-y rounded-lg border">
                  {access.distances.map((d) => (
                    <li key={d.id} className="flex justify-between px-4 py-2 text-sm">
                      <span>{d.city}</span>
                      <span className="font-medium">{formatDuration(d.durationMinutes)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
          <MapWithConsent address={access.address} />
        </div>
      </div>
    </section>
  );
}
