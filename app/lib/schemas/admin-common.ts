// Pieces shared by the back-office schemas (rooms, sections): the editable
// amenities, euro amounts with cents, list reordering.
import { z } from '~/lib/zod';
import { EDITABLE_AMENITIES, type AmenityId } from '~/lib/amenities';

export const amenityIds = z.enum(EDITABLE_AMENITIES.map((a) => a.id) as [AmenityId, ...AmenityId[]]);

/** Ticked amenity checkboxes (none ticked sends nothing). */
export const amenityList = z.array(amenityIds).default([]);

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A price in euros: greater than 0, at most 2 decimals. */
export const euros = (message = 'Le prix doit être un nombre') =>
  z
    .number({ error: message })
    .gt(0, 'Le prix doit être supérieur à 0')
    .max(1_000_000, 'Le prix est trop élevé')
    .refine(hasAtMostTwoDecimals, 'Le prix ne peut avoir que 2 décimales');

export const moveDirection = z.enum(['up', 'down']);

export const entityId = z.uuid({ error: 'Identifiant invalide' });

/** Rich text as posted by the editor's hidden input; sanitised on the server before storing. */
export const richText = z.string().max(200_000, 'Le texte est trop long').optional();
