import { isIsoDate } from '~/lib/nights';
import { z } from '~/lib/zod';

// The owner's Réservations screen (issue 14): answers to requests, manual blocks, feeds.

const bookingId = z.uuid({ error: 'Demande introuvable' });
const night = (label: string) => z.string({ error: `${label} requise` }).refine(isIsoDate, `${label} invalide`);

export const AcceptBookingSchema = z.object({ id: bookingId });

export const RefuseBookingSchema = z.object({
  id: bookingId,
  message: z.string().trim().max(2000, 'Message trop long (2000 caractères au plus)').optional(),
});

export const AddBlockSchema = z
  .object({
    roomId: z.uuid({ error: 'Chambre inconnue' }),
    firstNight: night('Première nuit'),
    lastNight: night('Dernière nuit'),
    note: z.string().trim().max(200, 'Note trop longue (200 caractères au plus)').optional(),
  })
  .refine((v) => v.lastNight >= v.firstNight, { path: ['lastNight'], message: 'La dernière nuit ne peut pas précéder la première' });

export const DeleteBlockSchema = z.object({ id: z.uuid({ error: 'Blocage introuvable' }) });

export const SyncFeedSchema = z.object({ id: z.uuid({ error: 'Calendrier introuvable' }) });

// The room editor's Calendriers tab: imported feeds and the export link.
const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** The owner's name for a feed; empty: the platform recognised from its address. */
const feedLabel = z.string().trim().max(80, 'Nom trop long (80 caractères au plus)').optional();

export const AddFeedSchema = z.object({
  url: z
    .string({ error: "L'adresse du calendrier est requise" })
    .trim()
    .min(1, "L'adresse du calendrier est requise")
    .max(2000, "L'adresse est trop longue (2000 caractères maximum)")
    // An empty address has its own message (above).
    .refine((v) => v === '' || (/^https?:\/\//i.test(v) && isHttpUrl(v)), "L'adresse doit être un lien http:// ou https://"),
  label: feedLabel,
});

export const RenameFeedSchema = z.object({ id: z.uuid({ error: 'Calendrier introuvable' }), label: feedLabel });

export const DeleteFeedSchema = z.object({ id: z.uuid({ error: 'Calendrier introuvable' }) });

export const RegenerateExportSchema = z.object({});
