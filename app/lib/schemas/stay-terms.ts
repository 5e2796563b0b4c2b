// Configuration card 'Séjour et paiements' (issue 35): the stay terms as figures that
// the price engine uses (deposit, balance due; the tourist tax has its own card,
// schemas/tourist-tax.ts) and the arrival and cancellation terms the guest's
// confirmation carries.
import { z } from '~/lib/zod';
import { richText } from './admin-common';

/** "16:00": a time of day on the 24-hour clock; empty: not said. */
const timeOfDay = (message: string) =>
  z
    .string()
    .trim()
    .max(5, message)
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), message);

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} doit être un nombre entier` })
    .int(`${label} doit être un nombre entier`)
    .min(min, `${label} doit être compris entre ${min} et ${max}`)
    .max(max, `${label} doit être compris entre ${min} et ${max}`);

export const StayTermsSchema = z.object({
  depositPercent: wholeNumber("L'acompte", 0, 100)
    .optional()
    .transform((v) => v ?? 0),
  balanceDueDays: wholeNumber('Le délai du solde', 0, 365)
    .optional()
    .transform((v) => v ?? 0),
  checkInTime: timeOfDay("L'heure d'arrivée doit être au format HH:MM"),
  checkOutTime: timeOfDay("L'heure de départ doit être au format HH:MM"),
  cancellationTerms: richText.transform((v) => v ?? ''),
});
export type StayTermsInput = z.infer<typeof StayTermsSchema>;
