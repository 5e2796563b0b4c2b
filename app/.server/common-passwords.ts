// The list of common passwords (ASVS 6.2.4): zxcvbn-ts's ~49,000 most used passwords
// (English, French, German… leaks), checked offline. Read by the settings (ADMIN_PASSWORD,
// environment.ts) and by the sign-up and invitation forms (auth/password-policy.ts).
// Server-only: the list (about 1 MB unpacked) never reaches a browser bundle.
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/** Case does not make a common password less common ("Password", "AZERTY"). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
