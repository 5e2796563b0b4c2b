import { describe, expect, it } from 'vitest';
import { SignUpSchema } from '~/lib/schemas/auth';
import { refusingCommonPasswords } from './password-policy';

describe('the sign-up schema on the server', () => {
  const schema = refusingCommonPasswords(SignUpSchema);

  it('refuses a common password on the password field, with the message key', () => {
    const result = schema.safeParse({ email: 'a@example.com', password: '12345678' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['password'], message: 'validation.passwordCommon' })]);
  });

  it('accepts an uncommon one', () => {
    expect(schema.safeParse({ email: 'a@example.com', password: 'Lavande & mimosa 1987' }).success).toBe(true);
  });
});
