import { z } from '~/lib/zod';

export const TRANSPORT_LABELS = { car: 'En voiture', train: 'En train', plane: 'En avion' } as const;
export type TransportType = keyof typeof TRANSPORT_LABELS;

const transportId = z.uuid({ error: 'Option de transport inconnue' });

export const ToggleTransportSchema = z.object({
  id: transportId,
  enabled: z.enum(['true', 'false'], { error: 'Valeur invalide' }).transform((v) => v === 'true'),
});
export const TransportDescriptionSchema = z.object({
  id: transportId,
  description: z
    .string()
    .trim()
    .max(20_000, 'La description est trop longue')
    .optional()
    .transform((v) => v ?? ''),
});
