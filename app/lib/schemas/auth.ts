import { z } from '~/lib/zod';
import { emailAddress } from './common';

// Messages are i18n keys: the form shows them with t() in the visitor's language.
const email = z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(254, 'validation.tooLong').pipe(emailAddress());

export const SignInSchema = z.object({
  email,
  password: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(128, 'validation.tooLong'),
});

/** ASVS 6.2: 8 to 128 characters, nothing else imposed. */
export const SignUpSchema = z.object({
  email,
  password: z.string({ error: 'validation.required' }).min(8, 'validation.passwordTooShort').max(128, 'validation.passwordTooLong'),
});

/** The invitation page: the link's token and the password the person chooses (same rules as sign-up). */
export const AcceptInvitationSchema = z.object({
  token: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(100, 'validation.tooLong'),
  password: SignUpSchema.shape.password,
});
