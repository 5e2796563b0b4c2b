// Configuration card 'Données personnelles' (issue 47, FRENCH-RULES §7): how long each
// kind of personal data is kept, and the person (by e-mail) whose data is exported or
// erased on request.
import { z } from '~/lib/zod';
import { ownerTypedEmail } from './common';

/**
 * The lawful defaults, in months (CNIL: prospects and customers 3 years after the last
 * contact or the stay; police forms 6 months), and the bounds the owner may choose in:
 * shorter is always allowed, longer than the rule is not.
 */
export const RETENTION_RULES = {
  contactMonths: { label: 'Messages et demandes sans séjour', default: 36, min: 1, max: 36 },
  guestMonths: { label: 'Coordonnées des clients après leur séjour', default: 36, min: 1, max: 36 },
  testimonialMonths: { label: "Témoignages non publiés du livre d'or", default: 36, min: 1, max: 36 },
  policeMonths: { label: 'Fiches de police', default: 6, min: 6, max: 12 },
} as const;
export type RetentionKey = keyof typeof RETENTION_RULES;
export type RetentionSettings = Record<RetentionKey, number>;

export const RETENTION_DEFAULTS = Object.fromEntries(Object.entries(RETENTION_RULES).map(([key, rule]) => [key, rule.default])) as RetentionSettings;

const months = (key: RetentionKey) => {
  const { label, min, max } = RETENTION_RULES[key];
  const message = `${label} : entre ${min} et ${max} mois`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

export const RetentionSchema = z.object({
  contactMonths: months('contactMonths'),
  guestMonths: months('guestMonths'),
  testimonialMonths: months('testimonialMonths'),
  policeMonths: months('policeMonths'),
});

/** One person's data, found by the address they wrote from. */
export const PersonEmailSchema = z.object({
  email: ownerTypedEmail(),
});

export const PERSONAL_DATA_FORMATS = ['json', 'csv'] as const;
export const ExportPersonSchema = PersonEmailSchema.extend({ format: z.enum(PERSONAL_DATA_FORMATS, { error: 'Format inconnu' }) });

/** "3 ans", "18 mois", "1 an" — how the back office says a period. */
export function monthsInFrench(count: number): string {
  if (count % 12 === 0) return `${count / 12} an${count === 12 ? '' : 's'}`;
  return `${count} mois`;
}
