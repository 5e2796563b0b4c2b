// The tourist tax (issue 44): Configuration's 'Taxe de séjour' card, the register's period
// (the URL's `periode`) and the declaration of a period as paid.
import { isIsoDate } from '~/lib/nights';
import { DECLARATION_FREQUENCIES, parseTaxPeriod } from '~/lib/tourist-tax';
import { z } from '~/lib/zod';
import { amountInCents } from './amount';
import { link } from './site-config';

const percent = (label: string) =>
  z
    .number({ error: `${label} doit être un nombre entier de pour cent` })
    .int(`${label} doit être un nombre entier de pour cent`)
    .min(0, `${label} doit être comprise entre 0 et 100 %`)
    .max(100, `${label} doit être comprise entre 0 et 100 %`)
    .optional()
    .transform((v) => v ?? 0);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : null));

export const TouristTaxSettingsSchema = z.object({
  /** The town's base rate per person per night, typed in euros, in cents. */
  base: amountInCents(
    {
      invalid: 'Le tarif de base doit être un montant en euros',
      tooSmall: 'Le tarif de base ne peut pas être négatif',
      tooLarge: 'Le tarif de base est trop élevé',
      decimals: 'Le tarif de base ne peut avoir que 2 décimales',
    },
    { minCents: 0, maxCents: 100_000 },
  )
    .optional()
    .transform((v) => v ?? 0),
  regionalPercent: percent('La taxe additionnelle régionale'),
  departmentalPercent: percent('La taxe additionnelle départementale'),
  collector: optionalText(200, 'Le nom du collecteur est trop long (200 caractères maximum)'),
  declarationUrl: link,
  frequency: z.enum(DECLARATION_FREQUENCIES, { error: 'Choisissez la périodicité de la déclaration' }),
  dueDay: z
    .number({ error: 'Le jour limite doit être un nombre entier' })
    .int('Le jour limite doit être un nombre entier')
    .min(1, 'Le jour limite doit être compris entre 1 et 28')
    .max(28, 'Le jour limite doit être compris entre 1 et 28'),
  deliberation: optionalText(200, 'La référence de la délibération est trop longue (200 caractères maximum)'),
});
export type TouristTaxSettingsInput = z.infer<typeof TouristTaxSettingsSchema>;

export const TAX_PERIOD_INVALID = 'Période invalide : écrivez par exemple 2026-T1 (trimestre), 2026-S1 (semestre) ou 2026-03 (mois)';

/** A period's key ('2026-T1'), bounded before it is read. */
const periodKey = z
  .string({ error: TAX_PERIOD_INVALID })
  .max(7, TAX_PERIOD_INVALID)
  .refine((v) => parseTaxPeriod(v) !== null, TAX_PERIOD_INVALID);

export const DeclareTaxPeriodSchema = z.object({
  period: periodKey,
  declaredOn: z.string({ error: 'La date de paiement est requise' }).max(10, 'Date de paiement invalide').refine(isIsoDate, 'Date de paiement invalide'),
  paid: amountInCents(
    {
      invalid: 'Le montant payé est requis (en euros)',
      tooSmall: 'Le montant payé ne peut pas être négatif',
      tooLarge: 'Le montant payé est trop élevé',
      decimals: 'Le montant payé ne peut avoir que 2 décimales',
    },
    { minCents: 0, maxCents: 10_000_000 },
  ),
  reference: optionalText(100, 'La référence est trop longue (100 caractères maximum)'),
});
export type DeclareTaxPeriodInput = z.infer<typeof DeclareTaxPeriodSchema>;

export const WithdrawDeclarationSchema = z.object({ period: periodKey });
