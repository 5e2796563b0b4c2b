// Seeds the demo guesthouse on the first start of an empty database, so that a
// newcomer sees a real site. Never touches a database that has content: the check
// runs again under an advisory lock inside the one seeding transaction, so two
// instances starting together seed once. Images are stored first (storage is not
// transactional) and removed again if the transaction fails or loses the race.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { db, type Executor, type Tx } from '../db/client';
import { fingerprintText, SOURCE_LANGUAGE } from '../content/multilingual-content';
import { distanceNameKey, roomTextKey, sectionTextKey, siteTextKey, transportDescriptionKey } from '../content/content-keys';
import {
  contactEmails,
  distances,
  homepageSections,
  languages,
  multilingualContent,
  rooms,
  roomSeasonPrices,
  seasons,
  siteConfig,
  testimonials,
  transportOptions,
  TRANSPORT_TYPES,
  type ContentType,
} from '../db/schema';
import { publicUrl, storage } from '../media/storage';
import {
  DEMO_DISTANCES,
  DEMO_LANGUAGES,
  DEMO_LEGAL_NOTICE,
  DEMO_ROOMS,
  DEMO_SEASONS,
  DEMO_SECTIONS,
  DEMO_SITE,
  DEMO_STAY_TERMS,
  DEMO_TOURIST_TAX,
  DEMO_TESTIMONIALS,
  DEMO_TRANSPORT,
  type Localized,
} from './demo-content';
import { insertDemoBookings } from './demo-bookings';
import { heroScenes, roomScenes, sectionScenes } from './demo-scenes';
import { renderScenes } from './render-scenes';
import type { Scene } from './scenes';
import { splitTags } from '~/lib/schemas/room';

/** Two app processes take the same transaction-scoped lock; the second waits, then finds content. */
const SEED_LOCK = sql`pg_advisory_xact_lock(hashtext('guesthouse:seed-demo'))`;

export async function hasSiteContent(executor: Executor = db): Promise<boolean> {
  const result = await executor.execute<{ has_content: boolean }>(
    sql`select exists (select 1 from ${languages})
          or exists (select 1 from ${rooms})
          or exists (select 1 from ${siteConfig}) as has_content`,
  );
  return Boolean(result.rows[0]?.has_content);
}

interface PlannedImage {
  key: string;
  scene: Scene;
}

/** Ids are made here, not by the database, so image keys can name their owner before the insert. */
function planDemo() {
  const images: PlannedImage[] = [];
  const imageKey = (folder: string) => `${folder}/${Date.now()}-${randomBytes(6).toString('hex')}.jpg`;
  const plan = (folder: string, scenes: Scene[]) =>
    scenes.map((scene) => {
      const key = imageKey(folder);
      images.push({ key, scene });
      return publicUrl(key);
    });

  const roomPlans = DEMO_ROOMS.map((room, index) => {
    const id = randomUUID();
    return { id, room, position: index, images: plan(`room-images/${id}`, roomScenes(index)) };
  });
  const sectionPlans = DEMO_SECTIONS.map((section, index) => {
    const id = randomUUID();
    return { id, section, images: plan(`homepage-images/${id}`, sectionScenes(index)) };
  });
  const heroImages = plan('homepage-images/hero', heroScenes());
  const seasonPlans = DEMO_SEASONS.map((name) => ({ id: randomUUID(), name }));
  const transportPlans = TRANSPORT_TYPES.map((type) => ({ id: randomUUID(), type }));
  return { images, roomPlans, sectionPlans, heroImages, seasonPlans, transportPlans };
}

type DemoPlan = ReturnType<typeof planDemo>;

async function renderAndStore(images: PlannedImage[], stored: string[]) {
  const jpegs = await renderScenes(images.map((image) => image.scene));
  for (const [index, image] of images.entries()) {
    await storage().put(image.key, jpegs[index]!, 'image/jpeg');
    stored.push(image.key);
  }
}

async function removeStored(keys: string[]) {
  await Promise.allSettled(keys.map((key) => storage().delete(key)));
}

function localizedRows(contentType: ContentType, entityId: string | null, texts: Record<string, Localized>): Array<typeof multilingualContent.$inferInsert> {
  return Object.entries(texts).flatMap(([contentKey, values]) =>
    DEMO_LANGUAGES.map(({ code }) => ({
      contentKey,
      contentValue: values[code],
      languageCode: code,
      contentType,
      entityId,
      // The demo's translations are up to date with its French texts.
      sourceFingerprint: code === SOURCE_LANGUAGE ? null : fingerprintText(values[SOURCE_LANGUAGE]),
    })),
  );
}

async function insertDemo(tx: Tx, plan: DemoPlan) {
  const texts: Array<typeof multilingualContent.$inferInsert> = [];

  await tx.insert(languages).values(
    DEMO_LANGUAGES.map((language, position) => ({
      code: language.code,
      name: language.name,
      isActive: true,
      isDefault: language.code === 'fr',
      position,
    })),
  );

  await tx.insert(siteConfig).values({
    name: DEMO_SITE.name.fr,
    tagline: DEMO_SITE.tagline.fr,
    heroImages: plan.heroImages,
    contactEmail: DEMO_SITE.contactEmail,
    phones: DEMO_SITE.phones,
    phone: DEMO_SITE.phones[0],
    address: DEMO_SITE.address,
    instagramLink: DEMO_SITE.instagramLink,
    bookingLink: DEMO_SITE.bookingLink,
    airbnbLink: DEMO_SITE.airbnbLink,
    tripadvisorLink: DEMO_SITE.tripadvisorLink,
    ...DEMO_TOURIST_TAX,
    depositPercent: DEMO_STAY_TERMS.depositPercent,
    balanceDueDays: DEMO_STAY_TERMS.balanceDueDays,
    checkInTime: DEMO_STAY_TERMS.checkInTime,
    checkOutTime: DEMO_STAY_TERMS.checkOutTime,
    // A demonstration account (its check digits are right, the bank's numbers made up): deposits by transfer show it.
    bankHolder: DEMO_STAY_TERMS.bank.holder,
    bankIban: DEMO_STAY_TERMS.bank.iban,
    bankBic: DEMO_STAY_TERMS.bank.bic,
    ...DEMO_LEGAL_NOTICE,
  });
  texts.push(
    ...localizedRows('site_config', null, {
      [siteTextKey('name')]: DEMO_SITE.name,
      [siteTextKey('tagline')]: DEMO_SITE.tagline,
      [siteTextKey('modalites')]: DEMO_SITE.modalites,
      [siteTextKey('cancellation_terms')]: DEMO_STAY_TERMS.cancellationTerms,
    }),
  );
  await tx.insert(contactEmails).values({ email: DEMO_SITE.extraContactEmail });

  await tx.insert(rooms).values(
    plan.roomPlans.map(({ id, room, position, images }) => ({
      id,
      position,
      images,
      primaryImage: images[0],
      maxGuests: room.maxGuests,
      pricePerNightCents: room.priceCents,
      ...(room.extraGuestCents ? { includedGuests: 2, extraAdultCents: room.extraGuestCents.adult, extraChildCents: room.extraGuestCents.child } : {}),
      tags: splitTags(room.tags.fr),
      amenities: room.amenities,
    })),
  );
  for (const { id, room } of plan.roomPlans) {
    texts.push(
      ...localizedRows('room', id, {
        [roomTextKey(id, 'name')]: room.name,
        [roomTextKey(id, 'short_description')]: room.short,
        [roomTextKey(id, 'long_description')]: room.long,
        [roomTextKey(id, 'tags')]: room.tags,
      }),
    );
  }

  await tx.insert(seasons).values(plan.seasonPlans);
  await tx.insert(roomSeasonPrices).values(
    plan.roomPlans.flatMap(({ id, room }) =>
      plan.seasonPlans.map((season, index) => ({
        roomId: id,
        seasonId: season.id,
        pricePerNightCents: room.seasonPricesCents[index]!,
      })),
    ),
  );

  // Season periods, names in every language, requests, a booking and a block (issue 14).
  texts.push(
    ...(await insertDemoBookings(
      tx,
      plan.seasonPlans.map((s) => s.id),
      plan.roomPlans.map((r) => r.id),
      (entityId, values) => localizedRows('season', entityId, values),
    )),
  );

  await tx.insert(homepageSections).values(
    plan.sectionPlans.map(({ id, section, images }) => ({
      id,
      title: section.title.fr,
      content: section.content.fr,
      images,
      primaryImage: images[0],
      position: section.position,
      isActive: true,
      amenities: section.amenities,
    })),
  );
  for (const { id, section } of plan.sectionPlans) {
    texts.push(
      ...localizedRows('homepage_section', id, {
        [sectionTextKey(id, 'title')]: section.title,
        [sectionTextKey(id, 'content')]: section.content,
      }),
    );
  }

  const now = Date.now();
  await tx.insert(testimonials).values(
    DEMO_TESTIMONIALS.map((testimonial) => ({
      name: testimonial.name,
      email: testimonial.email,
      country: testimonial.country,
      message: testimonial.message,
      rating: testimonial.rating,
      // Spread over past months, at a plausible hour of the day.
      createdAt: new Date(now - testimonial.daysAgo * 86_400_000 - (testimonial.daysAgo % 7) * 3_600_000),
      isPublished: testimonial.published,
      isFeatured: testimonial.featured,
    })),
  );

  await tx.insert(transportOptions).values(plan.transportPlans.map(({ id, type }) => ({ id, type, enabled: true })));
  for (const { id, type } of plan.transportPlans) {
    texts.push(...localizedRows('transport', id, { [transportDescriptionKey(id)]: DEMO_TRANSPORT[type] }));
  }

  const distanceRows = await tx
    .insert(distances)
    .values(DEMO_DISTANCES.map((distance) => ({ city: distance.city, durationMinutes: distance.minutes })))
    .returning({ id: distances.id, city: distances.city });
  for (const { id, city } of distanceRows) {
    const name = DEMO_DISTANCES.find((d) => d.city === city)!.name;
    texts.push(...localizedRows('distance', id, { [distanceNameKey(id)]: name }));
  }

  await tx.insert(multilingualContent).values(texts);
}

/**
 * Seeds the demo guesthouse when the database has no languages, no rooms and no
 * site configuration. Returns whether this call seeded.
 */
export async function seedDemoIfEmpty(): Promise<boolean> {
  // Cheap check first: a normal start with content renders nothing.
  if (await hasSiteContent()) return false;

  const plan = planDemo();
  const stored: string[] = [];
  try {
    await renderAndStore(plan.images, stored);
    const seeded = await db.transaction(async (tx) => {
      await tx.execute(sql`select ${SEED_LOCK}`);
      if (await hasSiteContent(tx)) return false;
      await insertDemo(tx, plan);
      return true;
    });
    if (!seeded) await removeStored(stored);
    return seeded;
  } catch (error) {
    await removeStored(stored);
    throw error;
  }
}
