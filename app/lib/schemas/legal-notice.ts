import { z } from '~/lib/zod';

// The legal notice's configuration (LCEN art. 6): every field may be saved empty
// (the owners fill it when they know it); the missing mandatory ones are flagged.

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} est trop long (${max} caractères maximum)`)
    .optional()
    .transform((v) => (v ? v.replace(/\r\n?/g, '\n') : null));

export const LegalNoticeSchema = z.object({
  legalOwner: text(300, 'Le nom ou la raison sociale'),
  legalSiret: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\s+/g, ' ') : null))
    .refine((v) => v === null || /^\d{3} ?\d{3} ?\d{3} ?\d{5}$/.test(v), { message: 'Le SIRET compte 14 chiffres' }),
  publicationDirector: text(200, 'Le nom du directeur de la publication'),
  hostName: text(200, "Le nom de l'hébergeur"),
  hostAddress: text(500, "L'adresse de l'hébergeur"),
  hostPhone: text(40, "Le téléphone de l'hébergeur"),
});
export type LegalNoticeInput = z.infer<typeof LegalNoticeSchema>;

/** What the law requires the notice to name (the SIRET only when the publisher has one). */
export const LEGAL_MANDATORY_FIELDS = ['legalOwner', 'publicationDirector', 'hostName', 'hostAddress', 'hostPhone'] as const;

export const LEGAL_FIELD_LABELS: Record<keyof LegalNoticeInput, string> = {
  legalOwner: 'Propriétaire (nom ou raison sociale)',
  legalSiret: 'SIRET (si vous en avez un)',
  publicationDirector: 'Directeur de la publication',
  hostName: "Nom de l'hébergeur",
  hostAddress: "Adresse de l'hébergeur",
  hostPhone: "Téléphone de l'hébergeur",
};
