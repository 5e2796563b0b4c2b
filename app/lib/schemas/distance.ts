import { z } from '~/lib/zod';

export const DISTANCE_INVALID = 'Veuillez saisir une ville et une durée valides';

export const AddDistanceSchema = z.object({
  city: z.string({ error: DISTANCE_INVALID }).trim().min(1, DISTANCE_INVALID).max(100, 'Le nom de la ville est trop long'),
  durationMinutes: z
    .number({ error: DISTANCE_INVALID })
    .int(DISTANCE_INVALID)
    .min(1, DISTANCE_INVALID)
    .max(100_000, DISTANCE_INVALID),
});
export const DeleteDistanceSchema = z.object({ id: z.uuid({ error: 'Distance inconnue' }) });
