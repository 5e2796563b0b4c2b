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
