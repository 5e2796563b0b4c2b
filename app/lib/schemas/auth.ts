import { z } from 'zod';
import { emailAddress } from './common';

// Messages are i18n keys: the form shows them with t() in the visitor's language.
export const SignInSchema = z.object({
  email: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(254, 'validation.tooLong')
    .pipe(emailAddress()),
  password: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(128, 'validation.tooLong'),
});
