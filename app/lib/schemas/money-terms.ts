// Configuration card « Acompte, virement et factures » (issue 52, FRENCH-RULES §3-4): the
// deposit's legal nature, the bank account a deposit is transferred to (IBAN and BIC
// checked by ibantools, a maintained implementation of ISO 13616 and ISO 9362), the
// deposit's deadline, the balance reminder, and VAT on the notes.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { parseAmount } from '~/lib/money';
import { DEPOSIT_NATURES, VAT_MODES } from '~/lib/money-terms';
import { z } from '~/lib/zod';

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} doit être un nombre entier` })
    .int(`${label} doit être un nombre entier`)
    .min(min, `${label} doit être compris entre ${min} et ${max}`)
    .max(max, `${label} doit être compris entre ${min} et ${max}`);

/** An IBAN as typed ("FR76 3000 6000 …"), kept in its electronic form (no spaces, capitals); empty: none. */
export const ibanField = z
  .string()
  .trim()
  .max(50, "L'IBAN est trop long")
  .optional()
  .transform((v) => (v ? (electronicFormatIBAN(v) ?? v) : null))
  .refine((v) => v === null || isValidIBAN(v), { message: "Cet IBAN n'est pas valide (vérifiez les chiffres : sa clé de contrôle ne correspond pas)" });

export const bicField = z
  .string()
  .trim()
  .max(20, 'Le BIC est trop long')
  .optional()
  .transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() : null))
  .refine((v) => v === null || isValidBIC(v), { message: 'Ce BIC n’est pas valide (8 ou 11 caractères, ex. AGRIFRPP)' });

/** A VAT rate typed in percent ("10", "5,5"), kept in hundredths of a percent. */
const vatRate = z
  .string()
  .trim()
  .max(10, 'Le taux de TVA doit être un pourcentage')
  .optional()
  .transform((v, ctx) => {
    if (!v) return 1000;
    const hundredths = parseAmount(v);
    if (typeof hundredths !== 'number' || hundredths < 0 || hundredths > 10_000) {
      ctx.addIssue({ code: 'custom', message: 'Le taux de TVA doit être un pourcentage entre 0 et 100 (ex. 10 ou 5,5)' });
      return z.NEVER;
    }
    return hundredths;
  });

export const MoneyTermsSchema = z
  .object({
    depositNature: z.enum(DEPOSIT_NATURES, { error: 'Choisissez arrhes ou acompte' }),
    depositDueDays: wholeNumber('Le délai de l’acompte', 1, 90)
      .optional()
      .transform((v) => v ?? 7),
    balanceReminderDays: wholeNumber('Le rappel du solde', 0, 90)
      .optional()
      .transform((v) => v ?? 7),
    bankHolder: z
      .string()
      .trim()
      .max(140, 'Le titulaire du compte est trop long (140 caractères au plus)')
      .optional()
      .transform((v) => v || null),
    bankIban: ibanField,
    bankBic: bicField,
    vatMode: z.enum(VAT_MODES, { error: 'Choisissez le régime de TVA' }),
    vatRate,
  })
  .refine((v) => !v.bankIban || Boolean(v.bankHolder), { path: ['bankHolder'], message: 'Indiquez le titulaire du compte' });
export type MoneyTermsInput = z.infer<typeof MoneyTermsSchema>;

/** An IBAN as a guest reads it: groups of four. */
export const groupedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');
