import { z } from '~/lib/zod';
import { mailableEmailAddress } from './common';

export const AddContactEmailSchema = z.object({
  email: z
    .string({ error: "L'email est requis" })
    .trim()
    .min(1, "L'email est requis")
    .max(254, "L'email est trop long")
    .pipe(mailableEmailAddress('Adresse email invalide')),
});
export const DeleteContactEmailSchema = z.object({ id: z.uuid({ error: 'Email inconnu' }) });
