import { z } from '~/lib/zod';
import { COUNTRY_CODES } from '../countries';
import { mailableEmailAddress } from './common';

import { DEFAULT_RATING } from '../public-forms';

// SPEC §5 guest book. The visitor chooses no publication flag: the server decides.

const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'validation.tooLong');

export const TestimonialSchema = z.object({
  name: required(100),
  email: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(254, 'validation.tooLong').pipe(mailableEmailAddress()),
  country: z.enum(COUNTRY_CODES, { error: 'validation.required' }),
  rating: z.number({ error: 'validation.rating' }).int('validation.rating').min(1, 'validation.rating').max(5, 'validation.rating').default(DEFAULT_RATING),
  message: required(3000),
  /** Honeypot: people never see it; bots fill it. */
  website: z.string().optional(),
});

export type TestimonialInput = z.infer<typeof TestimonialSchema>;
