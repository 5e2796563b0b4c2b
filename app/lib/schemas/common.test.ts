import { describe, expect, it } from 'vitest';
import { mailableEmailAddress } from './common';

describe('mailableEmailAddress', () => {
  it('wants a dot in the domain, and one message when refused', () => {
    const schema = mailableEmailAddress();
    expect(schema.safeParse('jane@example.org').success).toBe(true);
    expect(schema.safeParse('jane.doe@mail.example.co.uk').success).toBe(true);
    for (const bad of ['jane@example', 'jane@', 'jane@example.', 'not-an-email', 'a b@example.com']) {
      const result = schema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(
        result.error!.issues.map((i) => i.message),
        bad,
      ).toEqual(['validation.email']);
    }
  });
});
