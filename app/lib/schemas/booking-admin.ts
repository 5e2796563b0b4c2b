import { isIsoDate } from '~/lib/nights';
import { TAX_COLLECTORS, type TaxCollector } from '~/lib/tourist-tax';
import { z } from '~/lib/zod';
import { amountInCents } from './amount';
import { LEDGER_NATURES, OWNER_MEANS } from '~/lib/money-terms';
import { mailableEmailAddress } from './common';

// The owner's Réservations screen (issue 14): answers to requests, manual blocks, feeds.

const bookingId = z.uuid({ error: 'Demande introuvable' });
const night = (label: string) => z.string({ error: `${label} requise` }).refine(isIsoDate, `${label} invalide`);

export const AcceptBookingSchema = z.object({ id: bookingId });

export const RefuseBookingSchema = z.object({
  id: bookingId,
  message: z.string().trim().max(2000, 'Message trop long (2000 caractères au plus)').optional(),
});

export const AddBlockSchema = z
  .object({
    roomId: z.uuid({ error: 'Chambre inconnue' }),
    firstNight: night('Première nuit'),
    lastNight: night('Dernière nuit'),
    note: z.string().trim().max(200, 'Note trop longue (200 caractères au plus)').optional(),
  })
  .refine((v) => v.lastNight >= v.firstNight, { path: ['lastNight'], message: 'La dernière nuit ne peut pas précéder la première' });

export const DeleteBlockSchema = z.object({ id: z.uuid({ error: 'Blocage introuvable' }) });

export const SyncFeedSchema = z.object({ id: z.uuid({ error: 'Calendrier introuvable' }) });

// The room editor's Calendriers tab: imported feeds and the export link.
const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** The owner's name for a feed; empty: the platform recognised from its address. */
const feedLabel = z.string().trim().max(80, 'Nom trop long (80 caractères au plus)').optional();

export const AddFeedSchema = z.object({
  url: z
    .string({ error: "L'adresse du calendrier est requise" })
    .trim()
    .min(1, "L'adresse du calendrier est requise")
    .max(2000, "L'adresse est trop longue (2000 caractères maximum)")
    // An empty address has its own message (above).
    .refine((v) => v === '' || (/^https?:\/\//i.test(v) && isHttpUrl(v)), "L'adresse doit être un lien http:// ou https://"),
  label: feedLabel,
});

export const RenameFeedSchema = z.object({ id: z.uuid({ error: 'Calendrier introuvable' }), label: feedLabel });

export const DeleteFeedSchema = z.object({ id: z.uuid({ error: 'Calendrier introuvable' }) });

export const RegenerateExportSchema = z.object({});

// The booking record page (issue 35): record a booking taken by phone or e-mail,
// change its dates, room or guests, cancel it, mark money received, write to the guest.

const stayId = z.uuid({ error: 'Réservation introuvable' });
/** An amount typed in euros, given to the action in cents. */
const amount = (label: string) =>
  amountInCents(
    {
      invalid: `${label} doit être un montant en euros`,
      tooSmall: `${label} doit être supérieur à 0`,
      tooLarge: `${label} est trop élevé`,
      decimals: `${label} ne peut avoir que 2 décimales`,
    },
    { minCents: 1, maxCents: 10_000_000 },
  );

export const GUEST_LANGUAGES = ['fr', 'en', 'es', 'de'] as const;
/** How a booking the owner records reached him: by phone, by e-mail, or on a platform (issue 44). */
export const RECORD_SOURCES = ['phone', 'email', 'airbnb', 'booking_com', 'other'] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number];
export const SOURCE_LABELS: Record<string, string> = {
  site: 'site',
  phone: 'téléphone',
  email: 'e-mail',
  airbnb: 'Airbnb',
  booking_com: 'Booking.com',
  other: 'Autre',
};
/** The platforms that collect the tourist tax themselves: their stays default to « collectée par la plateforme ». */
const COLLECTING_PLATFORMS: ReadonlySet<string> = new Set(['airbnb', 'booking_com']);
export const defaultTaxCollector = (source: string): TaxCollector => (COLLECTING_PLATFORMS.has(source) ? 'platform' : 'house');

const stayFields = {
  roomId: z.uuid({ error: 'Chambre inconnue' }),
  arrival: night('Arrivée'),
  departure: night('Départ'),
  adults: z.number({ error: "Le nombre d'adultes est requis" }).int("Nombre d'adultes invalide").min(1, 'Au moins un adulte').max(10, '10 personnes au plus'),
  children: z
    .number({ error: "Nombre d'enfants invalide" })
    .int("Nombre d'enfants invalide")
    .min(0, "Nombre d'enfants invalide")
    .max(9, "Nombre d'enfants invalide")
    .optional()
    .transform((v) => v ?? 0),
  code: z.string().trim().max(60, 'Code trop long').optional(),
  price: amount('Le prix').optional(),
  priceReason: z.string().trim().max(200, 'Raison trop longue (200 caractères au plus)').optional(),
  /** « Passer outre les règles »: the stay rules do not stop the owner, for the reason he gives. */
  rulesOverride: z.literal('on').optional(),
  rulesReason: z.string().trim().max(200, 'Raison trop longue (200 caractères au plus)').optional(),
};

type StayShape = {
  arrival: string;
  departure: string;
  adults: number;
  children: number;
  price?: number;
  priceReason?: string;
  rulesOverride?: 'on';
  rulesReason?: string;
};
const stayRules = <T extends z.ZodType<StayShape>>(schema: T) =>
  schema
    .refine((v) => v.departure > v.arrival, { path: ['departure'], message: "Le départ doit être après l'arrivée" })
    .refine((v) => v.adults + v.children <= 10, { path: ['children'], message: '10 personnes au plus' })
    .refine((v) => v.price === undefined || Boolean(v.priceReason), { path: ['priceReason'], message: 'Indiquez la raison du prix saisi' })
    .refine((v) => !v.rulesOverride || Boolean(v.rulesReason), { path: ['rulesReason'], message: 'Indiquez pourquoi vous passez outre les règles' });

export const RecordBookingSchema = stayRules(
  z.object({
    ...stayFields,
    source: z.enum(RECORD_SOURCES, { error: 'Choisissez la source' }),
    /** Absent: as the source says (defaultTaxCollector). */
    taxCollectedBy: z.enum(TAX_COLLECTORS, { error: 'Choisissez qui collecte la taxe de séjour' }).optional(),
    name: z.string({ error: 'Le nom du client est requis' }).trim().min(1, 'Le nom du client est requis').max(100, 'Nom trop long (100 caractères au plus)'),
    email: z
      .string()
      .trim()
      .max(254, "L'e-mail est trop long")
      .optional()
      .refine((v) => !v || mailableEmailAddress().safeParse(v).success, 'Adresse e-mail invalide'),
    phone: z.string().trim().max(40, 'Numéro trop long (40 caractères au plus)').optional(),
    language: z.enum(GUEST_LANGUAGES, { error: 'Langue inconnue' }),
    message: z.string().trim().max(2000, 'Note trop longue (2000 caractères au plus)').optional(),
  }),
);

export const ChangeBookingSchema = stayRules(z.object({ id: stayId, ...stayFields }));

/** Releasing a hold awaiting its card deposit (issue 51): nothing was paid, nobody's fault to weigh. */
export const ReleaseHoldSchema = z.object({
  id: stayId,
  message: z.string().trim().max(2000, 'Message trop long (2000 caractères au plus)').optional(),
});

const ownerMeans = z.enum(OWNER_MEANS, { error: 'Choisissez le moyen de paiement' });

/**
 * Cancelling a confirmed stay (issue 52): who cancels decides what the deposit's nature
 * keeps or owes; with an acompte the owner says what remains due under the terms; the
 * refund (and compensation) may be recorded at once, with its means and date.
 */
export const CancelBookingSchema = z
  .object({
    id: stayId,
    by: z.enum(['guest', 'house'], { error: 'Indiquez qui annule' }),
    message: z.string().trim().max(2000, 'Message trop long (2000 caractères au plus)').optional(),
    kept: amountInCents(
      {
        invalid: 'La somme due doit être un montant en euros',
        tooSmall: 'La somme due ne peut pas être négative',
        tooLarge: 'La somme due est trop élevée',
        decimals: 'La somme due ne peut avoir que 2 décimales',
      },
      { minCents: 0, maxCents: 10_000_000 },
    ).optional(),
    refundNow: z
      .string()
      .max(5)
      .optional()
      .transform((v) => v === 'on' || v === 'true'),
    refundMeans: ownerMeans.optional(),
    refundOn: night('Date du remboursement').optional(),
  })
  .refine((v) => !v.refundNow || Boolean(v.refundMeans), { path: ['refundMeans'], message: 'Choisissez le moyen du remboursement' })
  .refine((v) => !v.refundNow || Boolean(v.refundOn), { path: ['refundOn'], message: 'Date du remboursement requise' });

/** A sum received or returned, recorded by the owner (the ledger, issue 52). */
export const RecordPaymentSchema = z.object({
  id: stayId,
  nature: z.enum(LEDGER_NATURES, { error: 'Choisissez la nature' }),
  amount: amount('Le montant'),
  occurredOn: night('Date'),
  means: ownerMeans,
  reference: z.string().trim().max(100, 'Référence trop longue (100 caractères au plus)').optional(),
});

/** The note of a stay, issued on the owner's demand. */
export const IssueNoteSchema = z.object({ id: stayId });

export const GuestMessageSchema = z.object({
  id: stayId,
  body: z.string({ error: 'Le message est vide' }).trim().min(1, 'Le message est vide').max(5000, 'Message trop long (5000 caractères au plus)'),
});

/** The arrivals list's period (query string): at most three months, so a list and its CSV stay small. */
export const ARRIVALS_MAX_DAYS = 92;
export const ArrivalsPeriodSchema = z
  .object({ from: night('Date de début'), to: night('Date de fin') })
  .refine((v) => v.to > v.from, { path: ['to'], message: 'La fin doit être après le début' })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 <= ARRIVALS_MAX_DAYS, {
    path: ['to'],
    message: `Une période de ${ARRIVALS_MAX_DAYS} jours au plus`,
  });

/** The booking page's « Taxe de séjour collectée par » (issue 44). */
export const SetTaxCollectorSchema = z.object({
  id: stayId,
  taxCollectedBy: z.enum(TAX_COLLECTORS, { error: 'Choisissez qui collecte la taxe de séjour' }),
});
