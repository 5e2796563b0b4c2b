import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it.each(['12345678', 'password', 'Password', 'AZERTYUIOP', 'motdepasse', 'iloveyou', 'soleil'])('finds %s in the list', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['correct-horse-battery', 'tls-admin-password', 'Lavande & mimosa 1987'])('lets %s through', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
