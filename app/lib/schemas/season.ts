import { isIsoDate } from '~/lib/nights';
import { z } from '~/lib/zod';

const seasonName = z
  .string({ error: 'Le nom de la saison est requis' })
  .trim()
  .min(1, 'Le nom de la saison est requis')
  .max(100, 'Le nom de la saison est trop long (100 caractères maximum)');

const seasonId = z.uuid({ error: 'Saison inconnue' });

export const CreateSeasonSchema = z.object({ name: seasonName });
export const RenameSeasonSchema = z.object({ id: seasonId, name: seasonName });
export const DeleteSeasonSchema = z.object({ id: seasonId });

// Issue 14: a season's periods (nights, first and last included) and name in the
// editing language (its stay rules: schemas/stay-rules.ts).
const night = (label: string) => z.string({ error: `${label} requise` }).refine(isIsoDate, `${label} invalide`);

const periodDates = { firstNight: night('Première nuit'), lastNight: night('Dernière nuit') };
const inOrder = (v: { firstNight: string; lastNight: string }) => v.lastNight >= v.firstNight;
const ORDER_ERROR = { path: ['lastNight'], message: 'La dernière nuit ne peut pas précéder la première' };
const periodId = z.uuid({ error: 'Période introuvable' });

export const AddSeasonPeriodSchema = z.object({ id: seasonId, ...periodDates }).refine(inOrder, ORDER_ERROR);

/** Moves an existing period's dates (`id` is the period's). */
export const UpdateSeasonPeriodSchema = z.object({ id: periodId, ...periodDates }).refine(inOrder, ORDER_ERROR);

export const DeleteSeasonPeriodSchema = z.object({ id: periodId });

export const TranslateSeasonNameSchema = z.object({
  id: seasonId,
  language: z.string({ error: 'Langue inconnue' }).regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Langue inconnue'),
  name: seasonName,
});
