// Forms of the rooms screens (SPEC §2, §5): the list's actions, the editor's
// general tab, and the season prices tab. Shared by the forms and the actions.
import { z } from '~/lib/zod';
import { amenityList, entityId, moveDirection, priceInCents, richText } from './admin-common';

export const ROOM_DEFAULT_MAX_GUESTS = 2;

/** Comma-separated tags → trimmed, non-empty, distinct. */
export function splitTags(value: string | undefined | null): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

export const RoomSchema = z.object({
  intent: z.literal('save'),
  name: z.string({ error: 'Le nom est requis' }).trim().min(1, 'Le nom est requis').max(200, 'Le nom est trop long (200 caractères maximum)'),
  maxGuests: z
    .number({ error: 'Le nombre de personnes est requis' })
    .int('Le nombre de personnes doit être un nombre entier')
    .min(1, 'Le nombre de personnes doit être compris entre 1 et 10')
    .max(10, 'Le nombre de personnes doit être compris entre 1 et 10'),
  /** Typed in euros, given to the action in cents (as every `priceInCents`). */
  pricePerNight: priceInCents().optional(),
  shortDescription: richText,
  longDescription: richText,
  /** The editor's comma-separated text; the action gets the list (splitTags). */
  tags: z.string().max(1000, 'Les tags sont trop longs').optional().transform(splitTags),
  amenities: amenityList,
});
export type RoomInput = z.infer<typeof RoomSchema>;

export const RoomListActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('move'), id: entityId, direction: moveDirection }),
  z.object({ intent: z.literal('delete'), id: entityId }),
]);

/** Season prices tab: saved on leaving the field when > 0, or deleted. */
export const SeasonPriceSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save-season-price'), seasonId: entityId, price: priceInCents() }),
  z.object({ intent: z.literal('delete-season-price'), seasonId: entityId }),
]);
