import { z } from '~/lib/zod';
import { COUNTRY_CODES } from '~/lib/countries';
import { mailableEmailAddress } from './common';

const testimonialId = z.uuid({ error: 'Témoignage inconnu' });

/** Checkbox-style flags: the form sends 'true' or 'false'. */
const flag = z.enum(['true', 'false'], { error: 'Valeur invalide' }).transform((v) => v === 'true');

export const EditTestimonialSchema = z.object({
  id: testimonialId,
  name: z.string({ error: 'Le nom est requis' }).trim().min(1, 'Le nom est requis').max(100, 'Le nom est trop long (100 caractères maximum)'),
  email: z
    .string({ error: "L'email est requis" })
    .trim()
    .min(1, "L'email est requis")
    .max(254, "L'email est trop long")
    .pipe(mailableEmailAddress('Adresse email invalide')),
  message: z.string({ error: 'Le message est requis' }).trim().min(1, 'Le message est requis').max(5000, 'Le message est trop long (5000 caractères maximum)'),
  // SPEC §5: an empty country is saved as null.
  country: z
    .enum(COUNTRY_CODES, { error: 'Pays inconnu' })
    .optional()
    .transform((v) => v ?? null),
});

export const PublishTestimonialSchema = z.object({ id: testimonialId, published: flag });
export const FeatureTestimonialSchema = z.object({ id: testimonialId, featured: flag });
export const DeleteTestimonialSchema = z.object({ id: testimonialId });

/** SPEC §9: recommended maximum of featured testimonials (soft, overridable). */
export const FEATURED_RECOMMENDED_MAX = 3;
export const FEATURED_CONFIRMATION =
  "Il y a déjà 3 témoignages en favoris. Voulez-vous quand même ajouter celui-ci ? (Recommandé : maximum 3 favoris pour l'affichage accueil)";
