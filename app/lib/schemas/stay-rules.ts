// The forms of the stay rules (issue 45): Configuration's general rules, a season's and a
// room's own in a season, and what the price includes (breakfast, Wi-Fi). Weekdays are
// ticked boxes (0 Monday … 6 Sunday) handed to the action as a mask (~/lib/stay-rules).
import { z } from '~/lib/zod';
import { maskOfDays, STAY_NIGHTS_LIMIT } from '~/lib/stay-rules';
import { amountInCents } from './amount';

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} doit être un nombre entier` })
    .int(`${label} doit être un nombre entier`)
    .min(min, `${label} doit être compris entre ${min} et ${max}`)
    .max(max, `${label} doit être compris entre ${min} et ${max}`);

const weekday = z.enum(['0', '1', '2', '3', '4', '5', '6'], { error: 'Jour inconnu' });
/** Ticked weekdays → their mask; none ticked → 0, which each schema refuses in its own words. */
const weekdays = z
  .array(weekday)
  .default([])
  .transform((days) => maskOfDays(days.map(Number)));

export const HORIZON_DAYS_MAX = 1100;

const minNights = wholeNumber('Le minimum de nuits', 1, STAY_NIGHTS_LIMIT);
const maxNights = wholeNumber('Le maximum de nuits', 1, STAY_NIGHTS_LIMIT);
const minNoticeDays = wholeNumber('Le délai de réservation', 0, 365);

/** Configuration → Règles de séjour: every rule set (the most nights and the horizon may be left to the environment's default). */
export const StayRulesSchema = z
  .object({
    minNights: minNights.optional().transform((v) => v ?? 1),
    maxNights: maxNights.optional().transform((v) => v ?? null),
    arrivalDays: weekdays,
    departureDays: weekdays,
    minNoticeDays: minNoticeDays.optional().transform((v) => v ?? 0),
    horizonDays: wholeNumber("L'ouverture des réservations", 1, HORIZON_DAYS_MAX)
      .optional()
      .transform((v) => v ?? null),
  })
  .refine((v) => v.arrivalDays !== 0, { path: ['arrivalDays'], message: "Choisissez au moins un jour d'arrivée" })
  .refine((v) => v.departureDays !== 0, { path: ['departureDays'], message: 'Choisissez au moins un jour de départ' })
  .refine((v) => v.maxNights === null || v.maxNights >= v.minNights, {
    path: ['maxNights'],
    message: 'Le maximum de nuits ne peut pas être inférieur au minimum',
  });
export type StayRulesInput = z.infer<typeof StayRulesSchema>;

/**
 * A season's or a room's own rules: each empty field follows the level above; weekdays
 * only when « Restreindre » is ticked (then at least one).
 */
const overrideFields = {
  minNights: minNights.optional().transform((v) => v ?? null),
  maxNights: maxNights.optional().transform((v) => v ?? null),
  restrictArrival: z.literal('on').optional(),
  arrivalDays: weekdays,
  restrictDeparture: z.literal('on').optional(),
  departureDays: weekdays,
  minNoticeDays: minNoticeDays.optional().transform((v) => v ?? null),
};

type OverrideForm = z.output<z.ZodObject<typeof overrideFields>>;

const overrideRules = <T extends z.ZodType<OverrideForm>>(schema: T) =>
  schema
    .refine((v) => !v.restrictArrival || v.arrivalDays !== 0, { path: ['arrivalDays'], message: "Choisissez au moins un jour d'arrivée" })
    .refine((v) => !v.restrictDeparture || v.departureDays !== 0, { path: ['departureDays'], message: 'Choisissez au moins un jour de départ' })
    .refine((v) => v.maxNights === null || v.minNights === null || v.maxNights >= v.minNights, {
      path: ['maxNights'],
      message: 'Le maximum de nuits ne peut pas être inférieur au minimum',
    });

/** The override as the domain stores it: null where the level above applies. */
export function rulesOverrideOf(v: OverrideForm) {
  return {
    minNights: v.minNights,
    maxNights: v.maxNights,
    arrivalDays: v.restrictArrival ? v.arrivalDays : null,
    departureDays: v.restrictDeparture ? v.departureDays : null,
    minNoticeDays: v.minNoticeDays,
  };
}

export const SeasonRulesSchema = overrideRules(z.object({ id: z.uuid({ error: 'Saison inconnue' }), ...overrideFields }));

export const RoomSeasonRulesSchema = overrideRules(z.object({ seasonId: z.uuid({ error: 'Saison inconnue' }), ...overrideFields }));

const percent = (label: string, max: number) => wholeNumber(label, 1, max);

/** A length-of-stay reduction: so many percent from so many nights. */
export const LENGTH_DISCOUNT_MAX_PERCENT = 90;
const lengthDiscountFields = {
  minNights: wholeNumber('Le nombre de nuits', 2, STAY_NIGHTS_LIMIT),
  percent: percent('Le pourcentage de réduction', LENGTH_DISCOUNT_MAX_PERCENT),
};
export const AddSeasonLengthDiscountSchema = z.object({ id: z.uuid({ error: 'Saison inconnue' }), ...lengthDiscountFields });
export const AddRoomLengthDiscountSchema = z.object(lengthDiscountFields);
export const DeleteLengthDiscountSchema = z.object({ discountId: z.uuid({ error: 'Réduction introuvable' }) });
export const DeleteSeasonLengthDiscountSchema = z.object({ id: z.uuid({ error: 'Saison inconnue' }), discountId: z.uuid({ error: 'Réduction introuvable' }) });

// What the price includes, said beside every price (arrêté du 18 décembre 2015).

export const PRICE_EXTRA_LABELS = { included: 'Inclus dans le prix', paid: 'En supplément', none: 'Non proposé' } as const;
const extraState = z.enum(['included', 'paid', 'none'], { error: 'Choisissez inclus, en supplément ou non proposé' });
const extraPrice = (label: string) =>
  amountInCents(
    {
      invalid: `${label} doit être un montant en euros`,
      tooSmall: `${label} doit être supérieur à 0`,
      tooLarge: `${label} est trop élevé`,
      decimals: `${label} ne peut avoir que 2 décimales`,
    },
    { minCents: 1, maxCents: 100_000 },
  ).optional();

export const PriceMentionsSchema = z
  .object({
    breakfast: extraState,
    breakfastPrice: extraPrice('Le prix du petit-déjeuner'),
    wifi: extraState,
    wifiPrice: extraPrice('Le prix du Wi-Fi'),
  })
  .refine((v) => v.breakfast !== 'paid' || v.breakfastPrice !== undefined, { path: ['breakfastPrice'], message: 'Indiquez le prix du petit-déjeuner' })
  .refine((v) => v.wifi !== 'paid' || v.wifiPrice !== undefined, { path: ['wifiPrice'], message: 'Indiquez le prix du Wi-Fi' });
export type PriceMentionsInput = z.infer<typeof PriceMentionsSchema>;

// A room's prices by number of guests (room editor, « Tarifs et règles »).

const guestPrice = (label: string) =>
  amountInCents(
    {
      invalid: `${label} doit être un montant en euros`,
      tooSmall: `${label} ne peut pas être négatif`,
      tooLarge: `${label} est trop élevé`,
      decimals: `${label} ne peut avoir que 2 décimales`,
    },
    { minCents: 0, maxCents: 10_000_000 },
  )
    .optional()
    .transform((v) => v ?? 0);

export const RoomGuestPricesSchema = z.object({
  includedGuests: wholeNumber('Le nombre de personnes comprises', 1, 10),
  extraAdult: guestPrice("Le prix d'un adulte supplémentaire"),
  extraChild: guestPrice("Le prix d'un enfant supplémentaire"),
  singleReduction: guestPrice('La réduction pour une personne seule'),
});
export type RoomGuestPricesInput = z.infer<typeof RoomGuestPricesSchema>;
