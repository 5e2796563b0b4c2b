// New passwords found in a list of common passwords are refused (ASVS 6.2.4): zxcvbn-ts's
// list of the ~49,000 most used passwords (English, French, German… leaks), checked
// offline. Server-only: the list (about 1 MB unpacked) never reaches a browser bundle,
// so the check runs in the actions, on top of the shared schemas.
import { dictionary } from '@zxcvbn-ts/language-common';
import type { z } from '~/lib/zod';

let common: Set<string> | undefined;

/** Case does not make a common password less common ("Password", "AZERTY"). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** A form schema with a `password` field, whose password must not be a common one. */
export function refusingCommonPasswords<S extends z.ZodType<{ password: string }>>(schema: S) {
  return schema.superRefine((value, context) => {
    if (isCommonPassword(value.password)) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'validation.passwordCommon' });
    }
  });
}
