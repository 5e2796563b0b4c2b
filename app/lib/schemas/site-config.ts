import { z } from '~/lib/zod';
import { mailableEmailAddress } from './common';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : null));

/** Links to the booking platforms and Instagram (and the tourist tax's declaration site): http(s) only, empty means none. */
export const link = z
  .string()
  .trim()
  .max(500, 'Le lien est trop long (500 caractères maximum)')
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), {
    message: 'Le lien doit commencer par http:// ou https://',
  });

export const SiteConfigSchema = z.object({
  name: optionalText(200, 'Le nom est trop long (200 caractères maximum)'),
  tagline: optionalText(300, 'Le slogan est trop long (300 caractères maximum)'),
  contactEmail: z
    .string()
    .trim()
    .max(254, "L'email est trop long")
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(mailableEmailAddress('Adresse email invalide').nullable()),
  phones: z
    // Conform turns an empty row into undefined: empty rows are dropped.
    .array(z.string().trim().max(40, 'Numéro de téléphone trop long (40 caractères maximum)').optional())
    .max(10, '10 numéros au maximum')
    .optional()
    .transform((list) => (list ?? []).filter((p): p is string => !!p)),
  // Browsers post textarea line breaks as CRLF; stored with plain LF.
  address: optionalText(500, "L'adresse est trop longue (500 caractères maximum)").transform((v) => (v === null ? null : v.replace(/\r\n?/g, '\n'))),
  instagramLink: link,
  bookingLink: link,
  airbnbLink: link,
  tripadvisorLink: link,
  modalites: z
    .string()
    .max(50_000, 'Le texte des modalités est trop long')
    .optional()
    .transform((v) => v ?? ''),
});
export type SiteConfigInput = z.infer<typeof SiteConfigSchema>;
