import { z } from '~/lib/zod';
import { mailableEmailAddress } from './common';

import { DEFAULT_CONTACT_GUESTS } from '../public-forms';

// SPEC §5 contact form. Messages are i18n keys shown with t().

const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(max, 'validation.tooLong');
const optional = (max: number) => z.string().trim().max(max, 'validation.tooLong').optional();

export const ContactSchema = z.object({
  name: required(200),
  email: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(254, 'validation.tooLong').pipe(mailableEmailAddress()),
  phone: optional(40),
  dates: optional(200),
  guests: z
    .number({ error: 'validation.guests' })
    .int('validation.guests')
    .min(1, 'validation.guests')
    .max(4, 'validation.guests')
    .default(DEFAULT_CONTACT_GUESTS),
  message: required(5000),
  /** Honeypot: people never see it; bots fill it. */
  website: z.string().optional(),
});

export type ContactInput = z.infer<typeof ContactSchema>;
