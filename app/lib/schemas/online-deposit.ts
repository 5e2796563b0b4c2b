// Configuration card 'Paiement en ligne de l'acompte' (issue 36) and the owner's refund
// of a card deposit from a booking's page.
import { z } from '~/lib/zod';
import { amountInCents } from './amount';

/** Conform sends a checked checkbox as 'on' and omits an unchecked one. */
const checkbox = z
  .string()
  .max(5)
  .optional()
  .transform((v) => v === 'on' || v === 'true');

export const OnlineDepositSchema = z.object({
  enabled: checkbox,
  paymentWindowHours: z
    .number({ error: 'Le délai de paiement doit être un nombre entier d’heures' })
    .int('Le délai de paiement doit être un nombre entier d’heures')
    .min(1, 'Le délai de paiement doit être compris entre 1 et 720 heures')
    .max(720, 'Le délai de paiement doit être compris entre 1 et 720 heures')
    .optional()
    .transform((v) => v ?? 48),
});
export type OnlineDepositInput = z.infer<typeof OnlineDepositSchema>;

export const RefundDepositSchema = z.object({
  id: z.uuid({ error: 'Réservation introuvable' }),
  /** Typed in euros, in cents. */
  amount: amountInCents(
    {
      invalid: 'Le montant du remboursement est requis (en euros)',
      tooSmall: 'Le montant du remboursement doit être positif',
      tooLarge: 'Le montant du remboursement est trop élevé',
      decimals: 'Le montant ne peut avoir que 2 décimales',
    },
    { minCents: 1, maxCents: 10_000_000 },
  ),
  reason: z
    .string({ error: 'La raison du remboursement est requise' })
    .trim()
    .min(1, 'La raison du remboursement est requise')
    // Stripe keeps it with the refund (its metadata values hold 500 characters).
    .max(500, 'La raison ne peut dépasser 500 caractères'),
  cancel: checkbox,
  /** The refund request's key, rendered with the form: posting it again refunds nothing more. */
  requestKey: z.string({ error: 'Formulaire expiré : rechargez la page' }).regex(/^[A-Za-z0-9_-]{22}$/, 'Formulaire expiré : rechargez la page'),
});
export type RefundDepositInput = z.infer<typeof RefundDepositSchema>;
