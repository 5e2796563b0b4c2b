// New passwords found in the list of common passwords (../common-passwords.ts) are
// refused. The list stays on the server, so the check runs in the actions, on top of the
// shared schemas.
import type { z } from '~/lib/zod';
import { isCommonPassword } from '../common-passwords';

/** A form schema with a `password` field, whose password must not be a common one. */
export function refusingCommonPasswords<S extends z.ZodType<{ password: string }>>(schema: S) {
  return schema.superRefine((value, context) => {
    if (isCommonPassword(value.password)) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'validation.passwordCommon' });
    }
  });
}
