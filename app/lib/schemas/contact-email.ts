import { z } from '~/lib/zod';
import { ownerTypedEmail } from './common';

export const AddContactEmailSchema = z.object({
  email: ownerTypedEmail("L'email est requis"),
});
export const DeleteContactEmailSchema = z.object({ id: z.uuid({ error: 'Email inconnu' }) });
