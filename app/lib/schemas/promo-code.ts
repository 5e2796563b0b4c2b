// The back office's promo codes (issue 45): a percentage or an amount off, the days it may
// be used on, from how many nights, how many times, for which rooms (none ticked: all).
import { isIsoDate } from '~/lib/nights';
import { normalisePromoCode, PROMO_CODE_PATTERN } from '~/lib/promo-code';
import { z } from '~/lib/zod';
import { amountInCents } from './amount';

const day = (label: string) => z.string({ error: `${label} requise` }).refine(isIsoDate, `${label} invalide`);
const count = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} doit être un nombre entier` })
    .int(`${label} doit être un nombre entier`)
    .min(min, `${label} doit être compris entre ${min} et ${max}`)
    .max(max, `${label} doit être compris entre ${min} et ${max}`);

export const PROMO_KIND_LABELS = { percent: 'Pourcentage', amount: 'Montant' } as const;

const promoFields = {
  code: z
    .string({ error: 'Le code est requis' })
    .max(60, 'Le code est trop long (40 caractères au plus)')
    .transform(normalisePromoCode)
    .refine((code) => code.length > 0, 'Le code est requis')
    .refine((code) => PROMO_CODE_PATTERN.test(code), 'Le code ne peut contenir que des lettres sans accent, des chiffres, - et _ (2 à 40 caractères)'),
  kind: z.enum(['percent', 'amount'], { error: 'Choisissez pourcentage ou montant' }),
  percent: count('Le pourcentage', 1, 100).optional(),
  amount: amountInCents(
    {
      invalid: 'Le montant doit être un montant en euros',
      tooSmall: 'Le montant doit être supérieur à 0',
      tooLarge: 'Le montant est trop élevé',
      decimals: 'Le montant ne peut avoir que 2 décimales',
    },
    { minCents: 1, maxCents: 10_000_000 },
  ).optional(),
  validFrom: day('Date de début'),
  validUntil: day('Date de fin'),
  minNights: count('Le minimum de nuits', 1, 365).optional(),
  maxUses: count("Le nombre d'utilisations", 1, 1_000_000).optional(),
  roomIds: z
    .array(z.uuid({ error: 'Chambre inconnue' }))
    .max(50, 'Trop de chambres')
    .default([]),
};

type PromoForm = z.output<z.ZodObject<typeof promoFields>>;

const promoRules = <T extends z.ZodType<PromoForm>>(schema: T) =>
  schema
    .refine((v) => v.validUntil >= v.validFrom, { path: ['validUntil'], message: 'La fin ne peut pas précéder le début' })
    .refine((v) => v.kind !== 'percent' || v.percent !== undefined, { path: ['percent'], message: 'Indiquez le pourcentage' })
    .refine((v) => v.kind !== 'amount' || v.amount !== undefined, { path: ['amount'], message: 'Indiquez le montant' });

export const CreatePromoCodeSchema = promoRules(z.object(promoFields));
export const UpdatePromoCodeSchema = promoRules(z.object({ id: z.uuid({ error: 'Code introuvable' }), ...promoFields }));
export const DeletePromoCodeSchema = z.object({ id: z.uuid({ error: 'Code introuvable' }) });
export type PromoCodeInput = z.infer<typeof CreatePromoCodeSchema>;
