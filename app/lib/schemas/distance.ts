import { z } from '~/lib/zod';

export const DISTANCE_INVALID = 'Veuillez saisir une ville et une durée valides';

export const AddDistanceSchema = z.object({
  city: z.string({ error: DISTANCE_INVALID }).trim().min(1, DISTANCE_INVALID).max(100, 'Le nom de la ville est trop long'),
  durationMinutes: z.number({ error: DISTANCE_INVALID }).int(DISTANCE_INVALID).min(1, DISTANCE_INVALID).max(100_000, DISTANCE_INVALID),
});
export const DeleteDistanceSchema = z.object({ id: z.uuid({ error: 'Distance inconnue' }) });

/** A distance's name in one language (Configuration → Distances, issue 34). */
export const TranslateDistanceNameSchema = z.object({
  id: z.uuid({ error: 'Distance inconnue' }),
  language: z.string({ error: 'Langue inconnue' }).regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Langue inconnue'),
  name: z.string({ error: 'Le nom est obligatoire' }).trim().min(1, 'Le nom est obligatoire').max(100, 'Le nom est trop long'),
});
