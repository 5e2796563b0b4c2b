// Pieces shared by the back-office schemas (rooms, sections): the editable
// amenities, prices, list reordering.
import { z } from '~/lib/zod';
import { EDITABLE_AMENITIES, type AmenityId } from '~/lib/amenities';
import { amountInCents } from './amount';

export const amenityIds = z.enum(EDITABLE_AMENITIES.map((a) => a.id) as [AmenityId, ...AmenityId[]]);

/** Ticked amenity checkboxes (none ticked sends nothing). */
export const amenityList = z.array(amenityIds).default([]);

/** A price typed in euros (greater than 0, at most 2 decimals), in cents. */
export const priceInCents = () =>
  amountInCents(
    {
      invalid: 'Le prix doit être un nombre',
      tooSmall: 'Le prix doit être supérieur à 0',
      tooLarge: 'Le prix est trop élevé',
      decimals: 'Le prix ne peut avoir que 2 décimales',
    },
    { minCents: 1, maxCents: 100_000_000 },
  );

export const moveDirection = z.enum(['up', 'down']);

export const entityId = z.uuid({ error: 'Identifiant invalide' });

/** Rich text as posted by the editor's hidden input; sanitised on the server before storing. */
export const richText = z.string().max(200_000, 'Le texte est trop long').optional();
