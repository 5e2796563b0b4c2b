import { z } from '~/lib/zod';

const languageId = z.uuid({ error: 'Langue inconnue' });
/** Conform sends a checked checkbox as 'on' and omits an unchecked one. */
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === 'on' || v === 'true');

const name = z.string({ error: 'Le nom est requis' }).trim().min(1, 'Le nom est requis').max(50, 'Le nom est trop long (50 caractères maximum)');

export const CreateLanguageSchema = z.object({
  code: z
    .string({ error: 'Le code est requis' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2,3}$/, 'Le code doit contenir 2 ou 3 lettres (ISO 639-1, ex. : fr, en)'),
  name,
  isActive: checkbox,
  isDefault: checkbox,
  confirmIncomplete: checkbox,
});

// The code is fixed after creation (SPEC §5): the edit form does not send it.
// confirmIncomplete: the owner confirmed making public a language whose texts are not all translated.
export const UpdateLanguageSchema = z.object({ id: languageId, name, isActive: checkbox, isDefault: checkbox, confirmIncomplete: checkbox });
export const DeleteLanguageSchema = z.object({ id: languageId });
export const MoveLanguageSchema = z.object({
  id: languageId,
  direction: z.enum(['up', 'down'], { error: 'Direction invalide' }),
});
