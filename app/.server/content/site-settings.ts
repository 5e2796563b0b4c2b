// The single site_config row (SPEC §3): the configuration screen's values with their
// multilingual texts, and the legal notice's fields (LCEN art. 6) read by the public
// legal page and edited in Configuration. The public header/footer read is site/shell.ts.
import { db, type Executor } from '../db/client';
import { siteConfig } from '../db/schema';
import { loadTexts, pickText, SOURCE_LANGUAGE, upsertTexts } from './multilingual-content';
import { siteTextKey } from './content-keys';
import { cleanRichText } from './sanitize';
import type { SiteConfigInput } from '~/lib/schemas/site-config';
import {
  LEGAL_TEXT_FIELDS,
  missingLegalFields,
  type LegalNotice,
  type LegalNoticeInput,
  type MissingLegalField,
  type SiteContact,
} from '~/lib/schemas/legal-notice';

import { cachePublicData } from '../public-content/invalidation';
import type { StayTermsInput } from '~/lib/schemas/stay-terms';
import type { PriceMentionsInput, StayRulesInput } from '~/lib/schemas/stay-rules';
import { RETENTION_DEFAULTS, type RetentionSettings } from '~/lib/schemas/personal-data';
import type { TouristTaxSettingsInput } from '~/lib/schemas/tourist-tax';
import { decimalEuros } from '~/lib/money';
import { DEFAULT_VAT_RATE_BASIS_POINTS } from '~/lib/money-terms';
import { groupedIban, type MoneyTermsInput } from '~/lib/schemas/money-terms';
import { config } from '../environment';
import { DEFAULT_REGIONAL_SURCHARGE_PERCENT, touristTaxPerNightCents, type DeclarationFrequency, type TouristTaxRate } from '~/lib/tourist-tax';

/** Writes columns of the single settings row, creating it on the first save. */
async function writeSettings(executor: Executor, columns: Partial<typeof siteConfig.$inferInsert>) {
  await executor
    .insert(siteConfig)
    .values({ singleton: true, ...columns })
    .onConflictDoUpdate({ target: siteConfig.singleton, set: { ...columns, updatedAt: new Date() } });
}

export async function getSiteConfigRow() {
  const [row] = await db.select().from(siteConfig).limit(1);
  return row ?? null;
}

/** The site's name as the owners' mails are signed (they are written in French): the French name, else the column; '' when none. */
export async function siteNameForMail(): Promise<string> {
  const [row, texts] = await Promise.all([getSiteConfigRow(), loadTexts('site_config', null)]);
  return pickText(texts.get(siteTextKey('name')), ['fr'], row?.name);
}

/**
 * The configuration screen's values: columns plus the texts of the editing language.
 * The name and tagline columns hold French: they fill the French form only, so that
 * saving another language never stores French text as its translation.
 */
export async function getSiteConfigForEditing(language: string) {
  const [row, texts] = await Promise.all([getSiteConfigRow(), loadTexts('site_config', null)]);
  const text = (key: string) => texts.get(key)?.[language] ?? '';
  const column = (value: string | null | undefined) => (language === SOURCE_LANGUAGE ? (value ?? '') : '');
  return {
    exists: row !== null,
    name: text(siteTextKey('name')) || column(row?.name),
    tagline: text(siteTextKey('tagline')) || column(row?.tagline),
    modalites: text(siteTextKey('modalites')),
    contactEmail: row?.contactEmail ?? '',
    phones: row?.phones ?? [],
    address: row?.address ?? '',
    instagramLink: row?.instagramLink ?? '',
    bookingLink: row?.bookingLink ?? '',
    airbnbLink: row?.airbnbLink ?? '',
    tripadvisorLink: row?.tripadvisorLink ?? '',
    heroImages: row?.heroImages ?? [],
  };
}

/**
 * Saves the general card in one transaction: the single row (created on first
 * save) and the name, tagline and stay terms of the editing language. The French
 * or default-language name and tagline also go to the row's columns, which other
 * readers use as the last fallback. Hero images are left to the image uploader.
 */
export async function saveSiteConfig(input: SiteConfigInput, language: string, defaultLanguage: string) {
  const columns = {
    contactEmail: input.contactEmail,
    phones: input.phones,
    address: input.address,
    instagramLink: input.instagramLink,
    bookingLink: input.bookingLink,
    airbnbLink: input.airbnbLink,
    tripadvisorLink: input.tripadvisorLink,
    ...(language === 'fr' || language === defaultLanguage
      ? { ...(input.name ? { name: input.name } : {}), ...(input.tagline ? { tagline: input.tagline } : {}) }
      : {}),
  };
  const modalites = cleanRichText(input.modalites);
  await db.transaction(async (tx) => {
    await writeSettings(tx, columns);
    await upsertTexts(tx, { contentType: 'site_config', entityId: null, language }, [
      { key: siteTextKey('name'), value: input.name },
      { key: siteTextKey('tagline'), value: input.tagline },
      { key: siteTextKey('modalites'), value: modalites },
    ]);
  });
}

// The legal notice

export type { LegalNotice } from '~/lib/schemas/legal-notice';

/** The notice's fields and the site's own contact details, which stand for the publisher's when the notice gives none. */
export interface LegalSettings {
  notice: LegalNotice;
  site: SiteContact;
  /** What the personal-data section says the site does: the retention periods, the card payments' switch. */
  privacy: { onlineDeposit: boolean; retention: RetentionSettings };
}

/** Kept in memory until the site's configuration changes (public-content/invalidation.ts). */
export function getLegalSettings(): Promise<LegalSettings> {
  return cachePublicData('legal-notice', readLegalSettings);
}

async function readLegalSettings(): Promise<LegalSettings> {
  const [row] = await db
    .select({
      publisherStatus: siteConfig.publisherStatus,
      legalOwner: siteConfig.legalOwner,
      legalForm: siteConfig.legalForm,
      shareCapital: siteConfig.shareCapital,
      legalRcs: siteConfig.legalRcs,
      legalSiret: siteConfig.legalSiret,
      publisherAddress: siteConfig.publisherAddress,
      publisherPhone: siteConfig.publisherPhone,
      publisherEmail: siteConfig.publisherEmail,
      publicationDirector: siteConfig.publicationDirector,
      hostName: siteConfig.hostName,
      hostAddress: siteConfig.hostAddress,
      hostPhone: siteConfig.hostPhone,
      mediatorName: siteConfig.mediatorName,
      mediatorUrl: siteConfig.mediatorUrl,
      address: siteConfig.address,
      phone: siteConfig.phone,
      phones: siteConfig.phones,
      contactEmail: siteConfig.contactEmail,
      onlineDeposit: siteConfig.onlineDeposit,
      ...RETENTION_COLUMNS,
    })
    .from(siteConfig)
    .limit(1);
  const notice = Object.fromEntries(LEGAL_TEXT_FIELDS.map((key) => [key, row?.[key] ?? ''])) as Omit<LegalNotice, 'publisherStatus'>;
  return {
    notice: { publisherStatus: row?.publisherStatus ?? 'individual', ...notice },
    // The legal notice's single phone field (SPEC §3), else the first of the list.
    site: { address: row?.address ?? '', phone: row?.phone || row?.phones.find((p) => p.trim()) || '', email: row?.contactEmail ?? '' },
    privacy: { onlineDeposit: row?.onlineDeposit ?? false, retention: retentionOf(row) },
  };
}

/**
 * What the law requires of the legal notice that the owner has not given yet, in the
 * back office's words: the one answer for every screen that warns about it
 * (Configuration, the owner's home, Aujourd'hui). The public notice shows only what is set.
 */
export async function listMissingLegalNoticeFields(): Promise<MissingLegalField[]> {
  const { notice, site } = await getLegalSettings();
  return missingLegalFields(notice, site);
}

/** Saves the legal fields (creating the single row on first save). */
export async function saveLegalNotice(input: LegalNoticeInput) {
  await writeSettings(db, input);
}

// Personal data (issue 47): how long each kind is kept (app/.server/privacy/retention.ts).

const RETENTION_COLUMNS = {
  contactMonths: siteConfig.retentionContactMonths,
  guestMonths: siteConfig.retentionGuestMonths,
  testimonialMonths: siteConfig.retentionTestimonialMonths,
  policeMonths: siteConfig.retentionPoliceMonths,
};

const retentionOf = (row: Partial<RetentionSettings> | undefined): RetentionSettings =>
  Object.fromEntries(Object.entries(RETENTION_DEFAULTS).map(([key, months]) => [key, row?.[key as keyof RetentionSettings] ?? months])) as RetentionSettings;

/** The retention periods in months: the lawful defaults until Configuration says otherwise. */
export async function loadRetentionSettings(executor: Executor = db): Promise<RetentionSettings> {
  const [row] = await executor.select(RETENTION_COLUMNS).from(siteConfig).limit(1);
  return retentionOf(row);
}

/** Saves the retention periods (creating the single row on first save). */
export async function saveRetentionSettings(input: RetentionSettings) {
  await writeSettings(db, {
    retentionContactMonths: input.contactMonths,
    retentionGuestMonths: input.guestMonths,
    retentionTestimonialMonths: input.testimonialMonths,
    retentionPoliceMonths: input.policeMonths,
  });
}

// The stay terms as figures (issue 35), as the owner edits them (the price engine reads
// them through booking/pricing/quote-inputs.ts), and what the guest's confirmation says
// about arrival and cancellation. The tourist tax has a card of its own (below).

/** The 'Séjour et paiements' card: figures, times and the cancellation terms in the editing language. */
export async function getStayTermsForEditing(language: string) {
  const [row, texts] = await Promise.all([getSiteConfigRow(), loadTexts('site_config', null)]);
  return {
    depositPercent: row?.depositPercent ?? 0,
    balanceDueDays: row?.balanceDueDays ?? 0,
    checkInTime: row?.checkInTime ?? '',
    checkOutTime: row?.checkOutTime ?? '',
    cancellationTerms: texts.get(siteTextKey('cancellation_terms'))?.[language] ?? '',
  };
}

/** Saves the stay terms (creating the single row on first save) and the cancellation terms of the editing language, in one transaction. */
export async function saveStayTerms(input: StayTermsInput, language: string) {
  const columns = {
    depositPercent: input.depositPercent,
    balanceDueDays: input.balanceDueDays,
    checkInTime: input.checkInTime,
    checkOutTime: input.checkOutTime,
  };
  await db.transaction(async (tx) => {
    await writeSettings(tx, columns);
    await upsertTexts(tx, { contentType: 'site_config', entityId: null, language }, [
      { key: siteTextKey('cancellation_terms'), value: cleanRichText(input.cancellationTerms) },
    ]);
  });
}

/** What a guest's mail says about the house: address, phone, times, cancellation terms (along the language chain). */
export async function loadGuestPractical(chain: string[], executor: Executor = db) {
  const [row] = await executor
    .select({
      address: siteConfig.address,
      phones: siteConfig.phones,
      contactEmail: siteConfig.contactEmail,
      checkInTime: siteConfig.checkInTime,
      checkOutTime: siteConfig.checkOutTime,
    })
    .from(siteConfig)
    .limit(1);
  const texts = await loadTexts('site_config', null, executor);
  const terms = texts.get(siteTextKey('cancellation_terms'));
  const cancellationHtml = chain.map((code) => terms?.[code]).find((v) => v && v.trim()) ?? '';
  return {
    address: row?.address ?? null,
    phone: row?.phones?.[0] ?? null,
    contactEmail: row?.contactEmail ?? null,
    checkInTime: row?.checkInTime ?? null,
    checkOutTime: row?.checkOutTime ?? null,
    cancellationHtml,
  };
}
export type GuestPractical = Awaited<ReturnType<typeof loadGuestPractical>>;

/** The 'Paiement en ligne de l'acompte' card (issue 36). */
export async function getOnlineDepositForEditing() {
  const row = await getSiteConfigRow();
  return { enabled: row?.onlineDeposit ?? false, paymentWindowHours: row?.paymentWindowHours ?? 48 };
}

/** Turns the online deposit on or off and sets its window (creating the single row on first save). */
export async function saveOnlineDeposit(input: { enabled: boolean; paymentWindowHours: number }) {
  const columns = { onlineDeposit: input.enabled, paymentWindowHours: input.paymentWindowHours };
  await writeSettings(db, columns);
}

// The general stay rules (issue 45): Configuration's figures, the environment's
// BOOKING_MAX_NIGHTS and BOOKING_HORIZON_DAYS where the owner has set none. The price
// engine's types and checks are ~/lib/stay-rules.ts.

/** The general rules as the engine reads them: every figure set. */
export async function loadStayRulesSettings(executor: Executor = db) {
  const [row] = await executor
    .select({
      minNights: siteConfig.stayMinNights,
      maxNights: siteConfig.stayMaxNights,
      arrivalDays: siteConfig.arrivalDays,
      departureDays: siteConfig.departureDays,
      minNoticeDays: siteConfig.minNoticeDays,
      horizonDays: siteConfig.horizonDays,
    })
    .from(siteConfig)
    .limit(1);
  const { BOOKING_MAX_NIGHTS, BOOKING_HORIZON_DAYS } = config();
  return {
    minNights: row?.minNights ?? 1,
    maxNights: row?.maxNights ?? BOOKING_MAX_NIGHTS,
    arrivalDays: row?.arrivalDays ?? 127,
    departureDays: row?.departureDays ?? 127,
    minNoticeDays: row?.minNoticeDays ?? 0,
    horizonDays: row?.horizonDays ?? BOOKING_HORIZON_DAYS,
  };
}

/** The 'Règles de séjour' card: the figures the owner set (null: the environment's default, shown beside). */
export async function getStayRulesForEditing() {
  const row = await getSiteConfigRow();
  const { BOOKING_MAX_NIGHTS, BOOKING_HORIZON_DAYS } = config();
  return {
    minNights: row?.stayMinNights ?? 1,
    maxNights: row?.stayMaxNights ?? null,
    arrivalDays: row?.arrivalDays ?? 127,
    departureDays: row?.departureDays ?? 127,
    minNoticeDays: row?.minNoticeDays ?? 0,
    horizonDays: row?.horizonDays ?? null,
    defaults: { maxNights: BOOKING_MAX_NIGHTS, horizonDays: BOOKING_HORIZON_DAYS },
  };
}

/** Saves the general rules (creating the single row on first save). */
export async function saveStayRulesSettings(input: StayRulesInput, executor: Executor = db) {
  await writeSettings(executor, {
    stayMinNights: input.minNights,
    stayMaxNights: input.maxNights,
    arrivalDays: input.arrivalDays,
    departureDays: input.departureDays,
    minNoticeDays: input.minNoticeDays,
    horizonDays: input.horizonDays,
  });
}

// What the price includes (arrêté du 18 décembre 2015): said beside every price a guest sees.

/** Breakfast and Wi-Fi: included, at a price (cents), or not offered. */
export async function loadPriceMentions(executor: Executor = db) {
  const [row] = await executor
    .select({
      breakfast: siteConfig.breakfast,
      breakfastPriceCents: siteConfig.breakfastPriceCents,
      wifi: siteConfig.wifi,
      wifiPriceCents: siteConfig.wifiPriceCents,
    })
    .from(siteConfig)
    .limit(1);
  return {
    breakfast: row?.breakfast ?? 'included',
    breakfastPriceCents: row?.breakfastPriceCents ?? null,
    wifi: row?.wifi ?? 'included',
    wifiPriceCents: row?.wifiPriceCents ?? null,
  };
}
export type PriceMentionsSettings = Awaited<ReturnType<typeof loadPriceMentions>>;

/** The public pages' read of what the price includes, kept until the settings change (public-content/invalidation.ts). */
export function getPriceMentions(): Promise<PriceMentionsSettings> {
  return cachePublicData('price-mentions', () => loadPriceMentions());
}

/** Saves what the price includes (creating the single row on first save). */
export async function savePriceMentions(input: PriceMentionsInput) {
  await writeSettings(db, {
    breakfast: input.breakfast,
    breakfastPriceCents: input.breakfast === 'paid' ? input.breakfastPrice : null,
    wifi: input.wifi,
    wifiPriceCents: input.wifi === 'paid' ? input.wifiPrice : null,
  });
}

// Money the French way (issue 52): the deposit's nature, the bank account a deposit is
// transferred to, the deposit's deadline, the balance reminder and VAT on the notes.

/** What a booking's steps read of the money terms, in their transaction. */
export async function loadMoneyTerms(executor: Executor = db) {
  const [row] = await executor
    .select({
      depositNature: siteConfig.depositNature,
      depositDueDays: siteConfig.depositDueDays,
      balanceReminderDays: siteConfig.balanceReminderDays,
      bankHolder: siteConfig.bankHolder,
      bankIban: siteConfig.bankIban,
      bankBic: siteConfig.bankBic,
      vatMode: siteConfig.vatMode,
      vatRateBasisPoints: siteConfig.vatRateBasisPoints,
      checkOutTime: siteConfig.checkOutTime,
    })
    .from(siteConfig)
    .limit(1);
  return {
    depositNature: row?.depositNature ?? 'arrhes',
    depositDueDays: row?.depositDueDays ?? 7,
    balanceReminderDays: row?.balanceReminderDays ?? 7,
    /** The account a guest transfers to, IBAN in groups of four; null until the owner gives one. */
    bank: row?.bankIban ? { holder: row.bankHolder ?? '', iban: groupedIban(row.bankIban), bic: row.bankBic ?? '' } : null,
    vat: { mode: row?.vatMode ?? 'franchise', rateBasisPoints: row?.vatRateBasisPoints ?? DEFAULT_VAT_RATE_BASIS_POINTS },
    checkOutTime: row?.checkOutTime ?? null,
  } as const;
}
export type MoneyTerms = Awaited<ReturnType<typeof loadMoneyTerms>>;

/** The card « Acompte, virement et factures » as the owner edits it (the IBAN whole: it is their own form). */
export async function getMoneyTermsForEditing() {
  const row = await getSiteConfigRow();
  return {
    depositNature: row?.depositNature ?? 'arrhes',
    depositDueDays: row?.depositDueDays ?? 7,
    balanceReminderDays: row?.balanceReminderDays ?? 7,
    bankHolder: row?.bankHolder ?? '',
    bankIban: row?.bankIban ? groupedIban(row.bankIban) : '',
    bankBic: row?.bankBic ?? '',
    vatMode: row?.vatMode ?? 'franchise',
    vatRate: decimalEuros(row?.vatRateBasisPoints ?? DEFAULT_VAT_RATE_BASIS_POINTS)
      .replace(/\.00$/, '')
      .replace('.', ','),
  };
}

/** Saves the card (creating the single row on first save). */
export async function saveMoneyTerms(input: MoneyTermsInput) {
  await writeSettings(db, {
    depositNature: input.depositNature,
    depositDueDays: input.depositDueDays,
    balanceReminderDays: input.balanceReminderDays,
    bankHolder: input.bankHolder,
    bankIban: input.bankIban,
    bankBic: input.bankBic,
    vatMode: input.vatMode,
    vatRateBasisPoints: input.vatRate,
  });
}

// The tourist tax as the town sets it (issue 44): the rate (base and surcharges), who
// collects it, how often and by when it is declared, the town's deliberation.

export interface TouristTaxSettings {
  rate: TouristTaxRate;
  /** What a person pays per night: base and surcharges, rounded once (~/lib/tourist-tax). */
  perNightCents: number;
  collector: string;
  declarationUrl: string;
  frequency: DeclarationFrequency;
  /** The declaration is due on this day of the month after the period. */
  dueDay: number;
  deliberation: string;
}

/** The settings as figures, with the defaults of a new house (34 % regional surcharge, quarterly, the 20th). */
export async function loadTouristTaxSettings(executor: Executor = db): Promise<TouristTaxSettings> {
  const [row] = await executor
    .select({
      baseCents: siteConfig.touristTaxBaseCents,
      regionalPercent: siteConfig.touristTaxRegionalPercent,
      departmentalPercent: siteConfig.touristTaxDepartmentalPercent,
      collector: siteConfig.touristTaxCollector,
      declarationUrl: siteConfig.touristTaxDeclarationUrl,
      frequency: siteConfig.touristTaxFrequency,
      dueDay: siteConfig.touristTaxDueDay,
      deliberation: siteConfig.touristTaxDeliberation,
    })
    .from(siteConfig)
    .limit(1);
  const rate = {
    baseCents: row?.baseCents ?? 0,
    regionalPercent: row?.regionalPercent ?? DEFAULT_REGIONAL_SURCHARGE_PERCENT,
    departmentalPercent: row?.departmentalPercent ?? 0,
  };
  return {
    rate,
    perNightCents: touristTaxPerNightCents(rate),
    collector: row?.collector ?? '',
    declarationUrl: row?.declarationUrl ?? '',
    frequency: row?.frequency ?? 'quarterly',
    dueDay: row?.dueDay ?? 20,
    deliberation: row?.deliberation ?? '',
  };
}

/** The 'Taxe de séjour' card's values, the base as a field shows euros. */
export async function getTouristTaxForEditing() {
  const settings = await loadTouristTaxSettings();
  return {
    base: decimalEuros(settings.rate.baseCents),
    regionalPercent: settings.rate.regionalPercent,
    departmentalPercent: settings.rate.departmentalPercent,
    collector: settings.collector,
    declarationUrl: settings.declarationUrl,
    frequency: settings.frequency,
    dueDay: settings.dueDay,
    deliberation: settings.deliberation,
  };
}

/** Saves the tourist tax card (creating the single row on first save). */
export async function saveTouristTaxSettings(input: TouristTaxSettingsInput) {
  await writeSettings(db, {
    touristTaxBaseCents: input.base,
    touristTaxRegionalPercent: input.regionalPercent,
    touristTaxDepartmentalPercent: input.departmentalPercent,
    touristTaxCollector: input.collector,
    touristTaxDeclarationUrl: input.declarationUrl,
    touristTaxFrequency: input.frequency,
    touristTaxDueDay: input.dueDay,
    touristTaxDeliberation: input.deliberation,
  });
}
