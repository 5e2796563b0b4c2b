// The whole data model: every entity of SPEC §3 with the spec's table and column
// names, plus better-auth's tables and what a real product needs (timestamps,
// cascades, the contact inbox, the mail outbox, rate-limit counters).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { DepositNature, LedgerMeans, LedgerNature, VatMode } from '~/lib/money-terms';
import type { DeclarationFrequency, TaxCollector } from '~/lib/tourist-tax';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/* ───────────── better-auth (email + password, sessions, admin plugin) ───────────── */

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role').notNull().default('user'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** better-auth's own rate-limit store, kept in Postgres so limits hold across instances. */
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/* ───────────── SPEC §3 ───────────── */

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull().default('user'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('profiles_role_check', sql`${t.role} in ('user', 'admin')`)],
);

/**
 * An admin's invitation to open an account (Users → 'Inviter un utilisateur'): the link
 * mailed carries a random token of which only the sha256 is kept; it opens one account,
 * once, before `expires_at`. A newer invitation to the same address replaces it.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: id(),
    email: text('email').notNull(),
    role: text('role').notNull().default('user'),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('user_invitations_role_check', sql`${t.role} in ('user', 'admin')`), index('user_invitations_email_idx').on(t.email)],
);

export const languages = pgTable(
  'languages',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Exactly one default language at a time (at most one enforced here; the domain keeps one).
    uniqueIndex('languages_single_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

export const siteConfig = pgTable(
  'site_config',
  {
    id: id(),
    // The spec's site_config is a single row: this column can only ever hold `true`, once.
    singleton: boolean('singleton').notNull().default(true).unique(),
    name: text('name'),
    tagline: text('tagline'),
    heroImages: textList('hero_images'),
    contactEmail: text('contact_email'),
    phones: textList('phones'),
    phone: text('phone'),
    address: text('address'),
    instagramLink: text('instagram_link'),
    bookingLink: text('booking_link'),
    airbnbLink: text('airbnb_link'),
    tripadvisorLink: text('tripadvisor_link'),
    // The legal notice (LCEN art. 6 III): who publishes the site (a person or a company, with
    // its contact details: empty ones are the site's own), who directs its publication, who
    // hosts it; and the consumer mediator (Code de la consommation L616-1).
    publisherStatus: text('publisher_status').$type<'individual' | 'company'>().notNull().default('individual'),
    legalOwner: text('legal_owner'),
    legalForm: text('legal_form'),
    shareCapital: text('share_capital'),
    legalRcs: text('legal_rcs'),
    legalSiret: text('legal_siret'),
    publisherAddress: text('publisher_address'),
    publisherPhone: text('publisher_phone'),
    publisherEmail: text('publisher_email'),
    publicationDirector: text('publication_director'),
    hostName: text('host_name'),
    hostAddress: text('host_address'),
    hostPhone: text('host_phone'),
    mediatorName: text('mediator_name'),
    mediatorUrl: text('mediator_url'),
    // How long personal data is kept, in months (FRENCH-RULES §7; app/.server/privacy/retention.ts).
    retentionContactMonths: integer('retention_contact_months').notNull().default(36),
    retentionGuestMonths: integer('retention_guest_months').notNull().default(36),
    retentionTestimonialMonths: integer('retention_testimonial_months').notNull().default(36),
    retentionPoliceMonths: integer('retention_police_months').notNull().default(6),
    // Stay terms as figures (issue 35): what the price engine adds to a stay's price.
    // The cancellation terms are a multilingual text (site_cancellation_terms).
    // The tourist tax as the town sets it (issue 44, FRENCH-RULES §1): the base rate per
    // person per night (the column kept its first name: it held the one rate before the
    // surcharges had a place), the surcharges as % of the base, who collects it and when.
    touristTaxBaseCents: integer('tourist_tax_cents').notNull().default(0),
    touristTaxRegionalPercent: integer('tourist_tax_regional_percent').notNull().default(34), // DEFAULT_REGIONAL_SURCHARGE_PERCENT (lib/tourist-tax.ts)
    touristTaxDepartmentalPercent: integer('tourist_tax_departmental_percent').notNull().default(0),
    touristTaxCollector: text('tourist_tax_collector'),
    touristTaxDeclarationUrl: text('tourist_tax_declaration_url'),
    touristTaxFrequency: text('tourist_tax_frequency').$type<DeclarationFrequency>().notNull().default('quarterly'),
    touristTaxDueDay: integer('tourist_tax_due_day').notNull().default(20),
    touristTaxDeliberation: text('tourist_tax_deliberation'),
    // Read by nothing since issue 44 (minors are exempt by law, CGCT L2333-31: "children"
    // are the guests under 18); kept one release for instances still running the previous
    // version during an upgrade, then dropped.
    touristTaxMinAge: integer('tourist_tax_min_age').notNull().default(18),
    depositPercent: integer('deposit_percent').notNull().default(0),
    balanceDueDays: integer('balance_due_days').notNull().default(0),
    checkInTime: text('check_in_time'),
    checkOutTime: text('check_out_time'),
    // Online deposit by card (issue 36): offered only when the Stripe keys are set.
    onlineDeposit: boolean('online_deposit').notNull().default(false),
    paymentWindowHours: integer('payment_window_hours').notNull().default(48),
    // Money the French way (issue 52, FRENCH-RULES §3-4): the deposit's legal nature, the
    // bank account a deposit is transferred to and its deadline, the balance reminder, VAT.
    depositNature: text('deposit_nature').$type<DepositNature>().notNull().default('arrhes'),
    depositDueDays: integer('deposit_due_days').notNull().default(7),
    balanceReminderDays: integer('balance_reminder_days').notNull().default(7),
    bankHolder: text('bank_holder'),
    bankIban: text('bank_iban'),
    bankBic: text('bank_bic'),
    vatMode: text('vat_mode').$type<VatMode>().notNull().default('franchise'),
    /** Hundredths of a percent: 1000 is 10 %. */
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull().default(1000), // DEFAULT_VAT_RATE_BASIS_POINTS (lib/money-terms.ts)
    // The general stay rules (issue 45): nights outside every season, and what a season does
    // not set. Weekdays as bits, Monday first (app/lib/stay-rules.ts). Null most
    // nights and horizon: the environment's BOOKING_MAX_NIGHTS and BOOKING_HORIZON_DAYS.
    stayMinNights: integer('stay_min_nights').notNull().default(1),
    stayMaxNights: integer('stay_max_nights'),
    arrivalDays: integer('arrival_days').notNull().default(127),
    departureDays: integer('departure_days').notNull().default(127),
    minNoticeDays: integer('min_notice_days').notNull().default(0),
    horizonDays: integer('horizon_days'),
    // What the price includes, said beside every price a guest sees (arrêté du 18 décembre 2015).
    breakfast: text('breakfast').$type<PriceExtra>().notNull().default('included'),
    breakfastPriceCents: integer('breakfast_price_cents'),
    wifi: text('wifi').$type<PriceExtra>().notNull().default('included'),
    wifiPriceCents: integer('wifi_price_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('site_config_singleton_check', sql`${t.singleton}`),
    check(
      'site_config_stay_terms_check',
      sql`${t.touristTaxBaseCents} between 0 and 100000 and ${t.touristTaxMinAge} between 0 and 25 and ${t.depositPercent} between 0 and 100 and ${t.balanceDueDays} between 0 and 365`,
    ),
    check('site_config_payment_window_check', sql`${t.paymentWindowHours} between 1 and 720`),
    check(
      'site_config_money_terms_check',
      sql`${t.depositNature} in ('arrhes', 'acompte') and ${t.depositDueDays} between 1 and 90 and ${t.balanceReminderDays} between 0 and 90 and ${t.vatMode} in ('franchise', 'rate') and ${t.vatRateBasisPoints} between 0 and 10000`,
    ),
    check(
      'site_config_stay_rules_check',
      sql`${t.stayMinNights} between 1 and 365 and (${t.stayMaxNights} is null or ${t.stayMaxNights} between ${t.stayMinNights} and 365) and ${t.arrivalDays} between 1 and 127 and ${t.departureDays} between 1 and 127 and ${t.minNoticeDays} between 0 and 365 and (${t.horizonDays} is null or ${t.horizonDays} between 1 and 1100)`,
    ),
    check(
      'site_config_price_extras_check',
      sql`${t.breakfast} in ('included', 'paid', 'none') and ${t.wifi} in ('included', 'paid', 'none') and (${t.breakfast} <> 'paid' or ${t.breakfastPriceCents} > 0) and (${t.wifi} <> 'paid' or ${t.wifiPriceCents} > 0)`,
    ),
    check('site_config_publisher_status_check', sql`${t.publisherStatus} in ('individual', 'company')`),
    check(
      'site_config_retention_check',
      sql`${t.retentionContactMonths} between 1 and 36 and ${t.retentionGuestMonths} between 1 and 36 and ${t.retentionTestimonialMonths} between 1 and 36 and ${t.retentionPoliceMonths} between 6 and 12`,
    ),
    check(
      'site_config_tourist_tax_check',
      sql`${t.touristTaxRegionalPercent} between 0 and 100 and ${t.touristTaxDepartmentalPercent} between 0 and 100 and ${t.touristTaxFrequency} in ('monthly', 'quarterly', 'half-yearly') and ${t.touristTaxDueDay} between 1 and 28`,
    ),
  ],
);

/** Whether breakfast or Wi-Fi comes with the price, costs extra, or is not offered. */
export const PRICE_EXTRA_STATES = ['included', 'paid', 'none'] as const;
export type PriceExtra = (typeof PRICE_EXTRA_STATES)[number];

export const contactEmails = pgTable('contact_emails', {
  id: id(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

export const rooms = pgTable(
  'rooms',
  {
    id: id(),
    position: integer('position').notNull(),
    images: textList('images'),
    primaryImage: text('primary_image'),
    maxGuests: integer('max_guests').default(2),
    /** The base price of a night, in cents like every amount; null: price on request. */
    pricePerNightCents: integer('price_per_night_cents'),
    /** Prices by number of guests (issue 45): the guests a night's price includes, each one more per night, a lone guest's reduction per night. */
    includedGuests: integer('included_guests').notNull().default(2),
    extraAdultCents: integer('extra_adult_cents').notNull().default(0),
    extraChildCents: integer('extra_child_cents').notNull().default(0),
    singleReductionCents: integer('single_reduction_cents').notNull().default(0),
    tags: textList('tags'),
    amenities: textList('amenities'),
    /** Secret of the room's export feed (/ical/<token>.ics); the owner can regenerate it. */
    icalExportToken: text('ical_export_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('rooms_max_guests_check', sql`${t.maxGuests} is null or ${t.maxGuests} between 1 and 10`),
    check('rooms_price_check', sql`${t.pricePerNightCents} is null or ${t.pricePerNightCents} >= 0`),
    check(
      'rooms_guest_prices_check',
      sql`${t.includedGuests} between 1 and 10 and ${t.extraAdultCents} between 0 and 10000000 and ${t.extraChildCents} between 0 and 10000000 and ${t.singleReductionCents} between 0 and 10000000`,
    ),
    uniqueIndex('rooms_ical_export_token_idx').on(t.icalExportToken),
  ],
);

export const seasons = pgTable(
  'seasons',
  {
    id: id(),
    name: text('name').notNull(),
    /**
     * The season's stay rules (issue 45), for stays arriving on one of its nights; null:
     * Configuration's. Fewest and most nights, arrival and departure weekdays (bits, Monday
     * first), days of notice before arrival.
     */
    minStay: integer('min_stay'),
    maxNights: integer('max_nights'),
    arrivalDays: integer('arrival_days'),
    departureDays: integer('departure_days'),
    minNoticeDays: integer('min_notice_days'),
    createdAt: createdAt(),
  },
  (t) => [
    check('seasons_min_stay_check', sql`${t.minStay} is null or ${t.minStay} between 1 and 365`),
    check(
      'seasons_rules_check',
      sql`(${t.maxNights} is null or ${t.maxNights} between 1 and 365) and (${t.arrivalDays} is null or ${t.arrivalDays} between 1 and 127) and (${t.departureDays} is null or ${t.departureDays} between 1 and 127) and (${t.minNoticeDays} is null or ${t.minNoticeDays} between 0 and 365)`,
    ),
  ],
);

/** A room's own stay rules in a season (issue 45); null: the season's. */
export const roomSeasonRules = pgTable(
  'room_season_rules',
  {
    id: id(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    minNights: integer('min_nights'),
    maxNights: integer('max_nights'),
    arrivalDays: integer('arrival_days'),
    departureDays: integer('departure_days'),
    minNoticeDays: integer('min_notice_days'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('room_season_rules_room_season').on(t.roomId, t.seasonId),
    check(
      'room_season_rules_check',
      sql`(${t.minNights} is null or ${t.minNights} between 1 and 365) and (${t.maxNights} is null or ${t.maxNights} between 1 and 365) and (${t.arrivalDays} is null or ${t.arrivalDays} between 1 and 127) and (${t.departureDays} is null or ${t.departureDays} between 1 and 127) and (${t.minNoticeDays} is null or ${t.minNoticeDays} between 0 and 365)`,
    ),
  ],
);

/**
 * A length-of-stay reduction (issue 45): this percentage off the stay's price from this
 * many nights, for stays arriving in a season or for one room (exactly one of the two).
 */
export const lengthDiscounts = pgTable(
  'length_discounts',
  {
    id: id(),
    seasonId: uuid('season_id').references(() => seasons.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    minNights: integer('min_nights').notNull(),
    percent: integer('percent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('length_discounts_owner_check', sql`(${t.seasonId} is null) <> (${t.roomId} is null)`),
    check('length_discounts_figures_check', sql`${t.minNights} between 2 and 365 and ${t.percent} between 1 and 90`),
    unique('length_discounts_season_nights').on(t.seasonId, t.minNights),
    unique('length_discounts_room_nights').on(t.roomId, t.minNights),
  ],
);

/**
 * The nights a season covers, first and last night included (calendar dates in the
 * guesthouse's time zone). Periods of two different seasons never overlap: the
 * exclusion constraint `season_periods_no_overlap` (migration, btree_gist) refuses it.
 */
export const seasonPeriods = pgTable(
  'season_periods',
  {
    id: id(),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    firstNight: date('first_night', { mode: 'string' }).notNull(),
    lastNight: date('last_night', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('season_periods_order_check', sql`${t.lastNight} >= ${t.firstNight}`), index('season_periods_season_idx').on(t.seasonId)],
);

export const roomSeasonPrices = pgTable(
  'room_season_prices',
  {
    id: id(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    /** This room's price of a night in this season, in cents. */
    pricePerNightCents: integer('price_per_night_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('room_season_prices_room_season').on(t.roomId, t.seasonId), check('room_season_prices_positive', sql`${t.pricePerNightCents} > 0`)],
);

export const homepageSections = pgTable('homepage_sections', {
  id: id(),
  title: text('title').notNull().default('Nouvelle section'),
  content: text('content'),
  images: textList('images'),
  primaryImage: text('primary_image'),
  position: integer('position').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  amenities: textList('amenities'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const TRANSPORT_TYPES = ['car', 'train', 'plane'] as const;

export const transportOptions = pgTable(
  'transport_options',
  {
    id: id(),
    type: text('type').notNull().unique(),
    enabled: boolean('enabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check('transport_options_type_check', sql`${t.type} in ('car', 'train', 'plane')`)],
);

export const distances = pgTable(
  'distances',
  {
    id: id(),
    city: text('city').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('distances_duration_check', sql`${t.durationMinutes} >= 1`)],
);

export const testimonials = pgTable(
  'testimonials',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    country: text('country'),
    message: text('message').notNull(),
    rating: integer('rating').notNull().default(5),
    createdAt: createdAt(),
    isPublished: boolean('is_published').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
  },
  (t) => [check('testimonials_rating_check', sql`${t.rating} between 1 and 5`), index('testimonials_published_idx').on(t.isPublished, t.createdAt)],
);

export const CONTENT_TYPES = ['room', 'homepage_section', 'site_config', 'transport_options', 'transport', 'general', 'season', 'distance'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const multilingualContent = pgTable(
  'multilingual_content',
  {
    id: id(),
    contentKey: text('content_key').notNull(),
    contentValue: text('content_value').notNull(),
    languageCode: text('language_code').notNull(),
    contentType: text('content_type').notNull(),
    // Polymorphic owner (room, section, transport option…); null for site-wide texts.
    entityId: uuid('entity_id'),
    // A translation's fingerprint (sha256 hex) of the French text it was made from:
    // when French changes, the two differ and the translation is "à revoir" (issue 16).
    // null on French rows, and on a translation saved while no French text existed.
    sourceFingerprint: text('source_fingerprint'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('multilingual_content_unique_key').on(t.contentKey, t.languageCode, t.contentType, t.entityId).nullsNotDistinct(),
    check(
      'multilingual_content_type_check',
      sql`${t.contentType} in ('room', 'homepage_section', 'site_config', 'transport_options', 'transport', 'general', 'season', 'distance')`,
    ),
    index('multilingual_content_entity_idx').on(t.contentType, t.entityId),
  ],
);

/* ───────────── beyond the spec: enquiries, mail, abuse limits ───────────── */

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    dates: text('dates'),
    guests: integer('guests').notNull().default(2),
    message: text('message').notNull(),
    language: text('language'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('contact_messages_guests_check', sql`${t.guests} between 1 and 4`), index('contact_messages_created_idx').on(t.createdAt)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    recipients: textList('recipients'),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    contactMessageId: uuid('contact_message_id').references(() => contactMessages.id, {
      onDelete: 'set null',
    }),
    testimonialId: uuid('testimonial_id').references(() => testimonials.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/** Fixed-window counters for our own limits (contact form, guest book). */
export const submissionLimits = pgTable('submission_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * What the sign-in limits remember of an account (the typed address, lower-cased, whether
 * or not an account has it; app/.server/auth/account-throttle.ts): the addresses it signed
 * in from (the newest few), which the per-network delay never holds back, and when its
 * owner was last told of failures piling up. `failures` and `last_attempt_at` held the
 * account-wide count of issue 38, which issue 51 replaced by sign_in_networks: no longer
 * written, kept for one release so that an instance of the previous build still runs.
 */
export const signInAccounts = pgTable(
  'sign_in_accounts',
  {
    account: text('account').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    knownAddresses: text('known_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last "failed sign-ins on your account" mail: at most one a day. */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_accounts_last_attempt_idx').on(t.lastAttemptAt)],
);

/**
 * Failed sign-ins per account and client network (an IPv4 /24, an IPv6 /64): the delay
 * that slows a guesser holds back that network only, never the owner elsewhere.
 */
export const signInNetworks = pgTable(
  'sign_in_networks',
  {
    account: text('account').notNull(),
    network: text('network').notNull(),
    failures: integer('failures').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.network] }), index('sign_in_networks_last_attempt_idx').on(t.lastAttemptAt)],
);

/** Process-wide secrets generated once and shared by every instance (e.g. the session signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/* ───────────── beyond the spec: availability and booking (issue 14, DESIGN.md) ───────────── */

export const BOOKING_STATUSES = ['pending', 'awaiting_payment', 'confirmed', 'refused', 'cancelled'] as const;
/** The states whose nights are taken: a hold awaiting its deposit counts as a confirmed stay (issue 36). */
export const NIGHT_HOLDING_STATUSES = ['confirmed', 'awaiting_payment'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** How a booking reached the owner: the site's form, taken by hand (phone, e-mail), or a platform's booking recorded by the owner. */
export const BOOKING_SOURCES = ['site', 'phone', 'email', 'airbnb', 'booking_com', 'other'] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/**
 * A guest's direct booking request and, once accepted, the booking. Stay is the
 * half-open night range [arrival, departure). Confirmed bookings of one room never
 * overlap: exclusion constraint `bookings_confirmed_no_overlap` (migration).
 * The quote is a snapshot in integer cents of what the guest was shown; a later
 * payment step adds its own table referencing bookings.id (amounts already in cents).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    status: text('status').$type<BookingStatus>().notNull().default('pending'),
    arrival: date('arrival', { mode: 'string' }).notNull(),
    departure: date('departure', { mode: 'string' }).notNull(),
    guests: integer('guests').notNull(),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    guestPhone: text('guest_phone'),
    message: text('message'),
    /** The guest's page language: their mails are written in it. */
    language: text('language').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** The rooms' price of the stay (nights only); tax and deposit beside it. */
    totalCents: integer('total_cents').notNull(),
    /** Guests under the tourist tax's age: they pay no tax. */
    children: integer('children').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    depositCents: integer('deposit_cents').notNull().default(0),
    /** When the balance is due (arrival less the configured days); null: at arrival. */
    balanceDueDate: date('balance_due_date', { mode: 'string' }),
    source: text('source').$type<BookingSource>().notNull().default('site'),
    /** Who collects the stay's tourist tax: a platform's stays leave the house's declaration (issue 44). */
    taxCollectedBy: text('tax_collected_by').$type<TaxCollector>().notNull().default('house'),
    /** Set when the owner typed the price instead of the engine's. */
    priceOverrideReason: text('price_override_reason'),
    quote: jsonb('quote').notNull(),
    /** Each feed of the room and when it last synced, as seen when the request was checked. */
    feedsChecked: jsonb('feeds_checked')
      .notNull()
      .default(sql`'[]'::jsonb`),
    refusalMessage: text('refusal_message'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The payment link's secret (issue 36): 32 random bytes, base64url; one per booking. */
    paymentToken: text('payment_token').unique(),
    /** When an unpaid hold ('awaiting_payment') is released. */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    /** The Checkout Session the payment link created (reused when the guest opens the link again). */
    stripeSessionId: text('stripe_session_id'),
    /** The short reference the guest and the owner read (R26-0042): a transfer's reference, the notes' (issue 52). */
    reference: text('reference').notNull().unique(),
    /** The deposit's legal nature, as the guest was told when asking (FRENCH-RULES §3). */
    depositNature: text('deposit_nature').$type<DepositNature>().notNull().default('arrhes'),
    /** The day the deposit is due, set when the stay is confirmed (Configuration's days after it). */
    depositDueDate: date('deposit_due_date', { mode: 'string' }),
    /** Who cancelled a cancelled stay: the guest (arrhes kept) or the house (arrhes repaid twice). */
    cancelledBy: text('cancelled_by').$type<'guest' | 'house'>(),
    /** What the house keeps (or still claims) of a cancelled stay, decided when it was cancelled. */
    keptCents: integer('kept_cents'),
    /** What the house owes the guest on top of a refund (the arrhes' double when it cancelled). */
    compensationCents: integer('compensation_cents'),
    /** When the guest's details were blanked (retention or erasure); the dates and amounts stay. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_status_check', sql`${t.status} in ('pending', 'awaiting_payment', 'confirmed', 'refused', 'cancelled')`),
    check('bookings_dates_check', sql`${t.departure} > ${t.arrival}`),
    check('bookings_guests_check', sql`${t.guests} between 1 and 10`),
    check('bookings_total_check', sql`${t.totalCents} >= 0`),
    check('bookings_money_check', sql`${t.taxCents} >= 0 and ${t.depositCents} >= 0 and ${t.children} >= 0 and ${t.children} < ${t.guests}`),
    check('bookings_source_check', sql`${t.source} in ('site', 'phone', 'email', 'airbnb', 'booking_com', 'other')`),
    check(
      'bookings_cancellation_check',
      sql`${t.depositNature} in ('arrhes', 'acompte') and (${t.cancelledBy} is null or ${t.cancelledBy} in ('guest', 'house')) and coalesce(${t.keptCents}, 0) >= 0 and coalesce(${t.compensationCents}, 0) >= 0`,
    ),
    check('bookings_tax_collected_by_check', sql`${t.taxCollectedBy} in ('house', 'platform')`),
    index('bookings_room_idx').on(t.roomId, t.arrival),
    index('bookings_status_idx').on(t.status, t.createdAt),
    index('bookings_payment_expiry_idx')
      .on(t.paymentExpiresAt)
      .where(sql`${t.status} = 'awaiting_payment'`),
  ],
);

/** Stripe's refund statuses; a failed or canceled refund returned nothing. */
export const REFUND_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A booking's money (issue 52, DESIGN "Availability and booking"): every sum received or
 * returned is one row, whoever recorded it — the owner's form, or Stripe (a card payment by
 * its PaymentIntent, a refund by its refund id, each recorded once whichever of the API's
 * answer and the webhook comes first). What is due and outstanding is derived from the
 * booking's quoted figures and these rows (payments/ledger.ts), never stored.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    nature: text('nature').$type<LedgerNature>().notNull(),
    /** Received from the guest, or returned to them (a refund, a compensation). */
    direction: text('direction').$type<'received' | 'returned'>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The day the money was received or returned, in the guesthouse's time zone (legal interest runs from it, L214-2). */
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    means: text('means').$type<LedgerMeans>().notNull(),
    /** The transfer's or cheque's reference, Stripe's id (pi_…, re_…). */
    reference: text('reference'),
    /** The owner's address; 'Stripe' for what the webhook learnt; null for the guest. */
    recordedBy: text('recorded_by'),
    reason: text('reason'),
    /** A card payment's PaymentIntent (received) or the one a Stripe refund gives back from (returned). */
    stripePaymentIntent: text('stripe_payment_intent'),
    /** A Stripe refund's id (re_…; `legacy:…` for what was kept of refunds before they had ids). */
    stripeRefundId: text('stripe_refund_id').unique(),
    /** A Stripe refund's status: a failed or canceled one returned nothing. */
    stripeStatus: text('stripe_status').$type<RefundStatus>(),
    /** The owner's refund request (a key of the rendered form): posted twice, it refunds once. */
    requestKey: text('request_key').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('ledger_entries_amount_check', sql`${t.amountCents} > 0`),
    check('ledger_entries_nature_check', sql`${t.nature} in ('arrhes', 'acompte', 'solde', 'taxe_sejour', 'remboursement', 'dedommagement')`),
    check(
      'ledger_entries_direction_check',
      sql`${t.direction} = case when ${t.nature} in ('remboursement', 'dedommagement') then 'returned' else 'received' end`,
    ),
    check('ledger_entries_means_check', sql`${t.means} in ('virement', 'cheque', 'especes', 'carte', 'stripe')`),
    check(
      'ledger_entries_stripe_status_check',
      sql`${t.stripeStatus} is null or ${t.stripeStatus} in ('pending', 'requires_action', 'succeeded', 'failed', 'canceled')`,
    ),
    // One card payment is recorded once per nature it pays (a balance: the stay's and the tax's).
    uniqueIndex('ledger_entries_payment_intent_idx')
      .on(t.stripePaymentIntent, t.nature)
      .where(sql`${t.direction} = 'received' and ${t.stripePaymentIntent} is not null`),
    index('ledger_entries_booking_idx').on(t.bookingId, t.occurredOn),
  ],
);

export const BOOKING_EVENT_KINDS = [
  'created',
  'accepted',
  'refused',
  'changed',
  'cancelled',
  'payment',
  'message',
  'expired',
  'refund',
  'tax_collector',
  'payment_failed',
  'reminder',
  'note',
] as const;
export type BookingEventKind = (typeof BOOKING_EVENT_KINDS)[number];

/**
 * A booking's history: every transition, payment and message, who did it and when.
 * `actor` is the owner's name (null: the guest, through the site). A message's text
 * is in `details.body`: the owner's messages to the guest are read from here.
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<BookingEventKind>().notNull(),
    actor: text('actor'),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.createdAt)],
);

/**
 * Stripe webhook events already handled (issue 36): a replay of an id changes nothing.
 * `outcome` says what the event did (for the owner's and an operator's reading).
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  bookingId: uuid('booking_id'),
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/**
 * A promo code for direct bookings (issue 45): a percentage or an amount off the stay, good
 * on the days a stay is asked for (first and last included), from a number of nights, a
 * number of times, for some rooms (none listed: every room). `code` is kept normalised
 * (capitals, no spaces or accents): a guest typing « été 26 » finds ETE26. Two periods of one
 * code never overlap: exclusion constraint `promo_codes_no_overlap` (migration). `uses` is
 * advanced in the transaction that stores the request or booking, by a conditional update.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    code: text('code').notNull(),
    kind: text('kind').$type<PromoKind>().notNull(),
    /** Percent (1–100) or cents. */
    value: integer('value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    minNights: integer('min_nights'),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    roomIds: uuid('room_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
  },
  (t) => [
    check('promo_codes_code_check', sql`${t.code} ~ '^[A-Z0-9_-]{2,40}$'`),
    check(
      'promo_codes_value_check',
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'amount' and ${t.value} between 1 and 10000000)`,
    ),
    check('promo_codes_dates_check', sql`${t.validUntil} >= ${t.validFrom}`),
    check(
      'promo_codes_limits_check',
      sql`(${t.minNights} is null or ${t.minNights} between 1 and 365) and (${t.maxUses} is null or ${t.maxUses} between 1 and 1000000) and ${t.uses} >= 0`,
    ),
    index('promo_codes_code_idx').on(t.code),
  ],
);

/** Nights the owner closed by hand (first and last night included), with a note. */
export const manualBlocks = pgTable(
  'manual_blocks',
  {
    id: id(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    firstNight: date('first_night', { mode: 'string' }).notNull(),
    lastNight: date('last_night', { mode: 'string' }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [check('manual_blocks_order_check', sql`${t.lastNight} >= ${t.firstNight}`), index('manual_blocks_room_idx').on(t.roomId, t.firstNight)],
);

/** A calendar (Airbnb, Booking.com, Vrbo…) whose events make a room's nights unavailable. */
export const icalFeeds = pgTable(
  'ical_feeds',
  {
    id: id(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The owner's name for the feed; null: the platform recognised from the URL. */
    label: text('label'),
    /** Failed attempts in a row: the worker waits twice as long after each (capped). */
    failures: integer('failures').notNull().default(0),
    /** The last good import: events kept, events skipped and why (French). */
    importedCount: integer('imported_count'),
    skippedCount: integer('skipped_count'),
    skippedReasons: text('skipped_reasons'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('ical_feeds_room_url').on(t.roomId, t.url)],
);

/** The last good events of a feed, as night ranges [start_night, end_night). */
export const icalEvents = pgTable(
  'ical_events',
  {
    id: id(),
    feedId: uuid('feed_id')
      .notNull()
      .references(() => icalFeeds.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    summary: text('summary'),
    startNight: date('start_night', { mode: 'string' }).notNull(),
    endNight: date('end_night', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('ical_events_order_check', sql`${t.endNight} > ${t.startNight}`), index('ical_events_feed_idx').on(t.feedId, t.startNight)],
);

/**
 * A tourist-tax period declared and paid to the collector (issue 44): the nights
 * [period_start, period_end) it covers, when and how much was paid, and the register as it
 * was declared (`rows`, `totals`: no identity data). A declared period is locked: a later
 * change to one of its stays is a correction in the next open period, never a change here.
 * Two declarations never cover the same night: exclusion constraint
 * `tourist_tax_declarations_no_overlap` (migration).
 */
export const touristTaxDeclarations = pgTable(
  'tourist_tax_declarations',
  {
    id: id(),
    /** '2026-T1', '2026-S2', '2026-03' (~/lib/tourist-tax). */
    period: text('period').notNull().unique(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    declaredOn: date('declared_on', { mode: 'string' }).notNull(),
    paidCents: integer('paid_cents').notNull(),
    reference: text('reference'),
    declaredBy: text('declared_by'),
    rows: jsonb('rows').notNull(),
    totals: jsonb('totals').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('tourist_tax_declarations_period_check', sql`${t.periodEnd} > ${t.periodStart}`),
    check('tourist_tax_declarations_paid_check', sql`${t.paidCents} >= 0`),
  ],
);

/* ───────────── beyond the spec: backups (issue 16) ───────────── */

export const BACKUP_KINDS = ['download', 'command', 'nightly'] as const;

/** Each backup archive made, so that the configuration screen can say when the last one was. */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: id(),
    kind: text('kind').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** Where the archive was written (command line, nightly); null for a download. */
    file: text('file'),
    createdAt: createdAt(),
  },
  (t) => [check('backup_runs_kind_check', sql`${t.kind} in ('download', 'command', 'nightly')`)],
);

/* ───────────── beyond the spec: notifications on the owners' phones (issue 48) ───────────── */

/**
 * A device on which an admin turned notifications on (Web Push): the push service's
 * endpoint (a capability URL, unique), the browser's keys for the message encryption
 * (RFC 8291) and the application server key it subscribed with — a push service refuses
 * a message signed with another (decision 0024). Deleted with its user, when the push
 * service says it is gone (404/410) or when the site's key changes.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    applicationServerKey: text('application_server_key').notNull(),
    /** "Chrome sur Android": what the owner reads to tell their devices apart. */
    device: text('device').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One notification for one device, written in the transaction of the event it tells of
 * and sent by the push worker (app/.server/notifications/push-worker.ts) under
 * FOR UPDATE SKIP LOCKED with a lease, like the mail outbox: once across instances.
 * `payload` is the French text and link shown (never more of the guest than a name and
 * dates); not sent after `expires_at` (its TTL).
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    urgency: text('urgency').notNull().default('normal'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('push_outbox_urgency_check', sql`${t.urgency} in ('very-low', 'low', 'normal', 'high')`),
    index('push_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('push_outbox_subscription_idx').on(t.subscriptionId),
    index('push_outbox_created_idx').on(t.createdAt),
  ],
);

/* ───────────── beyond the spec: notes, planned messages, counters (issue 52) ───────────── */

/**
 * Per-year counters (a note's number, a booking's reference): a row locked and advanced in
 * the transaction that takes a number, so that a rollback gives it back and two instances
 * never take the same one (the notes' numbers are chronological without a gap).
 */
export const sequenceCounters = pgTable(
  'sequence_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

export const NOTE_KINDS = ['note', 'credit_note'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/**
 * A note (facture) or credit note (avoir) of a stay, issued once and never edited (a trigger
 * refuses any change but forgetting the booking it came from, and any delete): `content`
 * is its whole text as issued (issuer, guest, stay, lines, tax, VAT, payments), from which
 * its PDF is drawn. Kept 10 years (FRENCH-RULES §4), whatever becomes of the booking.
 */
export const stayNotes = pgTable(
  'stay_notes',
  {
    id: id(),
    kind: text('kind').$type<NoteKind>().notNull(),
    /** "2026-0007": year and rank among that year's notes and credit notes. */
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** A credit note's note. */
    creditsNoteId: uuid('credits_note_id')
      .unique()
      .references((): AnyPgColumn => stayNotes.id),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    issuedBy: text('issued_by'),
    guestName: text('guest_name').notNull(),
    /** What it totals, tourist tax included (a credit note's is negative). */
    amountCents: integer('amount_cents').notNull(),
    content: jsonb('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('stay_notes_kind_check', sql`${t.kind} in ('note', 'credit_note')`),
    check('stay_notes_credit_check', sql`(${t.kind} = 'credit_note') = (${t.creditsNoteId} is not null)`),
    unique('stay_notes_year_sequence').on(t.year, t.sequence),
    index('stay_notes_booking_idx').on(t.bookingId),
    index('stay_notes_issued_idx').on(t.issuedOn, t.sequence),
  ],
);

export const SCHEDULED_STATES = ['planned', 'sent', 'skipped', 'cancelled'] as const;
export type ScheduledState = (typeof SCHEDULED_STATES)[number];

/**
 * Time-driven work (DESIGN "Availability and booking"): a message or job planned for a
 * moment, written in the transaction of the change that plans it, re-planned or cancelled
 * by later changes, and carried out once across instances by the periodic pass
 * (app/.server/scheduled/). `key` names it (kind, subject, occurrence): planning again is
 * an upsert. States: planned → sent (carried out), skipped (no longer needed when due), or
 * cancelled (its cause went away).
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: id(),
    key: text('key').notNull().unique(),
    kind: text('kind').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    state: text('state').$type<ScheduledState>().notNull().default('planned'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Why it was skipped or cancelled, for the owner's reading. */
    outcome: text('outcome'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('scheduled_messages_state_check', sql`${t.state} in ('planned', 'sent', 'skipped', 'cancelled')`),
    index('scheduled_messages_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'planned'`),
    index('scheduled_messages_booking_idx').on(t.bookingId),
  ],
);

/** At most this many bytes per attached file, and this many files per mail: an outbox row stays small. */
export const MAIL_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;

/** A file sent with an outbox mail (a note's PDF), deleted with it. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: id(),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytes('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('mail_attachments_size_check', sql`octet_length(${t.content}) <= 2097152`), index('mail_attachments_mail_idx').on(t.mailId)],
);

/* ───────────── beyond the spec: personal data (issue 47, FRENCH-RULES §7) ───────────── */

export const PERSONAL_DATA_LOG_KINDS = ['purge', 'erasure'] as const;

/**
 * What was done to personal data, and when: each nightly purge (one per Paris night:
 * the unique index is the last guard of "exactly once") and each erasure asked for by a
 * person. `counts` says how many rows of each kind went or were blanked; an erasure
 * keeps who did it and the address in a masked form (proof of the request, not a copy).
 */
export const personalDataLog = pgTable(
  'personal_data_log',
  {
    id: id(),
    kind: text('kind').$type<(typeof PERSONAL_DATA_LOG_KINDS)[number]>().notNull(),
    /** The Paris date of a nightly purge. */
    night: date('night', { mode: 'string' }),
    actor: text('actor'),
    subject: text('subject'),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('personal_data_log_kind_check', sql`${t.kind} in ('purge', 'erasure')`),
    uniqueIndex('personal_data_log_night_idx')
      .on(t.night)
      .where(sql`${t.kind} = 'purge'`),
    index('personal_data_log_created_idx').on(t.kind, t.createdAt),
  ],
);
